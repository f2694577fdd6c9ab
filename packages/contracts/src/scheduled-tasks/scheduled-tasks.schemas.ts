import { z } from 'zod';
import { MESSAGES } from '../messages';
import { IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema, AssetRefSchema } from '../common/refs.schemas';
import { blankToUndefined, booleanInput, numericInput, optionalDate, requiredUuid } from '../common/fields';
import { NonWorkingPolicySchema } from '../calendar/calendar.schemas';
import {
  intervalField,
  LeadDaysSchema,
  missing,
  RepetitionsSchema,
  RuleInputSchema,
  seriesEndFields,
  seriesResponseFields,
} from './series-fields';

const v = MESSAGES.validation;

const IntervalSchema = intervalField(v.intervalMin);

export const MAX_PREVIEW_DATES = 50;

/**
 * `POST /api/scheduled-task`. `proxima_ejecucion` is the first day the series may start
 * (default today, company time zone); `activo` defaults to true. The repetition is `regla` (an
 * RRULE) or, as before, `intervalo_repeticion` days. `fin` (last date) and `repeticiones`
 * (occurrence dates to produce) end it. One schedule per task (409 otherwise).
 */
export const CreateScheduledTaskRequestSchema = z
  .object({
    // Blank is missing (not an aborting check), so the interval's own check below still runs.
    tarea_uuid: z.preprocess(blankToUndefined, requiredUuid(v.tareaRequired)),
    intervalo_repeticion: z.preprocess(
      (value) => (numericInput(value) === undefined ? undefined : value),
      IntervalSchema.optional(),
    ),
    ...seriesEndFields,
    regla: z.preprocess(blankToUndefined, RuleInputSchema.optional()),
    proxima_ejecucion: optionalDate(),
    activo: booleanInput(),
  })
  // Checked even when other fields fail, so an empty form hears about the interval too.
  // With other fields failing, the value here may still be the raw input ('' from a form).
  .refine((body) => !missing(body.intervalo_repeticion) || !missing(body.regla), {
    path: ['intervalo_repeticion'],
    message: v.intervalRequired,
    when: () => true,
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
  ...seriesEndFields,
  proxima_ejecucion: optionalDate(),
  activo: booleanInput(),
});
export type UpdateScheduledTaskRequest = z.infer<typeof UpdateScheduledTaskRequestSchema>;
export type UpdateScheduledTaskRequestInput = z.input<typeof UpdateScheduledTaskRequestSchema>;

export const ScheduledTaskTaskSchema = z.object({
  uuid: UuidSchema,
  titulo: z.string(),
  area: AreaRefSchema,
  /** The machine of the task (preventive maintenance is a schedule of a task on a machine). */
  equipo: AssetRefSchema.nullable(),
});

export const ScheduledTaskResponseSchema = z.object({
  uuid: UuidSchema,
  tarea_uuid: UuidSchema,
  tarea: ScheduledTaskTaskSchema,
  intervalo_repeticion: z.number().int().min(1),
  ...seriesResponseFields,
  /** Occurrence dates produced so far (what `repeticiones` counts). */
  fechas_generadas: z.number().int().nonnegative(),
  proxima_ejecucion: IsoDateTimeSchema,
  activo: z.boolean(),
  /** When the scheduler last produced occurrences (null: never). */
  ultima_ejecucion: IsoDateTimeSchema.nullable(),
  /** How many assigned tasks this schedule has produced. */
  total_generadas: z.number().int().nonnegative(),
});
export type ScheduledTaskResponse = z.infer<typeof ScheduledTaskResponseSchema>;

/** `GET /api/scheduled-task/preview`: the next `n` dates of a rule from `desde` (default today), nothing saved. */
export const SchedulePreviewQuerySchema = z.object({
  regla: z.preprocess((value) => blankToUndefined(value) ?? '', RuleInputSchema),
  desde: optionalDate(),
  fin: optionalDate(),
  repeticiones: z.preprocess(blankToUndefined, RepetitionsSchema.optional()),
  /** Default `siguiente_habil`, as a new schedule. */
  dias_no_laborables: z.preprocess(blankToUndefined, NonWorkingPolicySchema.default('siguiente_habil')),
  /** The lead in days (default 0): says when each occurrence appears on the board. */
  anticipacion_dias: z.preprocess(blankToUndefined, LeadDaysSchema.default(0)),
  n: z.preprocess(
    (value) => numericInput(blankToUndefined(value)) ?? 5,
    z
      .number({ error: v.previewCount })
      .int({ error: v.previewCount })
      .min(1, { error: v.previewCount })
      .max(MAX_PREVIEW_DATES, { error: v.previewCount }),
  ),
});
export type SchedulePreviewQuery = z.infer<typeof SchedulePreviewQuerySchema>;

const PreviewDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const SchedulePreviewResponseSchema = z.object({
  /** Calendar dates (`YYYY-MM-DD`) in the company time zone, in order: each one is generated once. */
  fechas: z.array(PreviewDate),
  /** The same dates, each with the day it appears on the board (its date less the lead, not before today). */
  ocurrencias: z.array(
    z.object({
      fecha: PreviewDate,
      aparece: PreviewDate,
      /** A date the calendar moved: the rule's own date, which was not a working day. */
      movida_desde: PreviewDate.optional(),
      /** Why that day was not worked: the holiday or day off by its name, or the weekday the company does not work. */
      motivo: z.string().optional(),
    }),
  ),
  /**
   * The years those dates reach whose holidays are not loaded in the company calendar (there only
   * the days marked by hand are avoided), in order; empty under `generar`.
   */
  anios_sin_feriados: z.array(z.number().int()),
});
export type SchedulePreviewResponse = z.infer<typeof SchedulePreviewResponseSchema>;

export const ScheduledTaskListQuerySchema = PageQuerySchema;
export type ScheduledTaskListQuery = z.infer<typeof ScheduledTaskListQuerySchema>;

export const ScheduledTaskListResponseSchema = pagedResponseSchema(ScheduledTaskResponseSchema);
export type ScheduledTaskListResponse = z.infer<typeof ScheduledTaskListResponseSchema>;
