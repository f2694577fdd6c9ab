import { catalogRoutes } from '../common/catalog-routes';
import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { UuidParamSchema } from '../common/common.schemas';
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

const catalog = catalogRoutes({
  path: '/api/areas',
  read: readAreas,
  create: 'create:area',
  update: 'update:area',
  delete: 'delete:area',
  schemas: {
    listQuery: AreaListQuerySchema,
    list: AreaListResponseSchema,
    item: AreaResponseSchema,
    create: CreateAreaRequestSchema,
    update: UpdateAreaRequestSchema,
  },
  conflicts: {
    create: [MESSAGES.errors.areaNameTaken],
    update: [MESSAGES.errors.areaNameTaken],
    remove: [MESSAGES.errors.areaInUse],
  },
  summaries: {
    list: 'Áreas paginadas: read:all:areas ve todas; read:area solo las propias.',
    get: 'Un área (con read:area solo si es propia; si no 403).',
    create: 'Crea un área.',
    update: 'Edita un área.',
    remove: 'Elimina un área; 409 si tiene usuarios o tareas.',
  },
});

/**
 * `withUsers` (`/api/areas/usuarios`) has the same shape as `get` (`/api/areas/:id`):
 * it is declared first so a router matching in order tries the static path first,
 * and `:id` must be a uuid anyway.
 */
export const AREAS_ROUTES = {
  list: catalog.list,
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
  get: catalog.get,
  create: catalog.create,
  update: catalog.update,
  remove: catalog.remove,
} as const;
