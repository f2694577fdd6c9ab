/**
 * Recurrence rules of a schedule (issue 19): the subset of RFC 5545 RRULE the schedules form
 * offers, parsed, written back in one canonical text, and described in plain Spanish. The dates
 * themselves are computed by the API (rrule); this module has no dates, so the web can describe a
 * rule without the library.
 *
 * - `FREQ=DAILY;INTERVAL=n`: every n days (the old `intervalo_repeticion`).
 * - `FREQ=WEEKLY;INTERVAL=n;BYDAY=MO,WE,FR`: every n weeks on those weekdays.
 * - `FREQ=MONTHLY;INTERVAL=n;BYMONTHDAY=d`: day d of every n months; a day the month lacks is its
 *   last day (31 in February is the 28th or 29th, never March). `BYMONTHDAY=-1`: the last day.
 * - `FREQ=MONTHLY;INTERVAL=n;BYDAY=2TU` / `-1FR`: the second Tuesday / the last Friday.
 * - `FREQ=YEARLY;INTERVAL=n;BYMONTH=m;BYMONTHDAY=d`: every n years on that day (29 February is the
 *   28th in other years).
 * An end goes in the schedule's `fin` (a date) or `repeticiones` (a count), not in the rule.
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
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const MAX_RULE_INTERVAL = 365;

export type Rule =
  | { freq: 'DAILY'; interval: number }
  | { freq: 'WEEKLY'; interval: number; days: Weekday[] }
  | { freq: 'MONTHLY'; interval: number; monthDay: number }
  | { freq: 'MONTHLY'; interval: number; nth: { pos: 1 | 2 | 3 | 4 | -1; day: Weekday } }
  | { freq: 'YEARLY'; interval: number; month: number; monthDay: number };

const NTH = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/;

/** The rule in `text` (with or without the `RRULE:` prefix), or null when it is not one Gestar offers. */
export function parseRule(text: string): Rule | null {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) return null;
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const [name, value, extra] = part.split('=');
    if (!name || value === undefined || extra !== undefined || parts.has(name.toUpperCase())) return null;
    parts.set(name.toUpperCase(), value.toUpperCase());
  }
  const freq = parts.get('FREQ');
  const intervalText = parts.get('INTERVAL') ?? '1';
  if (!/^\d{1,3}$/.test(intervalText)) return null;
  const interval = Number(intervalText);
  if (interval < 1 || interval > MAX_RULE_INTERVAL) return null;
  const allowed = (...names: string[]) => [...parts.keys()].every((k) => ['FREQ', 'INTERVAL', ...names].includes(k));
  const int = (name: string) => {
    const value = parts.get(name);
    return value !== undefined && /^-?\d{1,2}$/.test(value) ? Number(value) : null;
  };
  switch (freq) {
    case 'DAILY':
      return allowed() ? { freq, interval } : null;
    case 'WEEKLY': {
      if (!allowed('BYDAY')) return null;
      const days = (parts.get('BYDAY') ?? '').split(',');
      if (!days.every((d): d is Weekday => (WEEKDAYS as readonly string[]).includes(d))) return null;
      if (new Set(days).size !== days.length) return null;
      return { freq, interval, days: WEEKDAYS.filter((d) => days.includes(d)) };
    }
    case 'MONTHLY': {
      if (parts.has('BYDAY')) {
        if (!allowed('BYDAY')) return null;
        const m = NTH.exec(parts.get('BYDAY')!);
        if (!m) return null;
        return { freq, interval, nth: { pos: Number(m[1]) as 1 | 2 | 3 | 4 | -1, day: m[2] as Weekday } };
      }
      if (!allowed('BYMONTHDAY')) return null;
      const monthDay = int('BYMONTHDAY');
      if (monthDay === null || !(monthDay === -1 || (monthDay >= 1 && monthDay <= 31))) return null;
      return { freq, interval, monthDay };
    }
    case 'YEARLY': {
      if (!allowed('BYMONTH', 'BYMONTHDAY')) return null;
      const month = int('BYMONTH');
      const monthDay = int('BYMONTHDAY');
      if (month === null || month < 1 || month > 12 || monthDay === null) return null;
      if (monthDay < 1 || monthDay > MONTH_DAYS[month - 1]!) return null;
      return { freq, interval, month, monthDay };
    }
    default:
      return null;
  }
}

/** The canonical text of a rule (what the API stores and answers). */
export function formatRule(rule: Rule): string {
  const head = `FREQ=${rule.freq};INTERVAL=${rule.interval}`;
  switch (rule.freq) {
    case 'DAILY':
      return head;
    case 'WEEKLY':
      return `${head};BYDAY=${rule.days.join(',')}`;
    case 'MONTHLY':
      return 'nth' in rule ? `${head};BYDAY=${rule.nth.pos}${rule.nth.day}` : `${head};BYMONTHDAY=${rule.monthDay}`;
    case 'YEARLY':
      return `${head};BYMONTH=${rule.month};BYMONTHDAY=${rule.monthDay}`;
  }
}

/** "lunes, miércoles y viernes". */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

const ORDINALS: Record<number, string> = { 1: 'primer', 2: 'segundo', 3: 'tercer', 4: 'cuarto', [-1]: 'último' };

/** The rule in words: "Cada semana: lunes, miércoles y viernes", "Cada mes, el último viernes". */
export function describeRule(rule: Rule): string {
  const every = (one: string, many: string) => (rule.interval === 1 ? `Cada ${one}` : `Cada ${rule.interval} ${many}`);
  switch (rule.freq) {
    case 'DAILY':
      return every('día', 'días');
    case 'WEEKLY':
      return `${every('semana', 'semanas')}: ${joinSpanish(rule.days.map((d) => WEEKDAY_NAMES[d]))}`;
    case 'MONTHLY':
      if ('nth' in rule) return `${every('mes', 'meses')}, el ${ORDINALS[rule.nth.pos]} ${WEEKDAY_NAMES[rule.nth.day]}`;
      if (rule.monthDay === -1) return `${every('mes', 'meses')}, el último día`;
      return `${every('mes', 'meses')}, el día ${rule.monthDay}${rule.monthDay > 28 ? ' (o el último día del mes)' : ''}`;
    case 'YEARLY':
      return `${every('año', 'años')}, el ${rule.monthDay} de ${MONTH_NAMES[rule.month - 1]}`;
  }
}

/** The rule of a schedule: its own, or every `interval` days. */
export function scheduleRule(regla: string | null | undefined, interval: number): Rule {
  return (regla ? parseRule(regla) : null) ?? { freq: 'DAILY', interval };
}
