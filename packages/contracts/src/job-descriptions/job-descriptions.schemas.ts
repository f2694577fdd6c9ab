import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { queryText, requiredText } from '../common/fields';

const v = MESSAGES.validation;

export const CreateJobDescriptionRequestSchema = z.object({
  nombre: requiredText(v.nombreRequired, TEXT_LIMITS.name),
  descripcion: requiredText(v.descripcionRequired, TEXT_LIMITS.shortDescription),
});
export type CreateJobDescriptionRequest = z.infer<typeof CreateJobDescriptionRequestSchema>;

export const UpdateJobDescriptionRequestSchema = CreateJobDescriptionRequestSchema;
export type UpdateJobDescriptionRequest = z.infer<typeof UpdateJobDescriptionRequestSchema>;

export const JobDescriptionResponseSchema = z.object({ uuid: UuidSchema, nombre: z.string(), descripcion: z.string() });
export type JobDescriptionResponse = z.infer<typeof JobDescriptionResponseSchema>;

export const JobDescriptionListQuerySchema = PageQuerySchema.extend({ nombre: queryText() });
export type JobDescriptionListQuery = z.infer<typeof JobDescriptionListQuerySchema>;

export const JobDescriptionListResponseSchema = pagedResponseSchema(JobDescriptionResponseSchema);
export type JobDescriptionListResponse = z.infer<typeof JobDescriptionListResponseSchema>;
