import { catalogRoutes } from '../common/catalog-routes';
import { MESSAGES } from '../messages';
import {
  CreateTaskTypeRequestSchema,
  TaskTypeListQuerySchema,
  TaskTypeListResponseSchema,
  TaskTypeResponseSchema,
  UpdateTaskTypeRequestSchema,
} from './task-types.schemas';

export const TASK_TYPES_ROUTES = catalogRoutes({
  path: '/api/type-task',
  read: { anyOf: ['read:task-type'] },
  create: 'create:task-type',
  update: 'update:task-type',
  delete: 'delete:task-type',
  schemas: {
    listQuery: TaskTypeListQuerySchema,
    list: TaskTypeListResponseSchema,
    item: TaskTypeResponseSchema,
    create: CreateTaskTypeRequestSchema,
    update: UpdateTaskTypeRequestSchema,
  },
  conflicts: {
    create: [MESSAGES.errors.taskTypeNameTaken],
    update: [MESSAGES.errors.taskTypeNameTaken],
    remove: [MESSAGES.errors.taskTypeInUse],
  },
  summaries: {
    list: 'Tipos de tarea: lista paginada, filtro por nombre.',
    get: 'Un tipo de tarea.',
    create: 'Crea un tipo de tarea.',
    update: 'Edita un tipo de tarea.',
    remove: 'Elimina un tipo de tarea; 409 si hay tareas de ese tipo.',
  },
});
