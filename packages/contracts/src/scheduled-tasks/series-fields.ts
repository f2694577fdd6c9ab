import { z } from 'zod';
import { MESSAGES } from '../messages';
import { DateInputSchema, IsoDateTimeSchema } from '../common/common.schemas';
import { blankToUndefined, numericInput, requiredInteger } from '../common/fields';
import { formatRecurrence, parseRecurrence } from './recurrence';
import { NonWorkingPolicySchema } from '../calendar/calendar.schemas';

/**
 * The fields that say how a series repeats and ends, written once for the schedules screen
 * (`/api/scheduled-task`) and a task's `programacion_tarea` (issue 19).
 */
const v = MESSAGES.validation;

export const MAX_INTERVAL_DAYS = 3650;
export const MAX_REPETITIONS = 1000;
export const MAX_LEAD_DAYS = 365;

/** Every n days, 1 to MAX_INTERVAL_DAYS; `minMessage` differs between the two forms (SPEC wording). */
export const intervalField = (minMessage: string) =>
  requiredInteger({
    required: v.intervalRequired,
    integer: v.intervalInteger,
    min: 1,
    minMessage,
    max: MAX_INTERVAL_DAYS,
    maxMessage: v.intervalMax,
  });

/**
 * An RRULE of RFC 5545 as calendar applications write it (scheduled-tasks/recurrence.ts), answered
 * in canonical form; what Gestar does not take (HOURLY, BYHOUR...) is refused with its reason.
 */
export const RuleInputSchema = z
  .string({ error: v.ruleInvalid })
  .max(200, { error: v.ruleInvalid })
  .transform((text, ctx) => {
    const parsed = parseRecurrence(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return formatRecurrence(parsed.rule);
  });

export const LeadDaysSchema = z.preprocess(
  numericInput,
  z
    .number({ error: v.anticipacionRange })
    .int({ error: v.anticipacionRange })
    .min(0, { error: v.anticipacionRange })
    .max(MAX_LEAD_DAYS, { error: v.anticipacionRange }),
);

export const RepetitionsSchema = z.preprocess(
  numericInput,
  z
    .number({ error: v.repeticionesRange })
    .int({ error: v.repeticionesRange })
    .min(1, { error: v.repeticionesRange })
    .max(MAX_REPETITIONS, { error: v.repeticionesRange }),
);

/** Blank -> undefined (unchanged); null -> null (cleared). */
export const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.nullable().optional());

/** A value the person left empty (a form may send '' or null). */
export const missing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** How a series ends and meets the calendar; omitted: unchanged on edit, the default on creation. */
export const seriesEndFields = {
  /** A rule replaces the interval; null goes back to every `intervalo_repeticion` days. */
  regla: z.preprocess((value) => (value === '' ? undefined : value), RuleInputSchema.nullable().optional()),
  fin: clearable(DateInputSchema),
  repeticiones: clearable(RepetitionsSchema),
  /** On a non-working day: skip it, move to the next working day (default), or generate anyway. */
  dias_no_laborables: z.preprocess(blankToUndefined, NonWorkingPolicySchema.optional()),
  /** Create each occurrence this many days before its date (default 0). */
  anticipacion_dias: z.preprocess(blankToUndefined, LeadDaysSchema.optional()),
};

/** How a series repeats and ends, as a response carries it. */
export const seriesResponseFields = {
  /** The rule it follows (a plain interval answers `FREQ=DAILY;INTERVAL=n`). */
  regla: z.string(),
  /** The rule in words: "Cada semana: lunes, miércoles y viernes". */
  regla_descripcion: z.string(),
  /** The last date it may produce (null: no end). */
  fin: IsoDateTimeSchema.nullable(),
  /** How many occurrence dates it produces in all (null: no end). */
  repeticiones: z.number().int().min(1).nullable(),
  dias_no_laborables: NonWorkingPolicySchema,
  anticipacion_dias: z.number().int().min(0),
};
