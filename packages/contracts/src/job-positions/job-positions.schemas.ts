import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { queryText, requiredText } from '../common/fields';

const v = MESSAGES.validation;

export const CreateJobPositionRequestSchema = z.object({
  nombre: requiredText(v.nombreRequired, TEXT_LIMITS.name),
  descripcion: requiredText(v.descripcionRequired, TEXT_LIMITS.shortDescription),
});
export type CreateJobPositionRequest = z.infer<typeof CreateJobPositionRequestSchema>;

export const UpdateJobPositionRequestSchema = CreateJobPositionRequestSchema;
export type UpdateJobPositionRequest = z.infer<typeof UpdateJobPositionRequestSchema>;

export const JobPositionResponseSchema = z.object({ uuid: UuidSchema, nombre: z.string(), descripcion: z.string() });
export type JobPositionResponse = z.infer<typeof JobPositionResponseSchema>;

export const JobPositionListQuerySchema = PageQuerySchema.extend({ nombre: queryText() });
export type JobPositionListQuery = z.infer<typeof JobPositionListQuerySchema>;

export const JobPositionListResponseSchema = pagedResponseSchema(JobPositionResponseSchema);
export type JobPositionListResponse = z.infer<typeof JobPositionListResponseSchema>;
