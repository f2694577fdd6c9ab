import { describe, expect, it } from 'vitest';
import { MESSAGES, formatRecurrence, parseRecurrence } from '@gestar/contracts';
import {
  chosenInterval,
  CUSTOM_INTERVAL,
  dailyRule,
  incompleteRuleErrors,
  initialRuleValues,
  intervalChoice,
  nextDatesParams,
  repetitionText,
  ruleOf,
  seriesEndBody,
  type RuleValues,
  type StoredSeries,
} from './rule-values';

const v = MESSAGES.validation;
/** A Wednesday. */
const TODAY = '2026-03-18';

const series = (regla: string, more: Partial<StoredSeries> = {}): StoredSeries => ({
  regla,
  fin: null,
  repeticiones: null,
  dias_no_laborables: 'siguiente_habil',
  anticipacion_dias: 0,
  ...more,
});

const fresh = (more: Partial<RuleValues> = {}): RuleValues => ({ ...initialRuleValues(null, TODAY), ...more });
const text = (values: RuleValues) => {
  const rule = ruleOf(values);
  return rule && formatRecurrence(rule);
};

describe('a new series', () => {
  it('starts as "every n days" from today, on today\'s weekday and day of the month, never ending', () => {
    expect(initialRuleValues(null, TODAY)).toEqual({
      mode: 'dias',
      every: 1,
      days: ['WE'],
      monthDay: '18',
      ordinal: '1',
      weekday: 'MO',
      month: '3',
      text: '',
      desde: TODAY,
      end: 'nunca',
      fin: null,
      repeticiones: '',
      policy: 'siguiente_habil',
      lead: 0,
    });
  });

  it('takes Sunday as the last weekday (Monday first)', () => {
    expect(initialRuleValues(null, '2026-03-22').days).toEqual(['SU']);
  });
});

describe('a stored series shown in the controls', () => {
  it('shows "every n days" as the daily mode', () => {
    expect(initialRuleValues(series('FREQ=DAILY;INTERVAL=7'), TODAY).mode).toBe('dias');
  });

  it('shows weekdays every two weeks', () => {
    const values = initialRuleValues(series('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR'), TODAY);
    expect(values).toMatchObject({ mode: 'semana', every: 2, days: ['MO', 'FR'] });
  });

  it('shows the last Friday of every month', () => {
    const values = initialRuleValues(series('FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR'), TODAY);
    expect(values).toMatchObject({ mode: 'mes_semana', ordinal: '-1', weekday: 'FR' });
  });

  it('shows "the 31st or the last day of shorter months" as its own option', () => {
    const values = initialRuleValues(series('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30,31;BYSETPOS=-1'), TODAY);
    expect(values).toMatchObject({ mode: 'mes_dia', every: 3, monthDay: '31u' });
  });

  it('shows a date of every year', () => {
    const values = initialRuleValues(series('FREQ=YEARLY;INTERVAL=1;BYMONTH=7;BYMONTHDAY=9'), TODAY);
    expect(values).toMatchObject({ mode: 'anio', month: '7', monthDay: '9' });
  });

  it('keeps a rule the controls cannot build (a calendar application\'s) as its text', () => {
    const regla = 'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1';
    expect(initialRuleValues(series(regla), TODAY)).toMatchObject({ mode: 'regla', text: regla });
  });

  it('shows how it ends and meets the calendar', () => {
    expect(initialRuleValues(series('FREQ=DAILY;INTERVAL=1', { fin: '2026-12-31T03:00:00.000Z' }), TODAY)).toMatchObject({
      end: 'fecha',
    });
    expect(
      initialRuleValues(series('FREQ=DAILY;INTERVAL=1', { repeticiones: 12, dias_no_laborables: 'omitir', anticipacion_dias: 3 }), TODAY),
    ).toMatchObject({ end: 'repeticiones', repeticiones: 12, fin: null, policy: 'omitir', lead: 3 });
  });
});

