import { z } from 'zod';
import { LookupPageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';

export const RoleResponseSchema = z.object({ uuid: UuidSchema, nombre: z.string() });

/** Roles are few: the list defaults to 100 per page so one call brings them all. */
export const RoleListQuerySchema = LookupPageQuerySchema;
export type RoleListQuery = z.infer<typeof RoleListQuerySchema>;

export const RoleListResponseSchema = pagedResponseSchema(RoleResponseSchema);
export type RoleListResponse = z.infer<typeof RoleListResponseSchema>;
