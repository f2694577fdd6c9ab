import { DEFAULT_TIMEZONE, SAME_DAY_CUTOFF_HOUR } from '../constants';

/**
 * Calendar dates in the company time zone (DECISIONS.md section 4: "today", the 22:00
 * cutoff, due dates and occurrence dates are calendar dates there). A calendar date is a
 * `YYYY-MM-DD` string, which compares correctly as text; the API sends one as the ISO
 * instant of its midnight in that zone. The one implementation, for the API and the web.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One `en-CA` formatter per time zone, to the second, 24-hour clock: building one costs
 * far more than using it (a board converts two dates per card).
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

function zonedParts(instant: Date, timeZone: string) {
  const o: Record<string, string> = {};
  for (const p of zonedFormatter(timeZone).formatToParts(instant)) o[p.type] = p.value;
  return { y: +o.year!, m: +o.month!, d: +o.day!, h: +o.hour!, min: +o.minute!, s: +o.second! };
}

/** True for an existing `YYYY-MM-DD` day (`2030-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!;
}

function dateOfInstant(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/**
 * The calendar date of a value: a `YYYY-MM-DD` day as it is, an instant (a `Date` or an
 * ISO date-time) as its date in `timeZone`. RangeError for anything else.
 */
export function calendarDateIn(value: string | Date, timeZone: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string' && isCalendarDate(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  return dateOfInstant(date, timeZone);
}

/** Today's calendar date in `timeZone`. */
export function todayIn(timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  return dateOfInstant(now, timeZone);
}

function utcOfDate(date: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Fecha no válida: ${date}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!);
}

/** `YYYY-MM-DD` plus `days` (may be negative): `2028-02-28` + 1 = `2028-02-29`. */
export function addDaysToCalendarDate(date: string, days: number): string {
  return new Date(utcOfDate(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function diffCalendarDays(from: string, to: string): number {
  return Math.round((utcOfDate(to) - utcOfDate(from)) / 86_400_000);
}

/** Zone offset in minutes (local - UTC) at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Math.round((Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(instant / 1000) * 1000) / 60_000);
}

function computeMidnight(date: string, timeZone: string): number {
  const guess = utcOfDate(date);
  let t = guess - offsetMinutes(guess, timeZone) * 60_000;
  t = guess - offsetMinutes(t, timeZone) * 60_000;
  // A DST jump at midnight (Santiago, Asunción) makes 00:00 not exist: the day starts at
  // the first instant that is that date, 01:00.
  if (dateOfInstant(new Date(t), timeZone) !== date) t += 3_600_000;
  return t;
}

/**
 * Midnights already computed, by zone then date (epoch ms and its ISO text): a board or an
 * export converts the same few hundred dates again and again. Bounded: a zone's map is
 * cleared when it grows past the limit.
 */
const midnights = new Map<string, Map<string, { t: number; iso: string }>>();
const MIDNIGHT_CACHE_LIMIT = 20_000;

function midnightOf(date: string, timeZone: string): { t: number; iso: string } {
  let zone = midnights.get(timeZone);
  if (!zone) midnights.set(timeZone, (zone = new Map()));
  let m = zone.get(date);
  if (!m) {
    const t = computeMidnight(date, timeZone);
    if (zone.size >= MIDNIGHT_CACHE_LIMIT) zone.clear();
    zone.set(date, (m = { t, iso: new Date(t).toISOString() }));
  }
  return m;
}

/** The first instant of a calendar date in the zone (00:00, or 01:00 when DST skips midnight). */
export function companyMidnight(date: string, timeZone: string = DEFAULT_TIMEZONE): Date {
  return new Date(midnightOf(date, timeZone).t);
}

/** `companyMidnight` as ISO text (what the API sends and takes as a date-time); null stays null. */
export function companyMidnightIso(date: string, timeZone?: string): string;
export function companyMidnightIso(date: string | null | undefined, timeZone?: string): string | null;
export function companyMidnightIso(
  date: string | null | undefined,
  timeZone: string = DEFAULT_TIMEZONE,
): string | null {
  if (!date) return null;
  return midnightOf(date, timeZone).iso;
}

/** True from SAME_DAY_CUTOFF_HOUR (22:00) on, in `timeZone`. */
export function isPastSameDayCutoff(timeZone: string = DEFAULT_TIMEZONE, now: Date = new Date()): boolean {
  return zonedParts(now, timeZone).h >= SAME_DAY_CUTOFF_HOUR;
}

/** Default due date of the task form: today, or tomorrow from 22:00 on (SPEC section 5). */
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
