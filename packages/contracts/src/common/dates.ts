import { DEFAULT_TIMEZONE, SAME_DAY_CUTOFF_HOUR } from '../constants';

/**
 * Calendar-date helpers in the company time zone (DECISIONS.md section 4:
 * "today", the 22:00 cutoff and occurrence dates are calendar dates there).
 * Calendar dates are `YYYY-MM-DD` strings, which compare correctly as text.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One `en-CA` formatter per time zone, to the second, 24-hour clock (shared with the API's
 * company dates): building one costs far more than using it.
 */
export function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zonedParts(date: Date, timeZone: string): { date: string; hour: number } {
  const parts = zonedFormatter(timeZone).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** The calendar date of a value: `YYYY-MM-DD` strings as they are, instants in `timeZone`. */
export function calendarDateIn(value: string | Date, timeZone: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  return zonedParts(date, timeZone).date;
}

/** `YYYY-MM-DD` plus `days` (may be negative). */
export function addDaysToCalendarDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function diffCalendarDays(from: string, to: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(to) - toUtc(from)) / 86_400_000);
}

/** Today's calendar date in `timeZone`. */
export function todayIn(timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  return calendarDateIn(now, timeZone);
}

/** True from SAME_DAY_CUTOFF_HOUR (22:00) on, in `timeZone`. */
export function isPastSameDayCutoff(timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): boolean {
  return zonedParts(now, timeZone).hour >= SAME_DAY_CUTOFF_HOUR;
}

/** Default due date of the task form: today, or tomorrow from 22:00 on. */
export function defaultDueDate(timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  const today = todayIn(timeZone, now);
  return isPastSameDayCutoff(timeZone, now) ? addDaysToCalendarDate(today, 1) : today;
}

/** The due date actually submitted: today after the cutoff becomes tomorrow. */
export function effectiveDueDate(dueDate: string, timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  const due = calendarDateIn(dueDate, timeZone);
  const today = todayIn(timeZone, now);
  return due === today && isPastSameDayCutoff(timeZone, now) ? addDaysToCalendarDate(today, 1) : due;
}
