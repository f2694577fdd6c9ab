import { MESSAGES } from '../messages';

/**
 * Recurrence rules of a schedule: the RRULE of RFC 5545 as calendar applications write it for
 * DAILY, WEEKLY, MONTHLY and YEARLY (INTERVAL, COUNT, UNTIL, WKST, BYMONTH, BYMONTHDAY with
 * several and negative values, BYDAY with plain or numbered weekdays such as `5FR`, `-2MO`,
 * `+2TU`, and BYSETPOS), parsed, written back in one canonical text, and described in plain
 * Spanish. A rule without BYDAY or BYMONTHDAY takes its day from the series' first date, as RFC
 * 5545 says. The dates themselves are walked by `walkRecurrence` (rule-engine.ts), over calendar
 * dates, with a bound on the work.
 *
 * A month day that a month lacks (31, 30, 29 February) is skipped, as RFC 5545 says;
 * `BYMONTHDAY=-1` is the last day. "The 31st, or the last day of shorter months" is a rule of its
 * own: `BYMONTHDAY=28,29,30,31;BYSETPOS=-1`.
 *
 * `Rule` is the part the form builds with its controls (`parseRule` answers null for a rule the
 * controls cannot show, which the form then keeps as text).
 */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'lunes',
  TU: 'martes',
  WE: 'miércoles',
  TH: 'jueves',
  FR: 'viernes',
  SA: 'sábado',
  SU: 'domingo',
};

export const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The longest month of each month number (February counts its 29th). */
export const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const MAX_RULE_INTERVAL = 365;
/** COUNT: as many dates as `repeticiones` may ask for. */
export const MAX_RULE_COUNT = 1000;

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A weekday of BYDAY: `n` 0 is every such day; 1..53 the nth, -1..-53 the nth from the end. */
export interface ByDay {
  n: number;
  day: Weekday;
}

/** An RRULE of the subset Gestar accepts, parsed. Empty lists are absent parts. */
export interface Recurrence {
  freq: Frequency;
  interval: number;
  count: number | null;
  /** The last date the rule may produce (`YYYY-MM-DD`), from UNTIL. */
  until: string | null;
  wkst: Weekday;
  byMonth: number[];
  byMonthDay: number[];
  byDay: ByDay[];
  bySetPos: number[];
}

/** The form's rules: what its controls can build and show. */
export type Rule =
  | { freq: 'DAILY'; interval: number }
  | { freq: 'WEEKLY'; interval: number; days: Weekday[] }
  /** `orLast`: the day, or the last day of a month that lacks it. */
  | { freq: 'MONTHLY'; interval: number; monthDay: number; orLast?: boolean }
  | { freq: 'MONTHLY'; interval: number; nth: { pos: 1 | 2 | 3 | 4 | 5 | -1; day: Weekday } }
  | { freq: 'YEARLY'; interval: number; month: number; monthDay: number; orLast?: boolean };

export type RecurrenceParse = { ok: true; rule: Recurrence } | { ok: false; message: string };

const SUPPORTED = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'WKST', 'BYMONTH', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS']);
const UNSUPPORTED = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND', 'BYWEEKNO', 'BYYEARDAY', 'BYEASTER']);
const BYDAY_RE = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const INT_RE = /^([+-]?)(\d{1,3})$/;
const UNTIL_RE = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;

const isWeekday = (x: string): x is Weekday => (WEEKDAYS as readonly string[]).includes(x);

function intList(value: string, ok: (n: number) => boolean): number[] | null {
  const out: number[] = [];
  for (const item of value.split(',')) {
    const m = INT_RE.exec(item);
    if (!m) return null;
    const n = Number(`${m[1]}${m[2]}`);
    if (!ok(n) || out.includes(n)) return null;
    out.push(n);
  }
  return out;
}

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const invalid = (message: string = MESSAGES.validation.ruleInvalid): RecurrenceParse => ({ ok: false, message });

