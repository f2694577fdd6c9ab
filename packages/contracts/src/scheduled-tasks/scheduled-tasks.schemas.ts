import { z } from 'zod';
import { MESSAGES } from '../messages';
import { DateInputSchema, IsoDateTimeSchema, PageQuerySchema, UuidSchema, pagedResponseSchema } from '../common/common.schemas';
import { AreaRefSchema } from '../common/refs.schemas';
import { blankToUndefined, booleanInput, numericInput, optionalDate, requiredInteger, requiredUuid } from '../common/fields';
import { MAX_INTERVAL_DAYS } from '../tasks/tasks.schemas';
import { formatRule, parseRule } from './recurrence';
import { NonWorkingPolicySchema } from '../calendar/calendar.schemas';

const v = MESSAGES.validation;

const IntervalSchema = requiredInteger({
  required: v.intervalRequired,
  integer: v.intervalInteger,
  min: 1,
  minMessage: v.intervalMin,
  max: MAX_INTERVAL_DAYS,
  maxMessage: v.intervalMax,
});

export const MAX_REPETITIONS = 1000;

const missing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
export const MAX_PREVIEW_DATES = 50;

/** An RRULE of the subset Gestar offers (scheduled-tasks/recurrence.ts), answered in canonical form. */
export const RuleInputSchema = z
  .string({ error: v.ruleInvalid })
  .max(200, { error: v.ruleInvalid })
  .transform((text, ctx) => {
    const rule = parseRule(text);
    if (!rule) {
      ctx.addIssue({ code: 'custom', message: v.ruleInvalid });
      return z.NEVER;
    }
    return formatRule(rule);
  });

export const MAX_LEAD_DAYS = 365;

const LeadDaysSchema = z.preprocess(
  numericInput,
  z
    .number({ error: v.anticipacionRange })
    .int({ error: v.anticipacionRange })
    .min(0, { error: v.anticipacionRange })
    .max(MAX_LEAD_DAYS, { error: v.anticipacionRange }),
);

const RepetitionsSchema = z.preprocess(
  numericInput,
  z
    .number({ error: v.repeticionesRange })
    .int({ error: v.repeticionesRange })
    .min(1, { error: v.repeticionesRange })
    .max(MAX_REPETITIONS, { error: v.repeticionesRange }),
);

/** Blank -> undefined (unchanged); null -> null (cleared). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.nullable().optional());

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
    regla: z.preprocess(blankToUndefined, RuleInputSchema.optional()),
    fin: clearable(DateInputSchema),
    repeticiones: clearable(RepetitionsSchema),
    /** On a non-working day: skip it, move to the next working day (default), or generate anyway. */
    dias_no_laborables: z.preprocess(blankToUndefined, NonWorkingPolicySchema.optional()),
    /** Create each occurrence this many days before its date (default 0). */
    anticipacion_dias: z.preprocess(blankToUndefined, LeadDaysSchema.optional()),
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
  /** A rule replaces the interval; null goes back to every `intervalo_repeticion` days. */
  regla: z.preprocess((value) => (value === '' ? undefined : value), RuleInputSchema.nullable().optional()),
  fin: clearable(DateInputSchema),
  repeticiones: clearable(RepetitionsSchema),
  dias_no_laborables: z.preprocess(blankToUndefined, NonWorkingPolicySchema.optional()),
  anticipacion_dias: z.preprocess(blankToUndefined, LeadDaysSchema.optional()),
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
  /** The rule it follows (a plain interval answers `FREQ=DAILY;INTERVAL=n`). */
  regla: z.string(),
  /** The rule in words: "Cada semana: lunes, miércoles y viernes". */
  regla_descripcion: z.string(),
  /** The last date it may produce (null: no end). */
  fin: IsoDateTimeSchema.nullable(),
  /** How many occurrence dates it produces in all (null: no end). */
  repeticiones: z.number().int().min(1).nullable(),
  /** Occurrence dates produced so far (what `repeticiones` counts). */
  fechas_generadas: z.number().int().nonnegative(),
  dias_no_laborables: NonWorkingPolicySchema,
  anticipacion_dias: z.number().int().min(0),
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

export const SchedulePreviewResponseSchema = z.object({
  /** Calendar dates (`YYYY-MM-DD`) in the company time zone, in order. */
  fechas: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
});
export type SchedulePreviewResponse = z.infer<typeof SchedulePreviewResponseSchema>;

export const ScheduledTaskListQuerySchema = PageQuerySchema;
export type ScheduledTaskListQuery = z.infer<typeof ScheduledTaskListQuerySchema>;

export const ScheduledTaskListResponseSchema = pagedResponseSchema(ScheduledTaskResponseSchema);
export type ScheduledTaskListResponse = z.infer<typeof ScheduledTaskListResponseSchema>;
