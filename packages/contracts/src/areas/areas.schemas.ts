import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { queryText, requiredText } from '../common/fields';

const v = MESSAGES.validation;

export const CreateAreaRequestSchema = z.object({
  nombre: requiredText(v.nombreRequired, TEXT_LIMITS.name),
});
export type CreateAreaRequest = z.infer<typeof CreateAreaRequestSchema>;

export const UpdateAreaRequestSchema = CreateAreaRequestSchema;
export type UpdateAreaRequest = z.infer<typeof UpdateAreaRequestSchema>;

export const AreaResponseSchema = z.object({ uuid: UuidSchema, nombre: z.string() });
export type AreaResponse = z.infer<typeof AreaResponseSchema>;

export const AreaListQuerySchema = PageQuerySchema.extend({ nombre: queryText() });
export type AreaListQuery = z.infer<typeof AreaListQuerySchema>;

export const AreaListResponseSchema = pagedResponseSchema(AreaResponseSchema);
export type AreaListResponse = z.infer<typeof AreaListResponseSchema>;

export const AreaUserSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  username: z.string(),
});

/** `GET /api/areas/usuarios`: areas in the caller's scope, each with its active users. */
export const AreaWithUsersSchema = AreaResponseSchema.extend({ usuarios: z.array(AreaUserSchema) });
export const AreasWithUsersResponseSchema = z.array(AreaWithUsersSchema);
export type AreasWithUsersResponse = z.infer<typeof AreasWithUsersResponseSchema>;

/** `GET /api/areas/user/:id`: the areas a user belongs to. */
export const AreasOfUserResponseSchema = z.array(AreaResponseSchema);
export type AreasOfUserResponse = z.infer<typeof AreasOfUserResponseSchema>;