describe('the rule the controls describe', () => {
  it('is none in "every n days" mode (the interval says it)', () => {
    expect(ruleOf(fresh())).toBeNull();
  });

  it('builds each mode\'s rule, and reads back to the same controls', () => {
    const cases: [Partial<RuleValues>, string][] = [
      [{ mode: 'semana', every: 2, days: ['TU', 'TH'] }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH'],
      [{ mode: 'mes_dia', every: 1, monthDay: '15' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15'],
      [{ mode: 'mes_dia', every: 1, monthDay: '30u' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30;BYSETPOS=-1'],
      [{ mode: 'mes_dia', every: 1, monthDay: '-1' }, 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1'],
      [{ mode: 'mes_semana', every: 1, ordinal: '2', weekday: 'WE' }, 'FREQ=MONTHLY;INTERVAL=1;BYDAY=2WE'],
      [{ mode: 'anio', every: 1, month: '2', monthDay: '29u' }, 'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1'],
    ];
    for (const [controls, expected] of cases) {
      const values = fresh(controls);
      expect(text(values)).toBe(expected);
      expect(initialRuleValues(series(expected), TODAY)).toMatchObject(controls);
    }
  });

  it('is none while a control is incomplete or impossible', () => {
    expect(ruleOf(fresh({ mode: 'semana', days: [] }))).toBeNull();
    expect(ruleOf(fresh({ mode: 'semana', every: '' }))).toBeNull();
    expect(ruleOf(fresh({ mode: 'mes_dia', every: 0 }))).toBeNull();
    expect(ruleOf(fresh({ mode: 'mes_dia', every: 1.5 }))).toBeNull();
    // The 31st of February, or of April, never comes.
    expect(ruleOf(fresh({ mode: 'anio', month: '2', monthDay: '31' }))).toBeNull();
    expect(ruleOf(fresh({ mode: 'anio', month: '4', monthDay: '31' }))).toBeNull();
  });

  it('takes a typed RRULE in canonical form, and none while it does not parse', () => {
    expect(text(fresh({ mode: 'regla', text: 'rrule:freq=weekly;byday=fr,mo' }))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,FR');
    expect(ruleOf(fresh({ mode: 'regla', text: 'FREQ=HOURLY' }))).toBeNull();
  });
});

describe('what the contract cannot say of an incomplete control', () => {
  it('asks for a weekday, an interval, an end date and a count, under each control\'s key', () => {
    const noDays = fresh({ mode: 'semana', days: [], end: 'fecha', fin: null });
    expect(incompleteRuleErrors(noDays, ruleOf(noDays))).toEqual({ days: v.weekdaysRequired, fin: v.fechaRequired });
    const noEvery = fresh({ mode: 'mes_dia', every: '', end: 'repeticiones', repeticiones: '' });
    expect(incompleteRuleErrors(noEvery, ruleOf(noEvery))).toEqual({ regla: v.intervalMin, repeticiones: v.repeticionesRange });
  });

  it('gives the parser\'s own reason for a typed rule', () => {
    const typed = fresh({ mode: 'regla', text: 'FREQ=DAILY;BYHOUR=9' });
    const reason = parseRecurrence(typed.text);
    expect(reason.ok).toBe(false);
    expect(incompleteRuleErrors(typed, null)).toEqual({ regla: !reason.ok && reason.message });
  });

  it('finds nothing missing in a complete rule or in "every n days"', () => {
    const weekly = fresh({ mode: 'semana', days: ['MO'] });
    expect(incompleteRuleErrors(weekly, ruleOf(weekly))).toEqual({});
    expect(incompleteRuleErrors(fresh(), null)).toEqual({});
  });
});

describe('how a save sends the end of the series', () => {
  it('sends only the chosen end on a new series', () => {
    expect(seriesEndBody(fresh({ end: 'fecha', fin: '2026-12-31', repeticiones: 4, policy: 'generar', lead: 2 }), false)).toEqual({
      fin: '2026-12-31',
      repeticiones: undefined,
      dias_no_laborables: 'generar',
      anticipacion_dias: 2,
    });
  });

  it('clears the end it drops on an edit', () => {
    expect(seriesEndBody(fresh({ end: 'repeticiones', fin: '2026-12-31', repeticiones: 4 }), true)).toMatchObject({
      fin: null,
      repeticiones: 4,
    });
    expect(seriesEndBody(fresh({ end: 'nunca', fin: '2026-12-31', repeticiones: 4 }), true)).toMatchObject({ fin: null, repeticiones: null });
  });
});

describe('the interval of "every n days"', () => {
  it('shows a preset as itself and any other number as "Personalizado"', () => {
    expect(intervalChoice(15)).toEqual({ preset: '15', customInterval: '' });
    expect(intervalChoice(10)).toEqual({ preset: CUSTOM_INTERVAL, customInterval: 10 });
    expect(intervalChoice(undefined)).toEqual({ preset: '1', customInterval: '' });
  });

  it('reads back the preset\'s days or the number typed', () => {
    expect(chosenInterval(intervalChoice(30))).toBe('30');
    expect(chosenInterval({ preset: CUSTOM_INTERVAL, customInterval: 10 })).toBe(10);
    expect(chosenInterval({ preset: CUSTOM_INTERVAL, customInterval: '' })).toBe('');
  });

  it('is the daily rule with that interval', () => {
    expect(formatRecurrence(dailyRule(7))).toBe('FREQ=DAILY;INTERVAL=7');
  });
});

describe('a schedule\'s repetition in a table', () => {
  it('says the days of "every n days" and the rule in words otherwise', () => {
    expect(repetitionText({ regla: 'FREQ=DAILY;INTERVAL=1', regla_descripcion: 'Cada día', intervalo_repeticion: 1 })).toBe('1 día');
    expect(repetitionText({ regla: 'FREQ=DAILY;INTERVAL=15', regla_descripcion: 'Cada 15 días', intervalo_repeticion: 15 })).toBe('15 días');
    expect(repetitionText({ regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO', regla_descripcion: 'Cada semana, el lunes', intervalo_repeticion: 7 })).toBe(
      'Cada semana, el lunes',
    );
  });
});

describe('the next dates\' query', () => {
  const weekly = ruleOf(fresh({ mode: 'semana', days: ['MO'] }));

  it('asks nothing without a rule', () => {
    expect(nextDatesParams(null, TODAY, fresh())).toBeNull();
  });

  it('asks five dates of the rule from the start, with the calendar policy', () => {
    expect(nextDatesParams(weekly, '2026-04-01', fresh({ policy: 'anterior_habil' }))).toEqual({
      regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
      desde: '2026-04-01',
      dias_no_laborables: 'anterior_habil',
      n: 5,
    });
  });

  it('adds a lead, an end date or a count only when they are complete', () => {
    expect(nextDatesParams(weekly, TODAY, fresh({ lead: 3, end: 'fecha', fin: '2026-06-30' }))).toMatchObject({
      anticipacion_dias: 3,
      fin: '2026-06-30',
    });
    expect(nextDatesParams(weekly, TODAY, fresh({ end: 'repeticiones', repeticiones: '4' }))).toMatchObject({ repeticiones: 4 });
    const incomplete = nextDatesParams(weekly, TODAY, fresh({ lead: '', end: 'repeticiones', repeticiones: '' }))!;
    expect(Object.keys(incomplete).sort()).toEqual(['desde', 'dias_no_laborables', 'n', 'regla']);
    expect(nextDatesParams(weekly, TODAY, fresh({ end: 'fecha', fin: null }))).not.toHaveProperty('fin');
  });
});
