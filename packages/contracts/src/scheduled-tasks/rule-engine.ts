import { WEEKDAYS, type Recurrence } from './recurrence';

/**
 * The dates of a rule (RFC 5545, for calendar dates). Each period of the rule (a day, a week
 * starting on WKST, a month, a year; every INTERVAL of them from the first date's period) gives
 * its candidate days: those that pass BYMONTH, BYMONTHDAY and BYDAY (a numbered weekday counts
 * within the month, or within the year for a YEARLY rule without BYMONTH), then BYSETPOS picks
 * among them. Dates before the first date are not the series'; COUNT counts from the first date;
 * UNTIL is the last date allowed.
 *
 * The walk jumps straight to the period of `from` (unless COUNT makes it count from the start)
 * and does at most `maxDays` of work (WALK_MAX_DAYS) in at most `maxMs` (WALK_MAX_MS), so no rule, however sparse or impossible
 * (31 February), can hold the caller: it answers 'exhausted' instead.
 */

/**
 * The work a walk may do by default, in candidate days examined plus PERIOD_COST per period: some
 * 30 years of a daily rule, 250 of a yearly one, a few milliseconds at most.
 */
export const WALK_MAX_DAYS = 60_000;
/** And at most this long, on a machine however loaded: the walk never holds the event loop. */
export const WALK_MAX_MS = 20;
/** Work done whatever the clock says (some 13 years of a monthly rule, 20 of a weekly one). */
const TIMED_AFTER = 5_000;
const PERIOD_COST = 8;

export type WalkEnd = 'done' | 'stopped' | 'exhausted';

const DAY_MS = 86_400_000;
/** 9999-12-31, the last day a rule may reach. */
const LAST_DAY = Date.UTC(9999, 11, 31) / DAY_MS;

/** Year, month, day of a day number (days from 1970-01-01), without a Date (H. Hinnant's civil_from_days). */
function civil(n: number): readonly [number, number, number] {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  CIVIL[0] = yoe + era * 400 + (m <= 2 ? 1 : 0);
  CIVIL[1] = m;
  CIVIL[2] = d;
  return CIVIL;
}
/** civil()'s answer, reused: a walk converts one day per period and must not feed the collector. */
const CIVIL: [number, number, number] = [0, 0, 0];

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;
const dayText = (n: number) => {
  const d = new Date(n * DAY_MS);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
};
/** 0 = Monday ... 6 = Sunday. */
const weekdayOf = (n: number) => (((n + 3) % 7) + 7) % 7;
const monthStart = (y: number, m: number) => Date.UTC(y, m - 1, 1) / DAY_MS;
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const yearLength = (y: number) => (isLeapYear(y) ? 366 : 365);

interface Filters {
  months: Set<number> | null;
  monthDays: number[];
  /** Plain weekdays (0..6). */
  weekdays: Set<number> | null;
  /** Numbered weekdays. */
  nth: { n: number; wd: number }[];
}

function filtersOf(rule: Recurrence, start: number): Filters {
  const startDate = new Date(start * DAY_MS);
  let months = rule.byMonth;
  let monthDays = rule.byMonthDay;
  let weekdays = rule.byDay.filter((d) => d.n === 0).map((d) => WEEKDAYS.indexOf(d.day));
  const nth = rule.byDay.filter((d) => d.n !== 0).map((d) => ({ n: d.n, wd: WEEKDAYS.indexOf(d.day) }));
  // RFC 5545: the parts a rule leaves out come from its first date.
  if (!rule.byMonthDay.length && !rule.byDay.length) {
    if (rule.freq === 'WEEKLY') weekdays = [weekdayOf(start)];
    if (rule.freq === 'MONTHLY') monthDays = [startDate.getUTCDate()];
    if (rule.freq === 'YEARLY') {
      if (!months.length) months = [startDate.getUTCMonth() + 1];
      monthDays = [startDate.getUTCDate()];
    }
  }
  return {
    months: months.length ? new Set(months) : null,
    monthDays,
    weekdays: weekdays.length ? new Set(weekdays) : null,
    nth,
  };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, m: number) => (m === 2 && isLeapYear(y) ? 29 : DAYS_IN_MONTH[m - 1]!);

/**
 * The candidate days of one span (a period), sorted, after the filters. The calendar date moves
 * along with the day number (no Date per day): a walk examines many thousands of days.
 */
function candidates(first: number, length: number, f: Filters, nthWithinYear: boolean, out: number[]): number[] {
  out.length = 0;
  const c = civil(first);
  let y = c[0];
  let m = c[1];
  let md = c[2];
  let len = daysIn(y, m);
  let wd = weekdayOf(first);
  for (let n = first; n < first + length; n++) {
    const passes =
      (!f.months || f.months.has(m)) &&
      (!f.monthDays.length || f.monthDays.some((x) => (x > 0 ? x === md : len + x + 1 === md))) &&
      (!f.weekdays || f.weekdays.has(wd)) &&
      (!f.nth.length || nthMatches(f, n, y, m, md, len, wd, nthWithinYear));
    if (passes) out.push(n);
    if (++wd === 7) wd = 0;
    if (++md > len) {
      md = 1;
      if (++m > 12) {
        m = 1;
        y++;
      }
      len = daysIn(y, m);
    }
  }
  return out;
}