/** The rule in `text` (with or without the `RRULE:` prefix), or the Spanish reason it is not one Gestar accepts. */
export function parseRecurrence(text: string): RecurrenceParse {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body || body.length > 200) return invalid();
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const [rawName, value, extra] = part.split('=');
    const name = rawName?.trim().toUpperCase();
    if (!name || value === undefined || value === '' || extra !== undefined || parts.has(name)) return invalid();
    if (UNSUPPORTED.has(name)) return invalid(MESSAGES.validation.rulePartUnsupported);
    if (!SUPPORTED.has(name)) return invalid();
    parts.set(name, value.trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!freq) return invalid();
  if (!(FREQUENCIES as readonly string[]).includes(freq)) {
    return invalid(
      ['HOURLY', 'MINUTELY', 'SECONDLY'].includes(freq) ? MESSAGES.validation.ruleFreqUnsupported : undefined,
    );
  }
  const rule: Recurrence = {
    freq: freq as Frequency,
    interval: 1,
    count: null,
    until: null,
    wkst: 'MO',
    byMonth: [],
    byMonthDay: [],
    byDay: [],
    bySetPos: [],
  };
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    if (!/^\d{1,3}$/.test(interval)) return invalid();
    rule.interval = Number(interval);
    if (rule.interval < 1 || rule.interval > MAX_RULE_INTERVAL) return invalid();
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return invalid(MESSAGES.validation.ruleCountAndUntil);
  if (count !== undefined) {
    if (!/^\d{1,4}$/.test(count)) return invalid();
    rule.count = Number(count);
    if (rule.count < 1 || rule.count > MAX_RULE_COUNT) return invalid(MESSAGES.validation.repeticionesRange);
  }
  if (until !== undefined) {
    const m = UNTIL_RE.exec(until);
    if (!m || !validDate(+m[1]!, +m[2]!, +m[3]!)) return invalid();
    rule.until = `${m[1]}-${m[2]}-${m[3]}`;
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined) {
    if (!isWeekday(wkst)) return invalid();
    rule.wkst = wkst;
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    const list = intList(byMonth, (n) => n >= 1 && n <= 12);
    if (!list) return invalid();
    rule.byMonth = list.sort((a, b) => a - b);
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    // RFC 5545: BYMONTHDAY is not for weekly rules.
    const list = rule.freq === 'WEEKLY' ? null : intList(byMonthDay, (n) => n !== 0 && n >= -31 && n <= 31);
    if (!list) return invalid();
    rule.byMonthDay = list.sort((a, b) => (a > 0 === b > 0 ? a - b : b - a));
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    // Numbered weekdays count within the month (MONTHLY, or YEARLY with BYMONTH) or the year.
    const maxN =
      rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byMonth.length) ? 5 : rule.freq === 'YEARLY' ? 53 : 0;
    for (const item of byDay.split(',')) {
      const m = BYDAY_RE.exec(item);
      if (!m) return invalid();
      const n = m[2] === undefined ? 0 : Number(`${m[1]}${m[2]}`);
      if (m[2] === undefined && m[1]) return invalid();
      if (m[2] !== undefined && (n === 0 || Math.abs(n) > maxN)) return invalid();
      const day = m[3] as Weekday;
      if (rule.byDay.some((d) => d.day === day && d.n === n)) return invalid();
      rule.byDay.push({ n, day });
    }
    // Plain and numbered weekdays together mean different things to different engines: refused.
    if (new Set(rule.byDay.map((d) => d.n === 0)).size > 1) return invalid();
    rule.byDay.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.n - b.n);
  }
  const bySetPos = parts.get('BYSETPOS');
  if (bySetPos !== undefined) {
    const list = intList(bySetPos, (n) => n !== 0 && n >= -366 && n <= 366);
    // RFC 5545: BYSETPOS goes with another BYxxx part.
    if (!list || !(rule.byMonth.length || rule.byMonthDay.length || rule.byDay.length)) return invalid();
    rule.bySetPos = list.sort((a, b) => (a > 0 === b > 0 ? a - b : b - a));
  }
  return { ok: true, rule };
}

const byDayText = (d: ByDay) => `${d.n === 0 ? '' : d.n}${d.day}`;

/** The canonical text of a rule (what the API stores and answers). */
export function formatRecurrence(rule: Recurrence): string {
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`];
  if (rule.byMonth.length) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay.length) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay.length) parts.push(`BYDAY=${rule.byDay.map(byDayText).join(',')}`);
  if (rule.bySetPos.length) parts.push(`BYSETPOS=${rule.bySetPos.join(',')}`);
  if (rule.wkst !== 'MO') parts.push(`WKST=${rule.wkst}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** A rule without a day of its own takes it from the series' first date (RFC 5545), written out. */
export function withStartDay(rule: Recurrence, start: string): Recurrence {
  if (rule.byDay.length || rule.byMonthDay.length) return rule;
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  switch (rule.freq) {
    case 'DAILY':
      return rule;
    case 'WEEKLY':
      return { ...rule, byDay: [{ n: 0, day: WEEKDAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7]! }] };
    case 'MONTHLY':
      return { ...rule, byMonthDay: [d] };
    case 'YEARLY':
      return { ...rule, byMonth: rule.byMonth.length ? rule.byMonth : [m], byMonthDay: [d] };
  }
}

/** "lunes, miércoles y viernes". */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

