// Kept free of the app's modules: the browser specs (e2e/board-card.spec.ts) import it in Node.
import { calendarDateIn, diffCalendarDays } from '@gestar/contracts';

export type DueState = 'overdue' | 'soon' | 'later';

export const DUE_LABELS: Record<DueState, string> = {
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

