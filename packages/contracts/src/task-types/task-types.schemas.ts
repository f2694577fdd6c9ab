import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { queryText, requiredText } from '../common/fields';

const v = MESSAGES.validation;

export const CreateTaskTypeRequestSchema = z.object({
  nombre: requiredText(v.nombreRequired, TEXT_LIMITS.name),
  descripcion: requiredText(v.descripcionRequired, TEXT_LIMITS.shortDescription),
});
export type CreateTaskTypeRequest = z.infer<typeof CreateTaskTypeRequestSchema>;

export const UpdateTaskTypeRequestSchema = CreateTaskTypeRequestSchema;
export type UpdateTaskTypeRequest = z.infer<typeof UpdateTaskTypeRequestSchema>;

export const TaskTypeResponseSchema = z.object({ uuid: UuidSchema, nombre: z.string(), descripcion: z.string() });
export type TaskTypeResponse = z.infer<typeof TaskTypeResponseSchema>;

export const TaskTypeListQuerySchema = PageQuerySchema.extend({ nombre: queryText() });
export type TaskTypeListQuery = z.infer<typeof TaskTypeListQuerySchema>;

export const TaskTypeListResponseSchema = pagedResponseSchema(TaskTypeResponseSchema);
export type TaskTypeListResponse = z.infer<typeof TaskTypeListResponseSchema>;
