import { describe, expect, it } from 'vitest';
import { dueState } from './due-date';
import { dueLabel } from './due-label';

/** An instant in the company's time zone (Buenos Aires, UTC-3). */
const at = (local: string) => new Date(`${local}-03:00`);
const NOON = at('2026-03-18T12:00:00');

describe('due state (SPEC section 2.4)', () => {
  it('is overdue before today, soon today and tomorrow, and later after that', () => {
    expect(dueState('2026-03-17T15:00:00.000Z', NOON)).toBe('overdue');
    expect(dueState('2026-03-18T15:00:00.000Z', NOON)).toBe('soon');
    expect(dueState('2026-03-19T15:00:00.000Z', NOON)).toBe('soon');
    expect(dueState('2026-03-20T15:00:00.000Z', NOON)).toBe('later');
  });

  it('compares calendar days in the company time zone, not in UTC', () => {
    // 23:59 on the 17th in Buenos Aires is already the 18th in UTC: still yesterday, so overdue.
    expect(dueState(at('2026-03-17T23:59:00').toISOString(), NOON)).toBe('overdue');
    // 22:00 on the 19th there is the 20th in UTC: still tomorrow, so soon.
    expect(dueState(at('2026-03-19T22:00:00').toISOString(), NOON)).toBe('soon');
    // At 23:30 on the 18th (the 19th in UTC), a task due that morning is due today, not overdue.
    expect(dueState(at('2026-03-18T09:00:00').toISOString(), at('2026-03-18T23:30:00'))).toBe('soon');
  });

  it('counts whole days however late the due time is', () => {
    expect(dueState(at('2026-03-20T00:00:00').toISOString(), at('2026-03-18T23:59:00'))).toBe('later');
    expect(dueState(at('2026-03-19T23:59:00').toISOString(), at('2026-03-18T00:00:00'))).toBe('soon');
  });

  it('takes a bare calendar day as that day', () => {
    expect(dueState('2026-03-17', NOON)).toBe('overdue');
    expect(dueState('2026-03-19', NOON)).toBe('soon');
  });

  it('has no state without a date', () => {
    expect(dueState(null, NOON)).toBeNull();
    expect(dueState(undefined, NOON)).toBeNull();
    expect(dueState('', NOON)).toBeNull();
  });
});

describe('the card\'s due label', () => {
  it('says the state and the date in Spanish, in the company\'s day', () => {
    expect(dueLabel(at('2026-03-17T23:59:00').toISOString(), false, NOON)).toEqual({ state: 'overdue', text: 'Vencida: 17 mar 2026' });
    expect(dueLabel('2026-03-19T15:00:00.000Z', false, NOON)).toEqual({ state: 'soon', text: 'Vence pronto: 19 mar 2026' });
    expect(dueLabel('2026-04-02T15:00:00.000Z', false, NOON)).toEqual({ state: 'later', text: 'Vencimiento: 02 abr 2026' });
  });

  it('never calls a finished task overdue', () => {
    expect(dueLabel('2026-03-01T15:00:00.000Z', true, NOON)).toEqual({ state: 'later', text: 'Vencimiento: 01 mar 2026' });
  });

  it('shows nothing without a date, finished or not', () => {
    expect(dueLabel(null, false, NOON)).toBeNull();
    expect(dueLabel(undefined, true, NOON)).toBeNull();
  });
});
