import { RRule, type Options, type Weekday as RRuleWeekday } from 'rrule';
import { addDaysToCalendarDate, scheduleRule, type NonWorkingPolicy, type Rule, type Weekday } from '@gestar/contracts';
import { dueOccurrence as dueEvery, firstOnOrAfter as firstEvery } from './schedule-dates';

/**
 * The dates of a schedule's series (issue 19). A series without a rule is every
 * `intervalo_repeticion` days from its next date, with the calendar arithmetic of
 * schedule-dates.ts, unchanged. A rule is computed by rrule over calendar dates: each date is
 * its UTC midnight, so no time zone or daylight-saving change can move a day (the company zone
 * only decides which date is "today"). A month or year day the period lacks is its last day
 * (RFC 5545 would skip it): day 31 is BYMONTHDAY=28,29,30,31 with BYSETPOS=-1.
 */
export interface Series {
  regla: string | null;
  intervalo: number;
  /** Where the rule counts its INTERVAL from (its first week, month or year). */
  inicio: string;
  fin: string | null;
  repeticiones: number | null;
}

const DAYS: Record<Weekday, RRuleWeekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

const toDate = (date: string) => new Date(`${date}T00:00:00.000Z`);
const toText = (date: Date) => date.toISOString().slice(0, 10);

/** Day `d` of a period, or its last day when the period is shorter. */
function clampedMonthDay(d: number): Partial<Pick<Options, 'bymonthday' | 'bysetpos'>> {
  if (d === -1) return { bymonthday: [-1] };
  if (d <= 28) return { bymonthday: [d] };
  return { bymonthday: Array.from({ length: d - 27 }, (_, i) => 28 + i), bysetpos: [-1] };
}

function optionsOf(rule: Rule): Partial<Options> {
  switch (rule.freq) {
    case 'DAILY':
      return { freq: RRule.DAILY };
    case 'WEEKLY':
      return { freq: RRule.WEEKLY, byweekday: rule.days.map((d) => DAYS[d]), wkst: RRule.MO };
    case 'MONTHLY':
      return 'nth' in rule
        ? { freq: RRule.MONTHLY, byweekday: [DAYS[rule.nth.day].nth(rule.nth.pos)] }
        : { freq: RRule.MONTHLY, ...clampedMonthDay(rule.monthDay) };
    case 'YEARLY':
      return { freq: RRule.YEARLY, bymonth: [rule.month], ...clampedMonthDay(rule.monthDay) };
  }
}

/** The rrule of a series with a rule (null: a plain interval, computed without it). */
function rruleOf(series: Series): RRule | null {
  if (!series.regla) return null;
  const rule = scheduleRule(series.regla, series.intervalo);
  return new RRule({ ...optionsOf(rule), interval: rule.interval, dtstart: toDate(series.inicio) });
}

/** The first date of the series on or after `date` (its end not considered). */
export function seriesFirstOnOrAfter(series: Series, anchor: string, date: string): string | null {
  const rule = rruleOf(series);
  if (!rule) return firstEvery(anchor, series.intervalo, date);
  const found = rule.after(toDate(date), true);
  return found ? toText(found) : null;
}

export interface Due {
  /** The date to produce now (null: the series ended before it). */
  occurrence: string | null;
  /** The next date after today (null: none). */
  next: string | null;
  /** Dates that were due and are not produced (downtime): only the latest is. */
  skipped: number;
  /** No date is left after this run: the schedule turns itself off. */
  ends: boolean;
}

/**
 * What a schedule owes on `today`, its next date being `proxima` and `generated` dates already
 * produced; null while `proxima` is still in the future. After downtime only the latest missed
 * date is produced, as before. An end date or a count reached turns the schedule off.
 */
export function dueOf(series: Series, proxima: string, today: string, generated: number): Due | null {
  if (proxima > today) return null;
  let occurrence: string;
  let next: string | null;
  let skipped: number;
  const rule = rruleOf(series);
  if (!rule) {
    const due = dueEvery(proxima, series.intervalo, today)!;
    ({ occurrence, next, skipped } = due);
  } else {
    const dates = rule.between(toDate(proxima), toDate(today), true).map(toText);
    if (!dates.length) {
      // `proxima` was not a date of the rule (edited by hand): move on without producing.
      next = seriesFirstOnOrAfter(series, proxima, addDaysToCalendarDate(today, 1));
      return { occurrence: null, next, skipped: 0, ends: next === null || endedBy(series, next, generated) };
    }
    occurrence = dates.at(-1)!;
    skipped = dates.length - 1;
    const after = rule.after(toDate(today), false);
    next = after ? toText(after) : null;
  }
  if (endedBy(series, occurrence, generated)) return { occurrence: null, next, skipped, ends: true };
  const ends = next === null || endedBy(series, next, generated + 1);
  return { occurrence, next, skipped, ends };
}

/** Whether `date` would be past the series' end, `generated` dates having been produced. */
function endedBy(series: Series, date: string, generated: number): boolean {
  if (series.fin !== null && date > series.fin) return true;
  return series.repeticiones !== null && generated >= series.repeticiones;
}

/** Whether people work on a date (the company calendar). */
export type WorksOn = (date: string) => boolean;

/**
 * The date an occurrence is produced for under the schedule's non-working-day policy: the date
 * itself, the next working day, or null (skipped).
 */
export function onWorkingDay(date: string, policy: NonWorkingPolicy, works: WorksOn): string | null {
  if (policy === 'generar' || works(date)) return date;
  if (policy === 'omitir') return null;
  let day = date;
  for (let i = 0; i < 366; i++) {
    day = addDaysToCalendarDate(day, 1);
    if (works(day)) return day;
  }
  return date; // a calendar without a single working day: the date as it is
}

/**
 * The first `n` occurrence dates from `from` on (inclusive), within the series' end, after the
 * non-working-day policy (a skipped date is not counted): the form's preview.
 */
export function previewDates(
  series: Series,
  from: string,
  n: number,
  policy: NonWorkingPolicy = 'generar',
  works: WorksOn = () => true,
): string[] {
  const out: string[] = [];
  let produced = 0;
  let date: string | null = seriesFirstOnOrAfter(series, series.inicio, from);
  for (let guard = 0; date !== null && out.length < n && guard < 5000 && !endedBy(series, date, produced); guard++) {
    const day = onWorkingDay(date, policy, works);
    if (day !== null) {
      produced++;
      if (!out.includes(day)) out.push(day);
    }
    date = seriesFirstOnOrAfter(series, series.inicio, addDaysToCalendarDate(date, 1));
  }
  return out;
}