const ORDINALS: Record<number, string> = {
  1: 'primer',
  2: 'segundo',
  3: 'tercer',
  4: 'cuarto',
  5: 'quinto',
  [-1]: 'último',
  [-2]: 'penúltimo',
};

const ordinal = (n: number) => ORDINALS[n] ?? (n > 0 ? `${n}.º` : `${-n}.º desde el final`);

/** "Every n units". */
const everyText = (rule: { interval: number }, one: string, many: string) =>
  rule.interval === 1 ? `Cada ${one}` : `Cada ${rule.interval} ${many}`;

const UNITS: Record<Frequency, [string, string]> = {
  DAILY: ['día', 'días'],
  WEEKLY: ['semana', 'semanas'],
  MONTHLY: ['mes', 'meses'],
  YEARLY: ['año', 'años'],
};

const monthDayText = (d: number) => (d === -1 ? 'el último día' : d < 0 ? `el ${ordinal(d)} día` : `el día ${d}`);

/** The rule in words: "Cada semana: lunes, miércoles y viernes", "Cada mes, el último viernes". */
export function describeRecurrence(rule: Recurrence): string {
  const form = formRuleOf(rule);
  const end =
    rule.count !== null
      ? `, ${rule.count} ${rule.count === 1 ? 'vez' : 'veces'}`
      : rule.until
        ? `, hasta el ${rule.until.split('-').reverse().join('/')}`
        : '';
  if (form) return describeRule(form) + end;
  const parts: string[] = [everyText(rule, ...UNITS[rule.freq])];
  if (rule.byMonth.length) parts.push(`en ${joinSpanish(rule.byMonth.map((m) => MONTH_NAMES[m - 1]!))}`);
  if (rule.byMonthDay.length) {
    const positive = rule.byMonthDay.filter((d) => d > 0);
    const negative = rule.byMonthDay.filter((d) => d < 0);
    const texts = [
      ...(positive.length
        ? [`${positive.length > 1 ? 'los días' : 'el día'} ${joinSpanish(positive.map(String))}`]
        : []),
    ];
    texts.push(...negative.map(monthDayText));
    parts.push(joinSpanish(texts));
  }
  if (rule.byDay.length) {
    const plain = rule.byDay.every((d) => d.n === 0);
    parts.push(
      plain
        ? `${rule.byMonthDay.length ? 'si cae en' : 'los'} ${joinSpanish(rule.byDay.map((d) => WEEKDAY_NAMES[d.day]))}`
        : joinSpanish(rule.byDay.map((d) => `el ${ordinal(d.n)} ${WEEKDAY_NAMES[d.day]}`)),
    );
  }
  if (!rule.byMonthDay.length && !rule.byDay.length && rule.freq !== 'DAILY')
    parts.push('el mismo día que la primera fecha');
  if (rule.bySetPos.length)
    parts.push(`solo ${joinSpanish(rule.bySetPos.map((p) => `el ${p === -1 ? 'último' : ordinal(p)}`))} de esos días`);
  if (rule.wkst !== 'MO') parts.push(`semanas desde el ${WEEKDAY_NAMES[rule.wkst]}`);
  return parts.join(', ') + end;
}

const emptyParts = {
  count: null,
  until: null,
  wkst: 'MO' as Weekday,
  byMonth: [],
  byMonthDay: [],
  byDay: [],
  bySetPos: [],
};

/** Day `d`, or the last day of a shorter month: BYMONTHDAY=28..d with BYSETPOS=-1. */
function orLastDays(d: number): Pick<Recurrence, 'byMonthDay' | 'bySetPos'> {
  return { byMonthDay: Array.from({ length: d - 27 }, (_, i) => 28 + i), bySetPos: [-1] };
}

/** The full rule of a form rule. */
export function recurrenceOfRule(rule: Rule): Recurrence {
  const base: Recurrence = { ...emptyParts, freq: rule.freq, interval: rule.interval };
  switch (rule.freq) {
    case 'DAILY':
      return base;
    case 'WEEKLY':
      return { ...base, byDay: rule.days.map((day) => ({ n: 0, day })) };
    case 'MONTHLY':
      if ('nth' in rule) return { ...base, byDay: [{ n: rule.nth.pos, day: rule.nth.day }] };
      return {
        ...base,
        ...(rule.orLast && rule.monthDay > 28 ? orLastDays(rule.monthDay) : { byMonthDay: [rule.monthDay] }),
      };
    case 'YEARLY':
      return {
        ...base,
        byMonth: [rule.month],
        ...(rule.orLast && rule.monthDay > 28 ? orLastDays(rule.monthDay) : { byMonthDay: [rule.monthDay] }),
      };
  }
}

