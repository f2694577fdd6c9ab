import { z } from 'zod';
import { MESSAGES } from '../messages';
import { IsoDateTimeSchema, PageMetaSchema, PageQuerySchema, UuidSchema } from '../common/common.schemas';
import { UserRefSchema } from '../common/refs.schemas';
import { blankToUndefined, booleanInput, optionalUuid, queryUuid, requiredText, requiredUuid } from '../common/fields';
import { AssignedTaskResponseSchema } from '../assigned-tasks/assigned-tasks.schemas';

export { EstimatedMinutesSchema } from './estimated-minutes';

const m = MESSAGES.timeEntries;

/**
 * Time on task (issue 35). An interval is a stretch of time one person worked on one occurrence
 * (`tareas_asignadas` row). The running timer is the person's interval without `fin`; a person has
 * at most one.
 */

/**
 * The header each timer request carries with the device's own clock at the moment the request
 * is sent (ISO 8601). With the event's device time (`en`) it lets the server correct the device's
 * clock skew: event = en + (server receive time - header). It is a header, not part of the body,
 * so a change resent from the outbox keeps its Idempotency-Key's fingerprint while its send time
 * is new at each attempt.
 */
export const DEVICE_TIME_HEADER = 'X-Device-Time';

/** The longest a timer runs before the forgotten-timer job pauses it (TIMER_MAX_HOURS, default). */
export const TIMER_MAX_HOURS_DEFAULT = 12;
/** A corrected event may lie this far after the server's now (network delay), no further. */
export const TIME_ENTRY_FUTURE_TOLERANCE_MS = 60_000;
/** Timer events sent late (offline) are accepted from this far back. */
export const TIME_ENTRY_OFFLINE_DAYS = 7;
/** Intervals added or corrected by hand: from this far back. */
export const TIME_ENTRY_CORRECTION_DAYS = 62;
/** The longest one interval may be, added or corrected by hand. */
export const TIME_ENTRY_MAX_HOURS = 24;
export const TIME_ENTRY_REASON_MAX = 500;

/** How an interval came to be: the timer, by hand, or closed by the forgotten-timer job. */
export const TIME_ENTRY_SOURCES = ['cronometro', 'manual', 'pausa_automatica'] as const;
export type TimeEntrySource = (typeof TIME_ENTRY_SOURCES)[number];
export const TIME_ENTRY_SOURCE_LABELS: Record<TimeEntrySource, string> = {
  cronometro: 'Cronómetro',
  manual: 'Cargado a mano',
  pausa_automatica: 'Pausado automáticamente',
};

/** Why the job paused a timer: the end of the working day, or the longest a timer may run. */
export const AUTO_PAUSE_REASONS = ['fin_jornada', 'duracion_maxima'] as const;
export type AutoPauseReason = (typeof AUTO_PAUSE_REASONS)[number];
export const AUTO_PAUSE_REASON_LABELS: Record<AutoPauseReason, string> = {
  fin_jornada: MESSAGES.timeEntries.autoPausedEndOfDay,
  duracion_maxima: MESSAGES.timeEntries.autoPausedMaxLength,
};

/** An instant as the API takes it: ISO 8601 with its offset. */
const instant = (required: string) =>
  z.preprocess(blankToUndefined, z.string({ error: required }).pipe(z.iso.datetime({ offset: true, error: m.horaInvalid })));
const optionalInstant = () =>
  z.preprocess(blankToUndefined, z.string({ error: m.horaInvalid }).pipe(z.iso.datetime({ offset: true, error: m.horaInvalid })).optional());


/**
 * `POST /api/time-entries/start` and `/resume`: the caller's timer on one of its occurrences.
 * `en`: the device's time of the tap, when it was taken on the device (offline); then the request
 * carries DEVICE_TIME_HEADER. Without `en` the timer starts at the server's now. A timer of another
 * occurrence still running is paused at that same moment (the answer says which).
 */
export const StartTimeEntryRequestSchema = z.object({
  tarea_asignada_uuid: requiredUuid(m.tareaRequired),
  en: optionalInstant(),
});
export type StartTimeEntryRequest = z.infer<typeof StartTimeEntryRequestSchema>;

/**
 * `POST /api/time-entries/pause`: pauses the caller's running timer of that occurrence (409 when it
 * is not running there: the server's state wins). `en` as for start.
 */
export const PauseTimeEntryRequestSchema = z.object({
  tarea_asignada_uuid: requiredUuid(m.tareaRequired),
  en: optionalInstant(),
});
export type PauseTimeEntryRequest = z.infer<typeof PauseTimeEntryRequestSchema>;

/**
 * `POST /api/time-entries/finish`: pauses the occurrence's running timer if it runs, and with
 * `estado_uuid` (a status of category `terminada`) moves the occurrence there in the same
 * transaction, as a status change would (history, completion, checklist rule, events).
 */
export const FinishTimeEntryRequestSchema = z.object({
  tarea_asignada_uuid: requiredUuid(m.tareaRequired),
  en: optionalInstant(),
  estado_uuid: optionalUuid(),
});
export type FinishTimeEntryRequest = z.infer<typeof FinishTimeEntryRequestSchema>;

