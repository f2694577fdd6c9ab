import { z } from 'zod';
import { MESSAGES } from '../messages';
import { TEXT_LIMITS } from '../constants';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema, AssetRefSchema, TaskScheduleRefSchema, TaskTypeRefSchema, UserRefSchema } from '../common/refs.schemas';
import {
  booleanInput,
  clearableUuid,
  numericInput,
  optionalUuid,
  queryText,
  queryUuid,
  requiredDate,
  requiredText,
  requiredUuid,
  requiredUuidList,
} from '../common/fields';
import { addDaysToCalendarDate, calendarDateIn } from '../common/dates';
import { DescriptionSchema, RequiredDescriptionSchema } from './rich-text.schemas';
import { SuggestionResponseSchema } from './suggestions.schemas';
import { ChecklistRequestSchema, TaskChecklistStepSchema } from '../assigned-tasks/checklists.schemas';
import { EstimatedMinutesSchema } from '../time-entries/estimated-minutes';
import { intervalField, missing, seriesEndFields, seriesResponseFields } from '../scheduled-tasks/series-fields';

const v = MESSAGES.validation;

/**
 * Schedule part of the task form (`programacion_tarea`): the execution date and either every
 * `intervalo_repeticion` days or a rule (`regla`), with how the series ends and meets the company
 * calendar, as on the schedules screen. With a rule, `proxima_ejecucion` is the first day the
 * series may start.
 */
export const TaskScheduleRequestSchema = z
  .object({
    proxima_ejecucion: requiredDate(v.fechaRequired),
    intervalo_repeticion: z.preprocess(
      (value) => (numericInput(value) === undefined ? undefined : value),
      intervalField(v.scheduleIntervalMin).optional(),
    ),
    ...seriesEndFields,
  })
  .refine((s) => !missing(s.intervalo_repeticion) || !missing(s.regla), {
    path: ['intervalo_repeticion'],
    message: v.intervalRequired,
    when: () => true,
  });
export type TaskScheduleRequest = z.infer<typeof TaskScheduleRequestSchema>;

type DueDateCheck = {
  fecha_vencimiento?: string;
  programacion_tarea?: { proxima_ejecucion: string; intervalo_repeticion?: number; regla?: string | null } | null;
};

/**
 * With a schedule the due date must fall between the execution date and the
 * execution date plus the interval (SPEC.md section 5), compared as calendar
 * dates in the company time zone. With a rule the bound is the series' second
 * date, after the company calendar: the service checks it, as "not before
 * today", which needs a clock (see `todayIn`).
 */
function checkDueDateAgainstSchedule(data: DueDateCheck, ctx: z.RefinementCtx): void {
  const schedule = data.programacion_tarea;
  if (!schedule || !data.fecha_vencimiento) return;
  const due = calendarDateIn(data.fecha_vencimiento);
  const execution = calendarDateIn(schedule.proxima_ejecucion);
  if (due < execution) {
    ctx.addIssue({ code: 'custom', path: ['fecha_vencimiento'], message: v.dueDateBeforeExecution });
  } else if (
    !schedule.regla &&
    schedule.intervalo_repeticion !== undefined &&
    due > addDaysToCalendarDate(execution, schedule.intervalo_repeticion)
  ) {
    ctx.addIssue({ code: 'custom', path: ['fecha_vencimiento'], message: v.dueDateAfterInterval });
  }
}

const taskFields = {
  titulo: requiredText(v.tituloRequired, TEXT_LIMITS.title),
  tipo_tarea_uuid: requiredUuid(v.tipoTareaRequired),
  area_uuid: requiredUuid(v.areaRequired),
  usuarios_asignados: requiredUuidList(v.usuariosAsignadosRequired),
  /** The machine the task is done on (of the task's area); `null` clears it, omitted on edit keeps it. */
  equipo_uuid: clearableUuid(),
  /** The creating user; accepted for compatibility, the server uses the caller. */
  user_uuid: optionalUuid(),
  /** Estimated minutes of one occurrence (issue 35); `null` clears it, omitted on edit keeps it. */
  minutos_estimados: EstimatedMinutesSchema,
};

/**
 * `POST /api/tasks`. Without `programacion_tarea` one assigned task per user is
 * created at once, due `fecha_vencimiento`; with it, occurrences come from the schedule.
 */
export const CreateTaskRequestSchema = z
  .object({
    ...taskFields,
    descripcion: RequiredDescriptionSchema,
    fecha_vencimiento: requiredDate(v.fechaVencimientoRequired),
    programacion_tarea: TaskScheduleRequestSchema.nullable().optional(),
    /** The steps every occurrence copies when it is created. */
    checklist: ChecklistRequestSchema.optional(),
  })
  .superRefine(checkDueDateAgainstSchedule);
export type CreateTaskRequest = z.infer<typeof CreateTaskRequestSchema>;
export type CreateTaskRequestInput = z.input<typeof CreateTaskRequestSchema>;

/**
 * `PUT /api/tasks/:id`. `descripcion` is optional on edit. `usuarios_asignados`
 * replaces the default assignees (future occurrences; existing assigned tasks
 * stay). `programacion_tarea`: an object creates or replaces the schedule,
 * `null` removes it, omitted leaves it unchanged. `activo` omitted: unchanged.
 */
export const UpdateTaskRequestSchema = z.object({
  ...taskFields,
  descripcion: DescriptionSchema.optional(),
  activo: booleanInput(),
  programacion_tarea: TaskScheduleRequestSchema.nullable().optional(),
  /** Replaces the steps future occurrences copy (occurrences already created keep theirs); omitted: unchanged. */
  checklist: ChecklistRequestSchema.optional(),
});
export type UpdateTaskRequest = z.infer<typeof UpdateTaskRequestSchema>;
export type UpdateTaskRequestInput = z.input<typeof UpdateTaskRequestSchema>;

export const TaskResponseSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  descripcion: z.string(),
  tipo_tarea_uuid: UuidSchema,
  tipo_tarea: TaskTypeRefSchema,
  area_uuid: UuidSchema,
  area: AreaRefSchema,
  /** The machine the task is done on. */
  equipo: AssetRefSchema.nullable(),
  activo: z.boolean(),
  creado_por: UserRefSchema,
  fecha_creacion: IsoDateTimeSchema,
  usuarios_tareas: z.array(UserRefSchema),
  /** The schedule with how its series repeats and ends (the task form edits it). */
  programaciones_tareas: TaskScheduleRefSchema.extend(seriesResponseFields).nullable(),
  sugerencias: z.array(SuggestionResponseSchema),
  checklist: z.array(TaskChecklistStepSchema),
  /** Estimated minutes of one occurrence; null when none was given. */
  minutos_estimados: z.number().int().nullable(),
});
export type TaskResponse = z.infer<typeof TaskResponseSchema>;

/**
 * `GET /api/tasks`: `titulo` contains (case- and accent-insensitive), `area_uuid`
 * the task's area, `user_uuid` tasks whose default assignees include that user.
 */
export const TaskListQuerySchema = PageQuerySchema.extend({
  titulo: queryText(),
  area_uuid: queryUuid(),
  user_uuid: queryUuid(),
  activo: booleanInput(),
});
export type TaskListQuery = z.infer<typeof TaskListQuerySchema>;

export const TaskListResponseSchema = pagedResponseSchema(TaskResponseSchema);
export type TaskListResponse = z.infer<typeof TaskListResponseSchema>;
