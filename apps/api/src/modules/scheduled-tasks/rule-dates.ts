import {
  addDaysToCalendarDate,
  formatRecurrence,
  parseRecurrence,
  walkRecurrence,
  type NonWorkingPolicy,
  type Recurrence,
} from '@gestar/contracts';
import { dueOccurrence as dueEvery, firstOnOrAfter as firstEvery } from './schedule-dates';

/**
 * The dates of a schedule's series. A series without a rule is every `intervalo_repeticion`
 * days from its next date, with the calendar arithmetic of schedule-dates.ts. A rule (RFC 5545)
 * is walked once, in order, by the contracts' rule engine over calendar dates (no time zone or
 * daylight-saving change can move a day), with a bound on its work: no rule, however sparse or
 * impossible, can hold the event loop. A month day a month lacks is skipped (RFC 5545).
 */
export interface Series {
  regla: string | null;
  intervalo: number;
  /** Where the rule counts its INTERVAL and COUNT from (its first week, month or year). */
  inicio: string;
  fin: string | null;
  repeticiones: number | null;
}

/** The parsed rule of a series (null: a plain interval, computed without it). */
function ruleOf(series: Series): Recurrence | null {
  if (!series.regla) return null;
  const parsed = parseRecurrence(series.regla);
  if (!parsed.ok) throw new RangeError(`Regla no válida: ${series.regla}`);
  return parsed.rule;
}

/** Whether a stored rule is the plain "every n days" (the interval arithmetic, as before). */
export function isPlainInterval(rule: Recurrence): boolean {
  return formatRecurrence(rule) === `FREQ=DAILY;INTERVAL=${rule.interval}`;
}

/** The first date of the series on or after `date` (its end not considered); null: none within the walk's bound. */
export function seriesFirstOnOrAfter(series: Series, anchor: string, date: string): string | null {
  const rule = ruleOf(series);
  if (!rule) return firstEvery(anchor, series.intervalo, date);
  let found: string | null = null;
  walkRecurrence(rule, series.inicio, date, (d) => {
    found = d;
    return false;
  });
  return found;
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
  let occurrence: string | null = null;
  let next: string | null = null;
  let skipped = 0;
  const rule = ruleOf(series);
  if (!rule) {
    const due = dueEvery(proxima, series.intervalo, today)!;
    ({ occurrence, next, skipped } = due);
  } else {
    // One walk from `proxima`: the dates up to today (the latest is produced), then the next one.
    let count = 0;
    walkRecurrence(rule, series.inicio, proxima, (d) => {
      if (d > today) {
        next = d;
        return false;
      }
      occurrence = d;
      count++;
      return true;
    });
    if (occurrence === null) {
      // `proxima` was not a date of the rule (edited by hand): move on without producing.
      return { occurrence: null, next, skipped: 0, ends: next === null || endedBy(series, next, generated) };
    }
    skipped = count - 1;
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

let turns: Promise<unknown> = Promise.resolve();

/**
 * Runs a walk on its own turn of the event loop, one at a time in this process: each walk is
 * bounded (WALK_MAX_MS), and two requests' walks never run back to back in one turn, so health
 * and every other request are answered between them however many previews arrive at once.
 */
export function inOwnTurn<T>(walk: () => T): Promise<T> {
  const run = turns.then(
    () =>
      new Promise<T>((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(walk());
          } catch (err) {
            reject(err as Error);
          }
        }),
      ),
  );
  turns = run.catch(() => undefined);
  return run;
}

/** Whether people work on a date (the company calendar). */
export type WorksOn = (date: string) => boolean;

/** How far a date may move to find a working day. */
const MAX_MOVE_DAYS = 366;

/**
 * The date an occurrence is produced for under the schedule's non-working-day policy: the date
 * itself, the next or the previous working day, or null (skipped).
 */
export function onWorkingDay(date: string, policy: NonWorkingPolicy, works: WorksOn): string | null {
  if (policy === 'generar' || works(date)) return date;
  if (policy === 'omitir') return null;
  const step = policy === 'anterior_habil' ? -1 : 1;
  let day = date;
  for (let i = 0; i < MAX_MOVE_DAYS; i++) {
    day = addDaysToCalendarDate(day, step);
    if (works(day)) return day;
  }
  return date; // a calendar without a single working day: the date as it is
}

/**
 * The first `n` occurrence dates from `from` on (inclusive), within the series' end, after the
 * non-working-day policy (a skipped date is not counted): the form's preview. One walk, bounded:
 * a rule whose every date is skipped answers an empty list at once.
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
  const take = (date: string): boolean => {
    if (endedBy(series, date, produced)) return false;
    const day = onWorkingDay(date, policy, works);
    if (day !== null) {
      produced++;
      if (!out.includes(day)) out.push(day);
    }
    return out.length < n;
  };
  const rule = ruleOf(series);
  if (rule) {
    walkRecurrence(rule, series.inicio, from, take);
  } else {
    // Every n days: the same bound on the work as a rule's walk.
    let date = firstEvery(series.inicio, series.intervalo, from);
    for (let i = 0; i < 20_000 && take(date); i++) date = addDaysToCalendarDate(date, series.intervalo);
  }
  return out;
}