/** The "28..d, last of them" pattern: the day d (29..31), or null. */
function orLastDay(rule: Recurrence): number | null {
  const days = rule.byMonthDay;
  if (rule.bySetPos.length !== 1 || rule.bySetPos[0] !== -1 || rule.byDay.length || days.length < 2) return null;
  const last = days.at(-1)!;
  return last <= 31 && days.every((d, i) => d === 28 + i) ? last : null;
}

/** The form rule of a full rule, or null when the form's controls cannot show it. */
export function formRuleOf(rule: Recurrence): Rule | null {
  if (rule.count !== null || rule.until !== null || rule.wkst !== 'MO') return null;
  const { interval } = rule;
  const orLast = orLastDay(rule);
  switch (rule.freq) {
    case 'DAILY':
      return rule.byMonth.length || rule.byMonthDay.length || rule.byDay.length || rule.bySetPos.length
        ? null
        : { freq: 'DAILY', interval };
    case 'WEEKLY':
      if (rule.byMonth.length || rule.bySetPos.length || !rule.byDay.length) return null;
      return { freq: 'WEEKLY', interval, days: rule.byDay.map((d) => d.day) };
    case 'MONTHLY': {
      if (rule.byMonth.length) return null;
      if (orLast !== null) return { freq: 'MONTHLY', interval, monthDay: orLast, orLast: true };
      if (rule.bySetPos.length) return null;
      if (rule.byMonthDay.length === 1 && !rule.byDay.length)
        return { freq: 'MONTHLY', interval, monthDay: rule.byMonthDay[0]! };
      const nth = rule.byDay[0];
      if (rule.byDay.length === 1 && !rule.byMonthDay.length && nth && ((nth.n >= 1 && nth.n <= 5) || nth.n === -1)) {
        return { freq: 'MONTHLY', interval, nth: { pos: nth.n as 1 | 2 | 3 | 4 | 5 | -1, day: nth.day } };
      }
      return null;
    }
    case 'YEARLY': {
      if (rule.byMonth.length !== 1 || rule.byDay.length) return null;
      const month = rule.byMonth[0]!;
      if (orLast !== null)
        return orLast <= MONTH_DAYS[month - 1]!
          ? { freq: 'YEARLY', interval, month, monthDay: orLast, orLast: true }
          : null;
      if (rule.bySetPos.length || rule.byMonthDay.length !== 1) return null;
      const monthDay = rule.byMonthDay[0]!;
      return monthDay >= 1 && monthDay <= MONTH_DAYS[month - 1]! ? { freq: 'YEARLY', interval, month, monthDay } : null;
    }
  }
}

/** The form rule in `text`, or null when it is not a rule or the form's controls cannot show it. */
export function parseRule(text: string): Rule | null {
  const parsed = parseRecurrence(text);
  return parsed.ok ? formRuleOf(parsed.rule) : null;
}

/** The canonical text of a form rule. */
export function formatRule(rule: Rule): string {
  return formatRecurrence(recurrenceOfRule(rule));
}

/** A form rule in words. */
export function describeRule(rule: Rule): string {
  const every = (one: string, many: string) => everyText(rule, one, many);
  switch (rule.freq) {
    case 'DAILY':
      return every('día', 'días');
    case 'WEEKLY':
      return `${every('semana', 'semanas')}: ${joinSpanish(rule.days.map((d) => WEEKDAY_NAMES[d]))}`;
    case 'MONTHLY':
      if ('nth' in rule) return `${every('mes', 'meses')}, el ${ordinal(rule.nth.pos)} ${WEEKDAY_NAMES[rule.nth.day]}`;
      if (rule.monthDay === -1) return `${every('mes', 'meses')}, el último día`;
      if (rule.orLast)
        return `${every('mes', 'meses')}, el día ${rule.monthDay} (o el último día de los meses más cortos)`;
      return `${every('mes', 'meses')}, el día ${rule.monthDay}${rule.monthDay > 28 ? ' (los meses que lo tienen)' : ''}`;
    case 'YEARLY':
      return `${every('año', 'años')}, el ${rule.monthDay} de ${MONTH_NAMES[rule.month - 1]}${
        rule.orLast
          ? ' (o el último día del mes)'
          : rule.month === 2 && rule.monthDay === 29
            ? ' (solo los años bisiestos)'
            : ''
      }`;
  }
}

/** The rule of a schedule: its own, or every `interval` days. */
export function scheduleRecurrence(regla: string | null | undefined, interval: number): Recurrence {
  const parsed = regla ? parseRecurrence(regla) : null;
  return parsed?.ok ? parsed.rule : { ...emptyParts, freq: 'DAILY', interval };
}
