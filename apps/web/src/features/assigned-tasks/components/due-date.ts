import { calendarDateIn, diffCalendarDays } from '@gestar/contracts';
import { formatDate } from '../../../lib/dates';

export type DueState = 'overdue' | 'soon' | 'later';

const DUE_LABELS: Record<DueState, string> = {
  overdue: 'Vencida:',
  soon: 'Vence pronto:',
  later: 'Vencimiento:',
};

/**
 * SPEC section 2.4: before today 'Vencida', today or tomorrow 'Vence pronto',
 * else 'Vencimiento'; compared as calendar dates in the company time zone.
 */
export function dueState(dueDate: string | null | undefined, now: Date = new Date()): DueState | null {
  if (!dueDate) return null;
  const days = diffCalendarDays(calendarDateIn(now), calendarDateIn(dueDate));
  if (days < 0) return 'overdue';
  if (days <= 1) return 'soon';
  return 'later';
}

/**
 * A card's due line: its state and 'Vencida: 12 mar 2026'; nothing without a date. A finished task
 * (its status is in the `terminada` category) is never overdue: always 'Vencimiento:'.
 */
export function dueLabel(
  dueDate: string | null | undefined,
  finished = false,
  now: Date = new Date(),
): { state: DueState; text: string } | null {
  if (!dueDate) return null;
  const state = finished ? 'later' : dueState(dueDate, now)!;
  return { state, text: `${DUE_LABELS[state]} ${formatDate(dueDate)}` };
}
