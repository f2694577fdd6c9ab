import { DEFAULT_TIMEZONE, diffCalendarDays } from '@gestar/contracts';

export type DueState = 'overdue' | 'soon' | 'later';

export const DUE_LABELS: Record<DueState, string> = {
  overdue: 'Vencida:',
  soon: 'Vence pronto:',
  later: 'Vencimiento:',
};

export const DUE_COLORS: Record<DueState, string> = { overdue: 'red', soon: 'yellow', later: 'gray' };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `calendarDateIn` of the contracts with one formatter per time zone: building an
 * `Intl.DateTimeFormat` costs far more than using one, and the board converts
 * two dates per card (500 cards: about a second of main thread on a busy machine).
 */
export function calendarDate(value: string | Date, timeZone: string = DEFAULT_TIMEZONE): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Fecha no válida: ${String(value)}`);
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * SPEC section 2.4: before today 'Vencida', today or tomorrow 'Vence pronto',
 * else 'Vencimiento'; compared as calendar dates in the company time zone.
 */
export function dueState(dueDate: string | null | undefined, now: Date = new Date()): DueState | null {
  if (!dueDate) return null;
  const days = diffCalendarDays(calendarDate(now), calendarDate(dueDate));
  if (days < 0) return 'overdue';
  if (days <= 1) return 'soon';
  return 'later';
}
