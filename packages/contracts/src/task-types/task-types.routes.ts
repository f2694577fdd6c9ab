import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateTaskTypeRequestSchema,
  TaskTypeListQuerySchema,
  TaskTypeListResponseSchema,
  TaskTypeResponseSchema,
  UpdateTaskTypeRequestSchema,
} from './task-types.schemas';

export const TASK_TYPES_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/type-task',
    access: { anyOf: ['read:task-type'] },
    query: TaskTypeListQuerySchema,
    response: TaskTypeListResponseSchema,
    status: 200,
    summary: 'Tipos de tarea: lista paginada, filtro por nombre.',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/type-task/:id',
    access: { anyOf: ['read:task-type'] },
    params: UuidParamSchema,
    response: TaskTypeResponseSchema,
    status: 200,
    summary: 'Un tipo de tarea.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/type-task',
    access: { anyOf: ['create:task-type'] },
    body: CreateTaskTypeRequestSchema,
    response: TaskTypeResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.taskTypeNameTaken],
    summary: 'Crea un tipo de tarea.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/type-task/:id',
    access: { anyOf: ['update:task-type'] },
    params: UuidParamSchema,
    body: UpdateTaskTypeRequestSchema,
    response: TaskTypeResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.taskTypeNameTaken],
    summary: 'Edita un tipo de tarea.',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/type-task/:id',
    access: { anyOf: ['delete:task-type'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.taskTypeInUse],
    summary: 'Elimina un tipo de tarea; 409 si hay tareas de ese tipo.',
  }),
} as const;
