import { defineRoute } from '../common/route';
import { RoleListQuerySchema, RoleListResponseSchema } from './roles.schemas';

export const ROLES_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/roles',
    access: { anyOf: ['read:role'] },
    query: RoleListQuerySchema,
    response: RoleListResponseSchema,
    status: 200,
    summary: 'Roles, ordenados por nombre (límite por defecto 100).',
  }),
} as const;