/** Whether day `n` is one of the numbered weekdays, counted in its month or its year. */
function nthMatches(
  f: Filters,
  n: number,
  y: number,
  m: number,
  md: number,
  len: number,
  wd: number,
  withinYear: boolean,
): boolean {
  const spanStart = withinYear ? monthStart(y, 1) : n - md + 1;
  const spanLength = withinYear ? yearLength(y) : len;
  const fromStart = Math.floor((n - spanStart) / 7) + 1;
  const fromEnd = -(Math.floor((spanStart + spanLength - 1 - n) / 7) + 1);
  return f.nth.some((x) => x.wd === wd && (x.n === fromStart || x.n === fromEnd));
}

function setPositions(days: number[], positions: number[]): number[] {
  if (!positions.length) return days;
  const picked = new Set<number>();
  for (const p of positions) {
    const day = p > 0 ? days[p - 1] : days[days.length + p];
    if (day !== undefined) picked.add(day);
  }
  return [...picked].sort((a, b) => a - b);
}

/**
 * Visits the dates of `rule` whose series starts on `start`, from `from` on (inclusive), in
 * order, until `visit` answers false ('stopped'), the rule ends ('done') or `maxDays` candidate
 * days were examined ('exhausted').
 */
export function walkRecurrence(
  rule: Recurrence,
  start: string,
  from: string,
  visit: (date: string) => boolean,
  maxDays: number = WALK_MAX_DAYS,
  maxMs: number = WALK_MAX_MS,
): WalkEnd {
  const began = Date.now();
  const s = dayNumber(start);
  const f = filtersOf(rule, s);
  const until = rule.until === null ? Infinity : dayNumber(rule.until);
  const lowest = Math.max(s, dayNumber(from));
  const startDate = new Date(s * DAY_MS);
  const y0 = startDate.getUTCFullYear();
  const m0 = startDate.getUTCMonth(); // 0-based
  const weekStart = s - ((weekdayOf(s) - WEEKDAYS.indexOf(rule.wkst) + 7) % 7);
  const nthWithinYear = rule.freq === 'YEARLY' && !rule.byMonth.length;

  // The first period to look at: the one holding `lowest`, unless COUNT counts from the start.
  let p = 0;
  if (rule.count === null && lowest > s) {
    const low = new Date(lowest * DAY_MS);
    const span =
      rule.freq === 'DAILY'
        ? lowest - s
        : rule.freq === 'WEEKLY'
          ? Math.floor((lowest - weekStart) / 7)
          : rule.freq === 'MONTHLY'
            ? (low.getUTCFullYear() - y0) * 12 + low.getUTCMonth() - m0
            : low.getUTCFullYear() - y0;
    p = Math.floor(span / rule.interval);
  }
  let produced = 0;
  let examined = 0;
  const scratch: number[] = [];
  for (; ; p++) {
    let first: number;
    let length: number;
    const k = p * rule.interval;
    switch (rule.freq) {
      case 'DAILY':
        first = s + k;
        length = 1;
        break;
      case 'WEEKLY':
        // The first week begins at the first date (as python-dateutil counts BYSETPOS in it).
        first = Math.max(s, weekStart + 7 * k);
        length = weekStart + 7 * k + 7 - first;
        break;
      case 'MONTHLY': {
        const y = y0 + Math.floor((m0 + k) / 12);
        const m = ((m0 + k) % 12) + 1;
        first = monthStart(y, m);
        length = daysIn(y, m);
        break;
      }
      case 'YEARLY':
        first = monthStart(y0 + k, 1);
        length = yearLength(y0 + k);
        break;
    }
    if (first > until || first > LAST_DAY) return 'done';
    // The clock is read only past a first stretch of work, which every ordinary rule finishes
    // within: a loaded machine that stalls the process cannot cut a rule's first dates short.
    if (examined >= maxDays || (examined >= TIMED_AFTER && (p & 63) === 0 && Date.now() - began > maxMs)) return 'exhausted';
    examined += length + PERIOD_COST;
    for (const n of setPositions(candidates(first, length, f, nthWithinYear, scratch), rule.bySetPos)) {
      if (n < s) continue;
      if (n > until) return 'done';
      if (rule.count !== null && produced >= rule.count) return 'done';
      produced++;
      if (n >= lowest && !visit(dayText(n))) return 'stopped';
    }
    if (rule.count !== null && produced >= rule.count) return 'done';
  }
}

/** The first `n` dates of a rule from `from` on (a helper for tests and previews without a calendar). */
export function recurrenceDates(
  rule: Recurrence,
  start: string,
  n: number,
  from: string = start,
  maxDays: number = WALK_MAX_DAYS,
  maxMs: number = WALK_MAX_MS,
): string[] {
  const out: string[] = [];
  if (n > 0) walkRecurrence(rule, start, from, (date) => out.push(date) < n, maxDays, maxMs);
  return out;
}
