import { z } from 'zod';
import { IsoDateTimeSchema, UuidSchema } from '../common/common.schemas';

/**
 * Hours worked («Horas trabajadas»), from the time intervals (`/api/time-entries`), with the
 * filters of the lead and cycle time report (`TimeReportFiltersSchema`: period, areas, people).
 *
 * - Hours of an interval count inside the period only (clipped to it, and to now while running);
 *   the chart's day or week is the one the interval starts in (clipped to the period).
 * - `area_uuids` and the scope go by the task's area; `employee_uuids` by the person who worked.
 * - Estimated against actual: the occurrences completed in the period whose task has an estimate
 *   (`minutos_estimados`), the estimate against every hour recorded on them (whenever worked).
 * - Finished without time: occurrences completed in the period with no interval at all.
 */
const Hours = z.number().nonnegative();
const Count = z.number().int().nonnegative();

/** Each grouping lists at most this many, most hours first; the CSV and the XLSX have them all. */
export const HOURS_LIST_MAX = 15;

export const HoursGroupSchema = z.object({
  /** Null: the hours of tasks with no machine («Sin equipo»). */
  uuid: UuidSchema.nullable(),
  nombre: z.string(),
  horas: Hours,
  /** Occurrences with time in the period. */
  ocurrencias: Count,
});
export type HoursGroup = z.infer<typeof HoursGroupSchema>;

export const HoursEstimateSchema = z.object({
  uuid: UuidSchema,
  nombre: z.string(),
  /** Completed occurrences with an estimate. */
  ocurrencias: Count,
  horas_estimadas: Hours,
  horas_reales: Hours,
});
export type HoursEstimate = z.infer<typeof HoursEstimateSchema>;

export const HoursUntrackedSchema = z.object({
  tarea_asignada_uuid: UuidSchema,
  titulo: z.string(),
  area: z.string(),
  empleado: z.string(),
  completada: IsoDateTimeSchema,
});

/** `GET /api/reports/hours`. */
export const HoursResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  granularidad: z.enum(['dia', 'semana']),
  total: z.object({
    horas: Hours,
    ocurrencias: Count,
    personas: Count,
    /** Completed in the period with an estimate: their estimate and their recorded hours. */
    estimadas_ocurrencias: Count,
    horas_estimadas: Hours,
    horas_reales_estimadas: Hours,
    terminadas: Count,
    terminadas_sin_tiempo: Count,
  }),
  por_persona: z.array(HoursGroupSchema),
  por_tarea: z.array(HoursGroupSchema),
  por_tipo: z.array(HoursGroupSchema),
  por_equipo: z.array(HoursGroupSchema),
  por_area: z.array(HoursGroupSchema),
  /** Every day or week of the period (from its Monday), hours worked. */
  por_periodo: z.array(z.object({ desde: z.string(), horas: Hours })),
  /** Per task type, most estimated hours first. */
  estimado_por_tipo: z.array(HoursEstimateSchema),
  /** The first occurrences finished without time, the newest first. */
  sin_tiempo: z.array(HoursUntrackedSchema),
});
export type HoursResponse = z.infer<typeof HoursResponseSchema>;

/** The groupings as the exports name them. */
export const HOURS_GROUP_LABELS = {
  persona: 'Persona',
  tarea: 'Tarea',
  tipo: 'Tipo de tarea',
  equipo: 'Equipo',
  area: 'Área',
} as const;
export type HoursGrouping = keyof typeof HOURS_GROUP_LABELS;

/** Spanish headers of the hours CSV (every group of every grouping), in order. */
export const HOURS_COLUMNS = ['Agrupación', 'Nombre', 'Horas', 'Tareas con tiempo'] as const;
export const HOURS_ESTIMATE_COLUMNS = ['Tipo de tarea', 'Terminadas con estimación', 'Horas estimadas', 'Horas reales', 'Desvío (h)'] as const;

/** `Horas-YYYY-MM-DD.csv`, the date being today in the company time zone. */
export function hoursFileName(date: string): string {
  return `Horas-${date}.csv`;
}
