import { catalogRoutes } from '../common/catalog-routes';
import { MESSAGES } from '../messages';
import {
  CreateStatusRequestSchema,
  StatusListQuerySchema,
  StatusListResponseSchema,
  StatusResponseSchema,
  UpdateStatusRequestSchema,
} from './statuses.schemas';

const { nameTaken, orderTaken, lastFinished, inUse } = {
  nameTaken: MESSAGES.errors.statusNameTaken,
  orderTaken: MESSAGES.errors.statusOrderTaken,
  lastFinished: MESSAGES.errors.lastFinishedStatus,
  inUse: MESSAGES.errors.statusInUse,
};

const catalog = catalogRoutes({
  path: '/api/statuses',
  read: { anyOf: ['read:status'] },
  create: 'create:status',
  update: 'update:status',
  delete: 'delete:status',
  schemas: {
    listQuery: StatusListQuerySchema,
    list: StatusListResponseSchema,
    item: StatusResponseSchema,
    create: CreateStatusRequestSchema,
    update: UpdateStatusRequestSchema,
  },
  conflicts: {
    create: [nameTaken, orderTaken],
    update: [nameTaken, orderTaken, lastFinished],
    remove: [inUse, lastFinished],
  },
  summaries: {
    list: 'Estados ordenados por order (límite por defecto 100).',
    get: 'Un estado.',
    create:
      'Crea un estado (categoría en_curso si se omite); el color se guarda en mayúsculas; 409 si el nombre o el orden ya existen.',
    update:
      'Edita un estado (la categoría se conserva si se omite); 409 si el nombre o el orden ya existen o si dejaría de haber un estado terminado.',
    remove: 'Elimina un estado; 409 si alguna tarea asignada lo usa o si es el último estado terminado.',
  },
});

/** Statuses are read as a whole list only (the board needs them all): no single-record read. */
export const STATUSES_ROUTES = {
  list: catalog.list,
  create: catalog.create,
  update: catalog.update,
  remove: catalog.remove,
} as const;
