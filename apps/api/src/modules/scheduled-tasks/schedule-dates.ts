import { addDaysToCalendarDate, diffCalendarDays } from '@gestar/contracts';

/**
 * Date arithmetic of a schedule. Every value is a calendar date (`YYYY-MM-DD`) in the
 * company time zone, and an interval is a whole number of calendar days, so month
 * ends, 29 February and daylight-saving changes need no special case: a day is a
 * date, never 24 hours.
 */

export interface DueOccurrence {
  /** The occurrence to produce now: the latest date of the series that is not after today. */
  occurrence: string;
  /** Where `proxima_ejecucion` moves: the first date of the series after today. */
  next: string;
  /** Dates of the series that were due and are skipped (downtime): never produced as a backlog. */
  skipped: number;
}

/**
 * The occurrence a schedule owes on `today`, or null when its next date is still in
 * the future. After downtime only the latest missed date is produced (DECISIONS 4).
 */
export function dueOccurrence(proxima: string, interval: number, today: string): DueOccurrence | null {
  if (!Number.isInteger(interval) || interval < 1) throw new RangeError(`Intervalo no válido: ${interval}`);
  const late = diffCalendarDays(proxima, today);
  if (late < 0) return null;
  const steps = Math.floor(late / interval);
  const occurrence = addDaysToCalendarDate(proxima, steps * interval);
  return { occurrence, next: addDaysToCalendarDate(occurrence, interval), skipped: steps };
}

/** The first date of the series `proxima + k * interval` (k >= 0) that is on or after `date`. */
export function firstOnOrAfter(proxima: string, interval: number, date: string): string {
  if (!Number.isInteger(interval) || interval < 1) throw new RangeError(`Intervalo no válido: ${interval}`);
  const late = diffCalendarDays(proxima, date);
  if (late <= 0) return proxima;
  return addDaysToCalendarDate(proxima, Math.ceil(late / interval) * interval);
}

/** Due date of an occurrence: it keeps the offset the task form gave (`dias_vencimiento`). */
export function dueDateOf(occurrence: string, diasVencimiento: number): string {
  return addDaysToCalendarDate(occurrence, diasVencimiento);
}