/**
 * `POST /api/time-entries`: an interval added by hand, on the company's clock (no skew), with the
 * reason. On one's own occurrence, or (manage:time-entries) on an occurrence of one's areas; the
 * interval is the occurrence's assignee's.
 */
export const CreateTimeEntryRequestSchema = z.object({
  tarea_asignada_uuid: requiredUuid(m.tareaRequired),
  inicio: instant(m.inicioRequired),
  fin: instant(m.finRequired),
  motivo: requiredText(m.motivoRequired, TIME_ENTRY_REASON_MAX),
});
export type CreateTimeEntryRequest = z.infer<typeof CreateTimeEntryRequestSchema>;

/**
 * `PUT /api/time-entries/:id`: corrects an interval (its start, its end, or both) with the reason;
 * the before and after go to the audit log. A correction confirms a paused-automatically interval.
 * A running interval takes only a new start.
 */
export const CorrectTimeEntryRequestSchema = z
  .object({
    inicio: optionalInstant(),
    fin: optionalInstant(),
    motivo: requiredText(m.motivoRequired, TIME_ENTRY_REASON_MAX),
  })
  .refine((r) => r.inicio !== undefined || r.fin !== undefined, { error: m.inicioRequired, path: ['inicio'] });
export type CorrectTimeEntryRequest = z.infer<typeof CorrectTimeEntryRequestSchema>;

/**
 * `GET /api/time-entries`: the caller's intervals by default, newest first. `tarea_asignada_uuid`:
 * that occurrence's (anyone who may see it as assignee, or manage:time-entries in its area).
 * `usuario_uuid` of another person: manage:time-entries with the person in one's areas.
 * `desde`/`hasta` bound `inicio`; `sin_confirmar=true` only intervals awaiting confirmation.
 */
export const TimeEntryListQuerySchema = PageQuerySchema.extend({
  usuario_uuid: queryUuid(),
  tarea_asignada_uuid: queryUuid(),
  desde: optionalInstant(),
  hasta: optionalInstant(),
  sin_confirmar: booleanInput(),
});
export type TimeEntryListQuery = z.infer<typeof TimeEntryListQuerySchema>;

export const TimeEntryResponseSchema = z.object({
  uuid: UuidSchema,
  tarea_asignada_uuid: UuidSchema,
  /** The task definition's title, for the header's running timer and the lists. */
  titulo: z.string(),
  usuario: UserRefSchema,
  inicio: IsoDateTimeSchema,
  /** `null`: running. */
  fin: IsoDateTimeSchema.nullable(),
  /** Whole seconds from inicio to fin (to the server's now while running). */
  segundos: z.number().int().nonnegative(),
  en_marcha: z.boolean(),
  origen: z.enum(TIME_ENTRY_SOURCES),
  pausa_automatica: z.enum(AUTO_PAUSE_REASONS).nullable(),
  /** False only for an interval paused automatically and not yet confirmed or corrected. */
  confirmado: z.boolean(),
  motivo: z.string().nullable(),
  /** The device's own clock at the start and end as sent, and the skew applied (ms); null online. */
  inicio_dispositivo: IsoDateTimeSchema.nullable(),
  inicio_desfase_ms: z.number().int().nullable(),
  fin_dispositivo: IsoDateTimeSchema.nullable(),
  fin_desfase_ms: z.number().int().nullable(),
  corregido_por: UserRefSchema.nullable(),
  corregido_en: IsoDateTimeSchema.nullable(),
  creado_en: IsoDateTimeSchema,
});
export type TimeEntryResponse = z.infer<typeof TimeEntryResponseSchema>;

/** Start and resume: the new running interval and, when one ran on another task, the one paused. */
export const StartTimeEntryResponseSchema = z.object({
  intervalo: TimeEntryResponseSchema,
  pausado: TimeEntryResponseSchema.nullable(),
});
export type StartTimeEntryResponse = z.infer<typeof StartTimeEntryResponseSchema>;

/** Finish: the interval it closed (null when none ran) and the occurrence's card when its status moved. */
export const FinishTimeEntryResponseSchema = z.object({
  intervalo: TimeEntryResponseSchema.nullable(),
  tarea: AssignedTaskResponseSchema.nullable(),
});
export type FinishTimeEntryResponse = z.infer<typeof FinishTimeEntryResponseSchema>;

/** The caller's running timer (the header shows it on every screen). */
export const CurrentTimeEntryResponseSchema = z.object({ intervalo: TimeEntryResponseSchema.nullable() });
export type CurrentTimeEntryResponse = z.infer<typeof CurrentTimeEntryResponseSchema>;

export const TimeEntryListResponseSchema = z.object({
  data: z.array(TimeEntryResponseSchema),
  meta: PageMetaSchema,
  /** Seconds of every interval matching the filters (all pages). */
  total_segundos: z.number().int().nonnegative(),
});
export type TimeEntryListResponse = z.infer<typeof TimeEntryListResponseSchema>;
