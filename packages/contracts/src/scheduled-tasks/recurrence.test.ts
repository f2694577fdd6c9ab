import { MESSAGES } from '../messages';
import {
  describeRecurrence,
  describeRule,
  formatRecurrence,
  formatRule,
  parseRecurrence,
  parseRule,
  scheduleRecurrence,
} from './recurrence';

const v = MESSAGES.validation;

describe('recurrence rules', () => {
  it.each([
    ['FREQ=DAILY', 'FREQ=DAILY;INTERVAL=1', 'Cada día'],
    ['FREQ=DAILY;INTERVAL=3', 'FREQ=DAILY;INTERVAL=3', 'Cada 3 días'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR', 'Cada semana: lunes, miércoles y viernes'],
    ['freq=weekly;interval=2;byday=fr,mo', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', 'Cada 2 semanas: lunes y viernes'],
    ['FREQ=WEEKLY;BYDAY=SA', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', 'Cada semana: sábado'],
    [
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31',
      'Cada mes, el día 31 (los meses que lo tienen)',
    ],
    [
      'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      'Cada mes, el día 31 (o el último día de los meses más cortos)',
    ],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15', 'Cada mes, el día 15'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', 'Cada 3 meses, el último día'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', 'Cada mes, el último viernes'],
    ['RRULE:FREQ=MONTHLY;BYDAY=1MO', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO', 'Cada mes, el primer lunes'],
    ['FREQ=MONTHLY;BYDAY=+2TU', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU', 'Cada mes, el segundo martes'],
    ['FREQ=MONTHLY;BYDAY=5FR', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=5FR', 'Cada mes, el quinto viernes'],
    [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=29',
      'Cada año, el 29 de febrero (solo los años bisiestos)',
    ],
    [
      'FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=1',
      'FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=1',
      'Cada 2 años, el 1 de diciembre',
    ],
  ])('form rule %s -> %s, "%s"', (text, canonical, words) => {
    const rule = parseRule(text);
    expect(rule).not.toBeNull();
    expect(formatRule(rule!)).toBe(canonical);
    expect(describeRule(rule!)).toBe(words);
    expect(parseRule(canonical)).toEqual(rule);
  });

  it.each([
    ['FREQ=WEEKLY', 'FREQ=WEEKLY;INTERVAL=1', 'Cada semana, el mismo día que la primera fecha'],
    ['FREQ=MONTHLY;BYMONTHDAY=1,-1', 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=1,-1', 'Cada mes, el día 1 y el último día'],
    [
      'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'Cada mes, los lunes, martes, miércoles, jueves y viernes, solo el último de esos días',
    ],
    [
      'FREQ=MONTHLY;BYDAY=-2MO;COUNT=4',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=-2MO;COUNT=4',
      'Cada mes, el penúltimo lunes, 4 veces',
    ],
    [
      'FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=13;BYDAY=FR',
      'Cada mes, el día 13, si cae en viernes',
    ],
    [
      'FREQ=WEEKLY;BYDAY=MO;WKST=SU;UNTIL=20301231T235959Z',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;WKST=SU;UNTIL=20301231',
      'Cada semana, los lunes, semanas desde el domingo, hasta el 31/12/2030',
    ],
  ])('RFC 5545 rule %s -> %s, "%s"', (text, canonical, words) => {
    const parsed = parseRecurrence(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(formatRecurrence(parsed.rule)).toBe(canonical);
    expect(describeRecurrence(parsed.rule)).toBe(words);
    expect(parseRecurrence(canonical)).toEqual(parsed);
  });

  it.each([
    ['', v.ruleInvalid],
    ['FREQ=HOURLY', v.ruleFreqUnsupported],
    ['FREQ=MINUTELY;INTERVAL=5', v.ruleFreqUnsupported],
    ['FREQ=DAILY;BYHOUR=8', v.rulePartUnsupported],
    ['FREQ=YEARLY;BYWEEKNO=20', v.rulePartUnsupported],
    ['FREQ=YEARLY;BYYEARDAY=100', v.rulePartUnsupported],
    ['FREQ=DAILY;INTERVAL=0', v.ruleInvalid],
    ['FREQ=DAILY;INTERVAL=366', v.ruleInvalid],
    ['FREQ=DAILY;COUNT=5;UNTIL=20301231', v.ruleCountAndUntil],
    ['FREQ=DAILY;COUNT=0', v.repeticionesRange],
    ['FREQ=DAILY;UNTIL=20300230', v.ruleInvalid],
    ['FREQ=DAILY;UNTIL=00400229', v.ruleInvalid],
    ['FREQ=WEEKLY;BYDAY=MO,MO', v.ruleInvalid],
    ['FREQ=WEEKLY;BYDAY=XX', v.ruleInvalid],
    ['FREQ=WEEKLY;BYDAY=1MO', v.ruleInvalid],
    ['FREQ=WEEKLY;BYMONTHDAY=3', v.ruleInvalid],
    ['FREQ=MONTHLY;BYMONTHDAY=32', v.ruleInvalid],
    ['FREQ=MONTHLY;BYMONTHDAY=0', v.ruleInvalid],
    ['FREQ=MONTHLY;BYDAY=6FR', v.ruleInvalid],
    ['FREQ=MONTHLY;BYDAY=0FR', v.ruleInvalid],
    ['FREQ=MONTHLY;BYDAY=FR,1MO', v.ruleInvalid],
    ['FREQ=MONTHLY;BYSETPOS=1', v.ruleInvalid],
    ['FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1', v.ruleInvalid],
    ['FREQ=DAILY;FREQ=WEEKLY', v.ruleInvalid],
    ['FREQ=DAILY;INTERVAL', v.ruleInvalid],
    ['FREQ=DAILY;WKST=XX', v.ruleInvalid],
  ])('refuses %j with its reason', (text, message) => {
    expect(parseRecurrence(text)).toEqual({ ok: false, message });
  });

  it('the form shows only what its controls can build', () => {
    expect(parseRule('FREQ=MONTHLY;BYMONTHDAY=1,15')).toBeNull();
    expect(parseRule('FREQ=DAILY;COUNT=3')).toBeNull();
    expect(parseRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1')).toEqual({
      freq: 'YEARLY',
      interval: 1,
      month: 2,
      monthDay: 29,
      orLast: true,
    });
  });

  it('a schedule without a rule repeats every interval days', () => {
    expect(formatRecurrence(scheduleRecurrence(null, 7))).toBe('FREQ=DAILY;INTERVAL=7');
    expect(formatRecurrence(scheduleRecurrence('FREQ=WEEKLY;BYDAY=TU', 7))).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=TU');
  });
});
