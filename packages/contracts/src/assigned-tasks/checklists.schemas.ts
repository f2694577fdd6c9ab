import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, UuidSchema } from '../common/common.schemas';
import { PersonNameSchema } from '../common/refs.schemas';
import { booleanInput, optionalText, requiredText } from '../common/fields';
import { AttachmentResponseSchema } from '../attachments/attachments.schemas';
import { EstimatedMinutesSchema } from '../time-entries/estimated-minutes';

const v = MESSAGES.validation;

/** At most this many items in one task's checklist. */
export const CHECKLIST_MAX_ITEMS = 50;

/** One step of a task definition's checklist, as the task form sends it. */
export const ChecklistItemRequestSchema = z.object(
  {
    texto: requiredText(v.checklistTextRequired, TEXT_LIMITS.checklistItem),
    requiere_foto: booleanInput().default(false),
    requiere_nota: booleanInput().default(false),
    /** Estimated minutes of this step (issue 35). */
    minutos_estimados: EstimatedMinutesSchema,
  },
  { error: v.checklistInvalid },
);
export type ChecklistItemRequestInput = z.input<typeof ChecklistItemRequestSchema>;

/** `checklist` of `POST/PUT /api/tasks`: the ordered steps; omitted on edit means unchanged. */
export const ChecklistRequestSchema = z
  .array(ChecklistItemRequestSchema, { error: v.checklistInvalid })
  .max(CHECKLIST_MAX_ITEMS, { error: v.checklistTooMany });

/** A task definition's step, as `GET /api/tasks` answers it. */
export const TaskChecklistItemSchema = z.object({
  uuid: UuidSchema,
  texto: z.string(),
  requiere_foto: z.boolean(),
  requiere_nota: z.boolean(),
});
export type TaskChecklistItem = z.infer<typeof TaskChecklistItemSchema>;

/** A task definition's step with its estimate, as `GET /api/tasks` answers it. */
export const TaskChecklistStepSchema = TaskChecklistItemSchema.extend({ minutos_estimados: z.number().int().nullable() });
export type TaskChecklistStep = z.infer<typeof TaskChecklistStepSchema>;

/** One step of an occurrence, copied from its task when the occurrence was created. */
export const ChecklistItemResponseSchema = TaskChecklistItemSchema.extend({
  hecho: z.boolean(),
  nota: z.string().nullable(),
  /** Photos and files attached to this step, oldest first. */
  fotos: z.array(AttachmentResponseSchema),
  hecho_por: PersonNameSchema.nullable(),
  hecho_en: IsoDateTimeSchema.nullable(),
});
export type ChecklistItemResponse = z.infer<typeof ChecklistItemResponseSchema>;

/** What a card carries of its checklist: done and total (0 of 0 without a checklist). */
export const ChecklistProgressSchema = z.object({
  hechos: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ChecklistProgress = z.infer<typeof ChecklistProgressSchema>;

/** `PUT /api/assigned-tasks/:id/checklist/:itemId`: tick or untick one step, with its note. */
export const TickChecklistItemRequestSchema = z.object({
  hecho: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: v.checklistHechoRequired }),
  ),
  /** Omitted: the stored note stays; `null` or blank clears it. */
  nota: optionalText(TEXT_LIMITS.checklistNote),
});
export type TickChecklistItemRequest = z.infer<typeof TickChecklistItemRequestSchema>;

export const ChecklistItemParamsSchema = z.object({ id: UuidSchema, itemId: UuidSchema });
export type ChecklistItemParams = z.infer<typeof ChecklistItemParamsSchema>;
