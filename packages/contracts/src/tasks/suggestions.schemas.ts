import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, UuidSchema } from '../common/common.schemas';
import { optionalUuid, requiredText } from '../common/fields';

const v = MESSAGES.validation;

/**
 * `PATCH /api/tasks/:id/suggestion`: without `suggestion_uuid` adds a suggestion,
 * with it edits that one (author only). The author is always the caller; a
 * `creado_por_uuid` sent by the client is accepted and ignored.
 */
export const UpsertSuggestionRequestSchema = z.object({
  descripcion: requiredText(v.sugerenciaRequired, TEXT_LIMITS.comment),
  suggestion_uuid: optionalUuid(),
  creado_por_uuid: optionalUuid(),
});
export type UpsertSuggestionRequest = z.infer<typeof UpsertSuggestionRequestSchema>;

export const SuggestionResponseSchema = z.object({
  uuid: UuidSchema,
  descripcion: z.string(),
  creado_por_uuid: UuidSchema,
  fecha_creacion: IsoDateTimeSchema,
});
export type SuggestionResponse = z.infer<typeof SuggestionResponseSchema>;

export const TaskSuggestionParamsSchema = z.object({ id: UuidSchema, suggestionId: UuidSchema });
export type TaskSuggestionParams = z.infer<typeof TaskSuggestionParamsSchema>;
