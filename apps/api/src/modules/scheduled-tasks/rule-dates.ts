import {
  addDaysToCalendarDate,
  formatRecurrence,
  parseRecurrence,
  walkRecurrence,
  type NonWorkingPolicy,
  type Recurrence,
} from '@gestar/contracts';
import { firstOnOrAfter as firstEvery } from './schedule-dates';

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

/** One date of a series, as the generator and the preview both see it. */
export interface SeriesOccurrence {
  /** The rule's own date. */
  rule: string;
  /** The date produced after the non-working-day policy; null: not produced (skipped, past `fin`, or merged into the previous one). */
  fecha: string | null;
  /**
   * The date the occurrence counts from for its lead: the rule's date, or the earlier working day
   * it moves to (`anterior_habil`), so that it is never produced after its own date.
   */
  decision: string;
}

/**
 * Walks the occurrences of a series from `from` on (a plain interval counts from `anchor`), in
 * order: each rule date moved by the policy, not produced when skipped, past `fin` (the date the
 * task is due bounds the series) or the same as the previous one (two dates moved onto one day
 * make one occurrence, which uses one of the `repeticiones`). Stops past `fin`, when
 * `repeticiones` are used up (`generated` already), when `visit` answers false (that occurrence
 * not counted), or at the walk's bound.
 */
export function walkOccurrences(
  series: Series,
  anchor: string,
  from: string,
  policy: NonWorkingPolicy,
  works: WorksOn,
  generated: number,
  visit: (o: SeriesOccurrence) => boolean,
): void {
  let produced = generated;
  let last: string | null = null;
  const step = (date: string): boolean => {
    if (series.fin !== null && date > series.fin) return false;
    if (series.repeticiones !== null && produced >= series.repeticiones) return false;
    const moved = onWorkingDay(date, policy, works);
    const fecha = moved !== null && (series.fin === null || moved <= series.fin) && moved !== last ? moved : null;
    const decision = policy === 'anterior_habil' && moved !== null ? moved : date;
    if (!visit({ rule: date, fecha, decision })) return false;
    if (fecha !== null) {
      produced++;
      last = fecha;
    }
    return true;
  };
  const rule = ruleOf(series);
  if (rule) {
    walkRecurrence(rule, series.inicio, from, step);
    return;
  }
  // Every n days: the same bound on the work as a rule's walk.
  let date = firstEvery(anchor, series.intervalo, from);
  for (let i = 0; i < 20_000 && step(date); i++) date = addDaysToCalendarDate(date, series.intervalo);
}

export interface DuePlan {
  /** The dates to produce now, in order (several when a lead reaches more than one). */
  dates: string[];
  /** Where `proxima_ejecucion` moves (null: no date is left). */
  next: string | null;
  /** Dates that were due and are not produced (downtime): only the latest missed is. */
  skipped: number;
  /** No date is left after this run: the schedule turns itself off. */
  ends: boolean;
}

/**
 * What a schedule owes on `today` with a lead of `lead` days, its next date being `proxima` and
 * `generated` dates already produced. Every date whose day to appear (its date less the lead) has
 * come and that is not past is produced, each exactly once: a new schedule with a lead of 5 days
 * produces all the dates of its first 5 days. Dates already past (downtime) are not produced as a
 * backlog: only the latest of them, and only when nothing else is due. `proxima_ejecucion` keeps
 * the next date to decide on (for `anterior_habil`, the working day it moves to, so it is claimed
 * in time).
 */
export function planDue(
  series: Series,
  proxima: string,
  today: string,
  lead: number,
  generated: number,
  policy: NonWorkingPolicy,
  works: WorksOn,
): DuePlan {
  const horizon = addDaysToCalendarDate(today, lead);
  const upcoming: string[] = [];
  let missed: string | null = null;
  let missedCount = 0;
  let next: string | null = null;
  walkOccurrences(series, proxima, proxima, policy, works, generated, (o) => {
    if (o.decision > horizon) {
      next = policy === 'anterior_habil' ? o.decision : o.rule;
      return false;
    }
    if (o.fecha === null) return true;
    if (o.fecha < today) {
      missed = o.fecha;
      missedCount++;
    } else upcoming.push(o.fecha);
    return true;
  });
  const dates = upcoming.length ? upcoming : missed !== null ? [missed] : [];
  const skipped = upcoming.length ? missedCount : Math.max(0, missedCount - 1);
  const ends = next === null || (series.repeticiones !== null && generated + dates.length >= series.repeticiones);
  return { dates, next, skipped, ends };
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

/** An occurrence of the preview: its date, and the day it appears on the board. */
export interface PreviewOccurrence {
  fecha: string;
  aparece: string;
  /** The rule's date, when the policy moved it to another (working) day. */
  movida_desde?: string;
}

/**
 * The first `n` occurrences from `from` on (inclusive), exactly as the generator produces them
 * (walkOccurrences), each with the day it appears on the board: its date less the lead, not
 * before `today` (a new schedule produces the dates its lead already reaches at once). One walk,
 * bounded: a rule whose every date is skipped answers an empty list at once.
 */
export function previewOccurrences(
  series: Series,
  from: string,
  n: number,
  policy: NonWorkingPolicy = 'generar',
  works: WorksOn = () => true,
  lead = 0,
  today: string = from,
): PreviewOccurrence[] {
  const out: PreviewOccurrence[] = [];
  walkOccurrences(series, series.inicio, from, policy, works, 0, (o) => {
    if (o.fecha !== null) {
      const appears = addDaysToCalendarDate(o.decision, -lead);
      out.push({ fecha: o.fecha, aparece: appears < today ? today : appears, ...(o.fecha !== o.rule ? { movida_desde: o.rule } : {}) });
    }
    return out.length < n;
  });
  return out;
}

/** The dates of `previewOccurrences`. */
export function previewDates(
  series: Series,
  from: string,
  n: number,
  policy: NonWorkingPolicy = 'generar',
  works: WorksOn = () => true,
): string[] {
  return previewOccurrences(series, from, n, policy, works).map((o) => o.fecha);
}
