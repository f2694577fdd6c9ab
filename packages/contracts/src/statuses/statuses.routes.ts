import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateStatusRequestSchema,
  StatusListQuerySchema,
  StatusListResponseSchema,
  StatusResponseSchema,
  UpdateStatusRequestSchema,
} from './statuses.schemas';

export const STATUSES_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/statuses',
    access: { anyOf: ['read:status'] },
    query: StatusListQuerySchema,
    response: StatusListResponseSchema,
    status: 200,
    summary: 'Estados ordenados por order (límite por defecto 100).',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/statuses',
    access: { anyOf: ['create:status'] },
    body: CreateStatusRequestSchema,
    response: StatusResponseSchema,
    status: 201,
    summary: 'Crea un estado; el color se guarda en mayúsculas.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/statuses/:id',
    access: { anyOf: ['update:status'] },
    params: UuidParamSchema,
    body: UpdateStatusRequestSchema,
    response: StatusResponseSchema,
    status: 200,
    summary: 'Edita un estado.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/statuses/:id',
    access: { anyOf: ['delete:status'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.statusInUse],
    summary: 'Elimina un estado; 409 si alguna tarea asignada lo usa.',
  }),
} as const;
