import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  AreaListQuerySchema,
  AreaListResponseSchema,
  AreaResponseSchema,
  AreasOfUserResponseSchema,
  AreasWithUsersResponseSchema,
  CreateAreaRequestSchema,
  UpdateAreaRequestSchema,
} from './areas.schemas';

const readAreas = { anyOf: ['read:area', 'read:all:areas'] } as const;

/**
 * `withUsers` (`/api/areas/usuarios`) has the same shape as `get` (`/api/areas/:id`):
 * it is declared first so a router matching in order tries the static path first,
 * and `:id` must be a uuid anyway.
 */
export const AREAS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/areas',
    access: readAreas,
    query: AreaListQuerySchema,
    response: AreaListResponseSchema,
    status: 200,
    summary: 'Áreas paginadas: read:all:areas ve todas; read:area solo las propias.',
  }),
  withUsers: defineRoute({
    method: 'GET',
    path: '/api/areas/usuarios',
    access: readAreas,
    response: AreasWithUsersResponseSchema,
    status: 200,
    summary: 'Áreas (todas con read:all:areas, si no las propias) con sus usuarios activos.',
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/api/areas/user/:id',
    access: 'authenticated',
    params: UuidParamSchema,
    response: AreasOfUserResponseSchema,
    status: 200,
    summary: 'Áreas del usuario :id. Regla en el servicio: el propio usuario, o read:user / read:user:all.',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/areas/:id',
    access: readAreas,
    params: UuidParamSchema,
    response: AreaResponseSchema,
    status: 200,
    summary: 'Un área (con read:area solo si es propia; si no 403).',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/areas',
    access: { anyOf: ['create:area'] },
    body: CreateAreaRequestSchema,
    response: AreaResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.areaNameTaken],
    summary: 'Crea un área.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/areas/:id',
    access: { anyOf: ['update:area'] },
    params: UuidParamSchema,
    body: UpdateAreaRequestSchema,
    response: AreaResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.areaNameTaken],
    summary: 'Edita un área.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/areas/:id',
    access: { anyOf: ['delete:area'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.areaInUse],
    summary: 'Elimina un área; 409 si tiene usuarios o tareas.',
  }),
} as const;
