import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRecurrence, formatRecurrence } from '../recurrence';
import { recurrenceDates, walkRecurrence } from '../rule-engine';

/**
 * The rule engine against an independent one: each case's dates were written by python-dateutil
 * (scripts/recurrence-conformance.py), committed here as data.
 */
interface Case {
  regla: string;
  inicio: string;
  fechas: string[];
}
const table = JSON.parse(readFileSync(join(__dirname, 'recurrence-conformance.json'), 'utf8')) as {
  engine: string;
  take: number;
  cases: Case[];
};

const ruleOf = (text: string) => {
  const parsed = parseRecurrence(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.rule;
};

describe('recurrence conformance with python-dateutil', () => {
  it('holds at least 60 rules', () => {
    expect(table.engine).toBe('python-dateutil');
    expect(table.cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(table.cases.map((c) => [c.regla, c.inicio, c]))('%s from %s', (_regla, _inicio, c) => {
    const { regla, inicio, fechas } = c as Case;
    const rule = ruleOf(regla);
    // Without its usual bound on the work, the engine walks as far as dateutil did (centuries for 5MO in February).
    expect(recurrenceDates(rule, inicio, table.take, inicio, 1e9, Infinity)).toEqual(fechas);
    // Within it, the same dates (or, for the sparsest rules, the first of them).
    const bounded = recurrenceDates(rule, inicio, table.take, inicio, undefined, Infinity);
    expect(bounded).toEqual(fechas.slice(0, bounded.length));
    expect(bounded.length).toBeGreaterThanOrEqual(Math.min(fechas.length, 4));
    // The canonical text means the same dates.
    expect(recurrenceDates(ruleOf(formatRecurrence(rule)), inicio, table.take, inicio, 1e9, Infinity)).toEqual(fechas);
    // Walking from a later date (jumping to its period) gives the rest of the same series.
    for (const cut of [3, 7]) {
      const from = fechas[cut];
      if (!from) continue;
      expect(recurrenceDates(rule, inicio, table.take - cut, from, 1e9, Infinity)).toEqual(fechas.slice(cut));
    }
  });

  it('a rule with no date ends its walk at once within its bound', () => {
    for (const regla of [
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31',
      'FREQ=WEEKLY;BYMONTH=2;BYDAY=MO;BYSETPOS=9',
    ]) {
      const began = performance.now();
      let seen = 0;
      const end = walkRecurrence(ruleOf(regla), '2030-01-01', '2030-01-01', () => ++seen > 0);
      expect(['done', 'exhausted']).toContain(end);
      expect(seen).toBe(0);
      expect(performance.now() - began).toBeLessThan(100);
    }
  });
});
