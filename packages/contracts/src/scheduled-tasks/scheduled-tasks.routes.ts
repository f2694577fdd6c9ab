import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import { OkResponseSchema, UuidParamSchema } from '../common/common.schemas';
import {
  CreateScheduledTaskRequestSchema,
  ScheduledTaskListQuerySchema,
  ScheduledTaskListResponseSchema,
  ScheduledTaskResponseSchema,
  SchedulePreviewQuerySchema,
  SchedulePreviewResponseSchema,
  UpdateScheduledTaskRequestSchema,
} from './scheduled-tasks.schemas';

export const SCHEDULED_TASKS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/scheduled-task',
    access: { anyOf: ['read:scheduled-task'] },
    query: ScheduledTaskListQuerySchema,
    response: ScheduledTaskListResponseSchema,
    status: 200,
    summary: 'Programaciones paginadas de tareas dentro del alcance (áreas).',
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/api/scheduled-task/preview',
    access: { anyOf: ['read:scheduled-task'] },
    query: SchedulePreviewQuerySchema,
    response: SchedulePreviewResponseSchema,
    status: 200,
    errors: { 422: [MESSAGES.errors.ruleNoDates] },
    summary:
      'Las próximas n fechas (hasta 50) de una regla desde una fecha, en la zona de la empresa, sin guardar nada.',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/scheduled-task',
    access: { anyOf: ['create:scheduled-task'] },
    body: CreateScheduledTaskRequestSchema,
    response: ScheduledTaskResponseSchema,
    status: 201,
    conflicts: [MESSAGES.errors.scheduleExists],
    errors: { 422: [MESSAGES.errors.ruleNoDates] },
    summary: 'Programa una tarea (409 si ya tiene programación).',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/scheduled-task/:id',
    access: { anyOf: ['update:scheduled-task'] },
    params: UuidParamSchema,
    body: UpdateScheduledTaskRequestSchema,
    response: ScheduledTaskResponseSchema,
    status: 200,
    conflicts: [MESSAGES.errors.scheduleExists],
    errors: { 422: [MESSAGES.errors.ruleNoDates] },
    summary: 'Edita la programación; campos omitidos sin cambios (el interruptor envía solo activo).',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/scheduled-task/:id',
    access: { anyOf: ['delete:scheduled-task'] },
    params: UuidParamSchema,
    response: OkResponseSchema,
    status: 200,
    summary: 'Elimina la programación; las tareas asignadas ya generadas se conservan.',
  }),
} as const;
