import { z } from 'zod';
import { MESSAGES } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema } from '../common/refs.schemas';
import { booleanInput, numericInput, optionalDate, requiredInteger, requiredUuid } from '../common/fields';
import { MAX_INTERVAL_DAYS } from '../tasks/tasks.schemas';

const v = MESSAGES.validation;

const IntervalSchema = requiredInteger({
  required: v.intervalRequired,
  integer: v.intervalInteger,
  min: 1,
  minMessage: v.intervalMin,
  max: MAX_INTERVAL_DAYS,
  maxMessage: v.intervalMax,
});

/**
 * `POST /api/scheduled-task`. `proxima_ejecucion` defaults to today (company
 * time zone); `activo` defaults to true. One schedule per task (409 otherwise).
 */
export const CreateScheduledTaskRequestSchema = z.object({
  tarea_uuid: requiredUuid(v.tareaRequired),
  intervalo_repeticion: IntervalSchema,
  proxima_ejecucion: optionalDate(),
  activo: booleanInput(),
});
export type CreateScheduledTaskRequest = z.infer<typeof CreateScheduledTaskRequestSchema>;
export type CreateScheduledTaskRequestInput = z.input<typeof CreateScheduledTaskRequestSchema>;

/** `PUT /api/scheduled-task/:id`: every field optional (the toggle sends only `activo`). */
export const UpdateScheduledTaskRequestSchema = z.object({
  tarea_uuid: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    requiredUuid(v.tareaRequired).optional(),
  ),
  intervalo_repeticion: z.preprocess(
    (value) => (numericInput(value) === undefined ? undefined : value),
    IntervalSchema.optional(),
  ),
  proxima_ejecucion: optionalDate(),
  activo: booleanInput(),
});
export type UpdateScheduledTaskRequest = z.infer<typeof UpdateScheduledTaskRequestSchema>;
export type UpdateScheduledTaskRequestInput = z.input<typeof UpdateScheduledTaskRequestSchema>;

export const ScheduledTaskTaskSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  area: AreaRefSchema,
});

export const ScheduledTaskResponseSchema = z.object({
  uuid: UuidSchema,
  tarea_uuid: UuidSchema,
  tarea: ScheduledTaskTaskSchema,
  intervalo_repeticion: z.number().int().min(1),
  proxima_ejecucion: IsoDateTimeSchema,
  activo: z.boolean(),
  /** When the scheduler last produced occurrences (null: never). */
  ultima_ejecucion: IsoDateTimeSchema.nullable(),
  /** How many assigned tasks this schedule has produced. */
  total_generadas: z.number().int().nonnegative(),
});
export type ScheduledTaskResponse = z.infer<typeof ScheduledTaskResponseSchema>;

export const ScheduledTaskListQuerySchema = PageQuerySchema;
export type ScheduledTaskListQuery = z.infer<typeof ScheduledTaskListQuerySchema>;

export const ScheduledTaskListResponseSchema = pagedResponseSchema(ScheduledTaskResponseSchema);
export type ScheduledTaskListResponse = z.infer<typeof ScheduledTaskListResponseSchema>;
