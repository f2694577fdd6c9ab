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
    conflicts: [MESSAGES.errors.statusNameTaken, MESSAGES.errors.statusOrderTaken],
    summary:
      'Crea un estado (categoría en_curso si se omite); el color se guarda en mayúsculas; 409 si el nombre o el orden ya existen.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/statuses/:id',
    access: { anyOf: ['update:status'] },
    params: UuidParamSchema,
    body: UpdateStatusRequestSchema,
    response: StatusResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.statusNameTaken, MESSAGES.errors.statusOrderTaken, MESSAGES.errors.lastFinishedStatus],
    summary:
      'Edita un estado (la categoría se conserva si se omite); 409 si el nombre o el orden ya existen o si dejaría de haber un estado terminado.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/statuses/:id',
    access: { anyOf: ['delete:status'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.statusInUse, MESSAGES.errors.lastFinishedStatus],
    summary: 'Elimina un estado; 409 si alguna tarea asignada lo usa o si es el último estado terminado.',
  }),
} as const;
