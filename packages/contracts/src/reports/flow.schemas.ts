import { z } from 'zod';
import { UuidListQuerySchema, UuidSchema } from '../common/common.schemas';
import { calendarDateIn } from '../common/dates';
import { optionalDate } from '../common/fields';
import { MESSAGES } from '../messages';

const v = MESSAGES.validation;

/**
 * Lead and cycle time («Tiempos de espera y de ciclo»), read from the status history alone (no
 * timers): every occurrence completed in the period (`fecha_completada` inside it) is split at
 * the moment it first changed status (its first `estado` entry in the history):
 *
 * - `espera`: from its assignment to that first change (waiting);
 * - `en_curso`: from that first change to its completion (cycle time; 0 when the first change
 *   finished it);
 * - `total`: from its assignment to its completion (lead time).
 *
 * Hours of the calendar, not of the working day. An occurrence without any status change in its
 * history (finished by a change of its status' category) waited the whole time. Clamped: the first
 * change is never before the assignment nor after the completion.
 *
 * The period is `start_date`..`end_date`, inclusive company calendar dates; without dates the last
 * 30 days up to today (like the downtime figures). `area_uuids` filter by the task's area,
 * `employee_uuids` by the occurrence's assignee.
 */
export const timeReportFilterShape = {
  area_uuids: UuidListQuerySchema.optional(),
  employee_uuids: UuidListQuerySchema.optional(),
  start_date: optionalDate(),
  end_date: optionalDate(),
};

export function checkTimeReportRange(data: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (data.start_date && data.end_date && calendarDateIn(data.end_date) < calendarDateIn(data.start_date)) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: v.dateRangeInvalid });
  }
}

export const TimeReportFiltersSchema = z.object(timeReportFilterShape).superRefine(checkTimeReportRange);
export type TimeReportFilters = z.infer<typeof TimeReportFiltersSchema>;

const Hours = z.number().nonnegative();
const Count = z.number().int().nonnegative();

/** A distribution in hours: quartiles, the 90th percentile and the mean. */
export const FlowDistributionSchema = z.object({
  promedio: Hours,
  p25: Hours,
  mediana: Hours,
  p75: Hours,
  p90: Hours,
  maximo: Hours,
});
export type FlowDistribution = z.infer<typeof FlowDistributionSchema>;

const FlowFiguresShape = {
  ocurrencias: Count,
  espera: FlowDistributionSchema,
  en_curso: FlowDistributionSchema,
  total: FlowDistributionSchema,
};

export const FlowGroupSchema = z.object({ uuid: UuidSchema, nombre: z.string(), ...FlowFiguresShape });
export type FlowGroup = z.infer<typeof FlowGroupSchema>;

/**
 * The chart: how many occurrences took each span of hours, from assignment to completion
 * (`total`) and from the first change to completion (`en_curso`). `hasta_horas` null = no upper bound.
 */
export const FlowBucketSchema = z.object({
  desde_horas: Hours,
  hasta_horas: Hours.nullable(),
  etiqueta: z.string(),
  total: Count,
  en_curso: Count,
});
export type FlowBucket = z.infer<typeof FlowBucketSchema>;

/** The spans of the chart, in hours: [0, 1), [1, 4), [4, 8), [8, 24), [24, 72), [72, 168), [168, ∞). */
export const FLOW_BUCKET_HOURS = [0, 1, 4, 8, 24, 72, 168] as const;

export function flowBucketLabel(from: number, to: number | null): string {
  const days = (h: number) => h >= 24 && h % 24 === 0;
  const text = (h: number) => (days(h) ? `${h / 24} d` : `${h} h`);
  if (to === null) return `${text(from)} o más`;
  if (from === 0) return `menos de ${text(to)}`;
  // «1–4 h», «1–3 d»; «8 h–1 d» when the unit changes.
  return days(from) === days(to) ? `${days(from) ? from / 24 : from}–${text(to)}` : `${text(from)}–${text(to)}`;
}

/** `GET /api/reports/flow`. Groups by task type and by area, most occurrences first. */
export const FlowResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  general: z.object(FlowFiguresShape),
  por_tipo: z.array(FlowGroupSchema),
  por_area: z.array(FlowGroupSchema),
  histograma: z.array(FlowBucketSchema),
});
export type FlowResponse = z.infer<typeof FlowResponseSchema>;

/** Spanish headers of the flow tables (XLSX sheet, PDF section), in order. */
export const FLOW_COLUMNS = [
  'Agrupación',
  'Nombre',
  'Terminadas',
  'En espera, mediana (h)',
  'En espera, p90 (h)',
  'En curso, mediana (h)',
  'En curso, p90 (h)',
  'Total, mediana (h)',
  'Total, p90 (h)',
  'Total, promedio (h)',
] as const;
