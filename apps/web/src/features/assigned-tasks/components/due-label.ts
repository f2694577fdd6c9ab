import { formatDate } from '../../../lib/dates';
import { DUE_LABELS, dueState, type DueState } from './due-date';

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
