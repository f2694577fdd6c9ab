import { z } from 'zod';
import { UuidSchema } from '../common/common.schemas';
import { optionalDate, queryUuid } from '../common/fields';
import { MESSAGES } from '../messages';

/**
 * A person's week («Mi semana», a timesheet): the seconds of their time intervals per occurrence and
 * per day, Monday to Sunday of the week holding `fecha` (today by default) in the company calendar.
 * An interval crossing midnight counts in each day for its part; a running one until now.
 * `usuario_uuid` of someone else needs `manage:time-entries` and that person in the caller's areas
 * (every area with `read:all:areas`), else 403.
 */
export const TimesheetQuerySchema = z.object({
  fecha: optionalDate(),
  usuario_uuid: queryUuid(),
});
export type TimesheetQuery = z.infer<typeof TimesheetQuerySchema>;

export const TIMESHEET_FORMATS = ['csv', 'xlsx'] as const;
export const TimesheetExportParamsSchema = z.object({
  format: z.enum(TIMESHEET_FORMATS, { error: MESSAGES.validation.invalidFormat }),
});
export type TimesheetExportParams = z.infer<typeof TimesheetExportParamsSchema>;

const Seconds = z.number().int().nonnegative();

export const TimesheetRowSchema = z.object({
  tarea_asignada_uuid: UuidSchema,
  titulo: z.string(),
  area: z.string(),
  /** Seconds on each day, Monday first (seven numbers). */
  segundos_por_dia: z.array(Seconds).length(7),
  segundos: Seconds,
});
export type TimesheetRow = z.infer<typeof TimesheetRowSchema>;

/** `GET /api/timesheet`. Rows ordered by the most time first. */
export const TimesheetResponseSchema = z.object({
  usuario: z.object({ uuid: UuidSchema, nombre: z.string(), apellido: z.string() }),
  /** Monday and Sunday of the week, calendar dates. */
  desde: z.string(),
  hasta: z.string(),
  dias: z.array(z.string()).length(7),
  filas: z.array(TimesheetRowSchema),
  total_por_dia: z.array(Seconds).length(7),
  total_segundos: Seconds,
  /** Intervals of the week paused by the forgotten-timer job and not yet confirmed. */
  sin_confirmar: z.number().int().nonnegative(),
});
export type TimesheetResponse = z.infer<typeof TimesheetResponseSchema>;

/** Headers of the exported week: the task, its area, the seven days and the total (hours). */
export const TIMESHEET_DAY_NAMES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** `Semana-YYYY-MM-DD-usuario.csv` (or `.xlsx`), the date being the week's Monday. */
export function timesheetFileName(monday: string, username: string, format: (typeof TIMESHEET_FORMATS)[number]): string {
  return `Semana-${monday}-${username.replace(/[^A-Za-z0-9._-]/g, '_')}.${format}`;
}
