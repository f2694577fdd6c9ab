/**
 * Calendar dates in the company time zone (APP_TIMEZONE). "Today", the 22:00
 * same-day cutoff, due dates and occurrence dates are all such dates
 * (`YYYY-MM-DD`); they are sent to clients as the ISO instant of their
 * midnight in that zone.
 */
import { SAME_DAY_CUTOFF_HOUR, zonedFormatter } from '@gestar/contracts';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(instant: Date, timeZone: string) {
  const f = zonedFormatter(timeZone);
  const o: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) o[p.type] = p.value;
  return { y: +o.year, m: +o.month, d: +o.day, h: +o.hour, min: +o.minute, s: +o.second };
}

export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** The calendar date of an instant in the zone. */
export function companyDateOf(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

export function companyToday(timeZone: string, now: Date = new Date()): string {
  return companyDateOf(now, timeZone);
}

/** The hour (0-23) of an instant in the zone. */
export function companyHour(timeZone: string, now: Date = new Date()): number {
  return parts(now, timeZone).h;
}

/** `YYYY-MM-DD` or an ISO date-time -> calendar date in the zone. */
export function toCompanyDate(input: string | Date, timeZone: string): string {
  if (input instanceof Date) return companyDateOf(input, timeZone);
  if (isCalendarDate(input)) return input;
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Fecha no válida: ${input}`);
  return companyDateOf(d, timeZone);
}

/** Zone offset in minutes (local - UTC) at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = parts(instant, timeZone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60000);
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

/** The instant of 00:00 of a calendar date in the zone (first instant of the day across DST). */
export function companyMidnight(date: string, timeZone: string): Date {
  return new Date(midnightOf(date, timeZone).t);
}

function computeMidnight(date: string, timeZone: string): number {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Fecha no válida: ${date}`);
  const guess = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  let t = guess - offsetMinutes(new Date(guess), timeZone) * 60000;
  t = guess - offsetMinutes(new Date(t), timeZone) * 60000;
  // A DST jump at midnight makes 00:00 not exist: the day starts at the first instant that is that date.
  if (companyDateOf(new Date(t), timeZone) !== date) t += 3600000;
  return t;
}

export function companyDateToIso(date: string | null | undefined, timeZone: string): string | null {
  if (!date) return null;
  return midnightOf(date, timeZone).iso;
}

/** Calendar arithmetic: `2024-02-28` + 1 = `2024-02-29`. */
export function addDays(date: string, days: number): string {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Fecha no válida: ${date}`);
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3] + days));
  return d.toISOString().slice(0, 10);
}

/** Whole days from `a` to `b` (b - a). */
export function diffDays(a: string, b: string): number {
  const pa = DATE_RE.exec(a);
  const pb = DATE_RE.exec(b);
  if (!pa || !pb) throw new RangeError('Fecha no válida');
  return Math.round((Date.UTC(+pb[1], +pb[2] - 1, +pb[3]) - Date.UTC(+pa[1], +pa[2] - 1, +pa[3])) / 86400000);
}

/** True from the same-day cutoff hour (22:00) on, in the zone. */
export function isPastSameDayCutoff(timeZone: string, now: Date = new Date()): boolean {
  return companyHour(timeZone, now) >= SAME_DAY_CUTOFF_HOUR;
}

/** Default due date: today, or tomorrow from 22:00 on (SPEC section 5), in the zone. */
export function companyDefaultDueDate(timeZone: string, now: Date = new Date()): string {
  const today = companyToday(timeZone, now);
  return isPastSameDayCutoff(timeZone, now) ? addDays(today, 1) : today;
}
