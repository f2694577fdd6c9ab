import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateTaskRequestSchema,
  TaskListQuerySchema,
  TaskListResponseSchema,
  TaskResponseSchema,
  UpdateTaskRequestSchema,
} from './tasks.schemas';
import {
  SuggestionResponseSchema,
  TaskSuggestionParamsSchema,
  UpsertSuggestionRequestSchema,
} from './suggestions.schemas';

export const TASKS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tasks',
    access: { anyOf: ['read:task'] },
    query: TaskListQuerySchema,
    response: TaskListResponseSchema,
    status: 200,
    summary: 'Tareas paginadas dentro del alcance (todas con read:all:areas, si no las de sus áreas).',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/tasks/:id',
    access: { anyOf: ['read:task'] },
    params: UuidParamSchema,
    response: TaskResponseSchema,
    status: 200,
    summary: 'Una tarea, si su área está en el alcance (si no 403).',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/tasks',
    access: { anyOf: ['create:task'] },
    body: CreateTaskRequestSchema,
    response: TaskResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.noStatuses],
    errors: { 422: [MESSAGES.errors.ruleNoDates] },
    summary: 'Crea la tarea y, sin programación, una tarea asignada por usuario en el primer estado (una transacción).',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/tasks/:id',
    access: { anyOf: ['update:task'] },
    params: UuidParamSchema,
    body: UpdateTaskRequestSchema,
    response: TaskResponseSchema,
    status: 200,
    errors: { 422: [MESSAGES.errors.ruleNoDates] },
    summary: 'Edita la tarea (usuarios por defecto, programación: objeto crea/reemplaza, null la quita).',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id',
    access: { anyOf: ['delete:task'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    summary:
      'Elimina la tarea sin perder lo que otros hicieron (DECISIONS §4: tareas asignadas, comentarios e historial se conservan).',
  }),
  upsertSuggestion: defineRoute({
    method: 'PATCH',
    path: '/api/tasks/:id/suggestion',
    access: 'authenticated',
    params: UuidParamSchema,
    body: UpsertSuggestionRequestSchema,
    response: SuggestionResponseSchema,
    status: 200,
    summary:
      'Agrega (sin suggestion_uuid) o edita una sugerencia. Regla en el servicio: quien puede ver la tarea (read:task en alcance o asignado); el autor es quien llama; editar exige ser el autor.',
  }),
  removeSuggestion: defineRoute({
    method: 'DELETE',
    path: '/api/tasks/:id/suggestion/:suggestionId',
    access: 'authenticated',
    params: TaskSuggestionParamsSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Elimina una sugerencia. Regla en el servicio: su autor o update:task.',
  }),
} as const;
