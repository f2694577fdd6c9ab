import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PageMetaSchema, PageQuerySchema, UuidListQuerySchema, UuidSchema } from '../common/common.schemas';
import { calendarDateIn } from '../common/dates';
import { optionalDate } from '../common/fields';

const v = MESSAGES.validation;

/**
 * Downtime and maintenance figures of the machines («Paradas y mantenimiento»), with the reports
 * screen's period and area filters. The period is `start_date`..`end_date`, inclusive company
 * calendar dates; without dates it is the last 30 days up to today (one date alone: 30 days from or
 * up to it). Time is clipped to the period and to now: an open interval counts until now.
 *
 * - `horas_detenido`: time in «detenido» only. «en mantenimiento» is reported apart
 *   (`horas_mantenimiento`, planned work); «fuera de servicio» counts nowhere (the machine is
 *   retired, neither running nor failing).
 * - `fallas`: stops caused by a problem report (a «detenido» interval with its report) that began
 *   in the period.
 * - `mtbf_horas`: hours «operativo» / `fallas`; `mttr_horas`: `horas_detenido` / `fallas`; both
 *   null without failures.
 * - Preventive work: occurrences of scheduled tasks on the machine assigned in the period (not
 *   created by a problem report): completed by their due date (`preventivas_a_tiempo`), completed
 *   after it (`preventivas_tarde`), not completed and past due today (`preventivas_vencidas`).
 * - `correctivas`: occurrences on the machine created by accepting a problem report, assigned in
 *   the period.
 */
const downtimeFilterShape = {
  area_uuids: UuidListQuerySchema.optional(),
  start_date: optionalDate(),
  end_date: optionalDate(),
};

function checkRange(data: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (data.start_date && data.end_date && calendarDateIn(data.end_date) < calendarDateIn(data.start_date)) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: v.dateRangeInvalid });
  }
}

/** Days of the period when no date is given. */
export const DOWNTIME_DEFAULT_DAYS = 30;
/** Periods up to this many days are charted per day; longer ones per week (from Monday). */
export const DOWNTIME_DAILY_MAX_DAYS = 62;

export const DOWNTIME_SORTS = [
  'codigo',
  'nombre',
  'area',
  'horas_detenido',
  'fallas',
  'mtbf_horas',
  'mttr_horas',
  'preventivas_a_tiempo',
  'preventivas_vencidas',
  'correctivas',
  'preventivas',
] as const;
export type DowntimeSort = (typeof DOWNTIME_SORTS)[number];

export const DowntimeFiltersSchema = z.object(downtimeFilterShape).superRefine(checkRange);
export type DowntimeFilters = z.infer<typeof DowntimeFiltersSchema>;

/** The table is paged and sorted by the API (default: most hours stopped first; ties by code). */
export const DowntimeQuerySchema = PageQuerySchema.extend({
  ...downtimeFilterShape,
  sort: z.enum(DOWNTIME_SORTS, { error: v.downtimeSortInvalid }).default('horas_detenido'),
  order: z.enum(['asc', 'desc'], { error: v.downtimeOrderInvalid }).default('desc'),
}).superRefine(checkRange);
export type DowntimeQuery = z.infer<typeof DowntimeQuerySchema>;

const Hours = z.number().nonnegative();
const Count = z.number().int().nonnegative();

/** The figures of a machine, of an area, or of everything in the filters. */
const DowntimeFiguresShape = {
  horas_detenido: Hours,
  horas_mantenimiento: Hours,
  horas_operativo: Hours,
  fallas: Count,
  mtbf_horas: Hours.nullable(),
  mttr_horas: Hours.nullable(),
  preventivas: Count,
  preventivas_a_tiempo: Count,
  preventivas_tarde: Count,
  preventivas_vencidas: Count,
  correctivas: Count,
};
export const DowntimeFiguresSchema = z.object(DowntimeFiguresShape);
export type DowntimeFigures = z.infer<typeof DowntimeFiguresSchema>;

/** Hours stopped in one day or week of the period (`desde`: its first day). */
export const DowntimeBucketSchema = z.object({ desde: z.string(), horas_detenido: Hours });

export const DowntimeMachineSchema = z.object({
  equipo: z.object({
    uuid: UuidSchema,
    codigo: z.string(),
    nombre: z.string(),
    area: z.object({ uuid: UuidSchema, nombre: z.string() }),
  }),
  ...DowntimeFiguresShape,
  /** The chart: hours stopped per day or week of the period, every bucket present. */
  serie: z.array(DowntimeBucketSchema),
});
export type DowntimeMachine = z.infer<typeof DowntimeMachineSchema>;

export const DowntimeAreaSchema = z.object({
  area_uuid: UuidSchema,
  nombre: z.string(),
  equipos: Count,
  ...DowntimeFiguresShape,
});

/** `GET /api/reports/downtime`. */
export const DowntimeResponseSchema = z.object({
  /** The period as calendar dates, both inclusive. */
  desde: z.string(),
  hasta: z.string(),
  granularidad: z.enum(['dia', 'semana']),
  total: DowntimeFiguresSchema.extend({ equipos: Count }),
  por_area: z.array(DowntimeAreaSchema),
  data: z.array(DowntimeMachineSchema),
  meta: PageMetaSchema,
});
export type DowntimeResponse = z.infer<typeof DowntimeResponseSchema>;

/** Spanish headers of the downtime table, of its XLSX sheet, PDF section and CSV file, in order. */
export const DOWNTIME_COLUMNS = [
  'Código',
  'Equipo',
  'Área',
  'Horas detenido',
  'Horas en mantenimiento',
  'Fallas',
  'MTBF (h)',
  'MTTR (h)',
  'Preventivas',
  'Preventivas a tiempo',
  'Preventivas tarde',
  'Preventivas vencidas',
  'Correctivas',
] as const;

/** Hours as the report shows them: «12,5», or «—» when there is no figure (no failures). */
export function hoursText(h: number | null): string {
  return h === null ? '—' : String(Math.round(h * 10) / 10).replace('.', ',');
}

/** `Paradas-YYYY-MM-DD.csv`, the date being today in the company time zone. */
export function downtimeFileName(date: string): string {
  return `Paradas-${date}.csv`;
}
