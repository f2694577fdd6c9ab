import { describeRule, formatRule, parseRule, scheduleRule } from './recurrence';

describe('recurrence rules', () => {
  it.each([
    ['FREQ=DAILY', 'FREQ=DAILY;INTERVAL=1', 'Cada día'],
    ['FREQ=DAILY;INTERVAL=3', 'FREQ=DAILY;INTERVAL=3', 'Cada 3 días'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR', 'Cada semana: lunes, miércoles y viernes'],
    ['freq=weekly;interval=2;byday=fr,mo', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR', 'Cada 2 semanas: lunes y viernes'],
    ['FREQ=WEEKLY;BYDAY=SA', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA', 'Cada semana: sábado'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31', 'Cada mes, el día 31 (o el último día del mes)'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15', 'Cada mes, el día 15'],
    ['FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', 'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1', 'Cada 3 meses, el último día'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', 'Cada mes, el último viernes'],
    ['RRULE:FREQ=MONTHLY;BYDAY=1MO', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO', 'Cada mes, el primer lunes'],
    ['FREQ=MONTHLY;BYDAY=3WE', 'FREQ=MONTHLY;INTERVAL=1;BYDAY=3WE', 'Cada mes, el tercer miércoles'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=29', 'Cada año, el 29 de febrero'],
    ['FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=1', 'FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=1', 'Cada 2 años, el 1 de diciembre'],
  ])('%s -> %s, "%s"', (text, canonical, words) => {
    const rule = parseRule(text);
    expect(rule).not.toBeNull();
    expect(formatRule(rule!)).toBe(canonical);
    expect(describeRule(rule!)).toBe(words);
    expect(parseRule(canonical)).toEqual(rule);
  });

  it.each([
    '',
    'FREQ=HOURLY',
    'FREQ=DAILY;INTERVAL=0',
    'FREQ=DAILY;INTERVAL=366',
    'FREQ=DAILY;COUNT=5',
    'FREQ=DAILY;UNTIL=20301231',
    'FREQ=WEEKLY',
    'FREQ=WEEKLY;BYDAY=MO,MO',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=MONTHLY',
    'FREQ=MONTHLY;BYMONTHDAY=32',
    'FREQ=MONTHLY;BYMONTHDAY=0',
    'FREQ=MONTHLY;BYDAY=5FR',
    'FREQ=MONTHLY;BYDAY=FR',
    'FREQ=MONTHLY;BYDAY=1MO;BYMONTHDAY=3',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1',
    'FREQ=DAILY;FREQ=WEEKLY',
    'FREQ=DAILY;INTERVAL',
  ])('refuses %j', (text) => {
    expect(parseRule(text)).toBeNull();
  });

  it('a schedule without a rule repeats every interval days', () => {
    expect(scheduleRule(null, 7)).toEqual({ freq: 'DAILY', interval: 7 });
    expect(scheduleRule('FREQ=WEEKLY;BYDAY=TU', 7)).toEqual({ freq: 'WEEKLY', interval: 1, days: ['TU'] });
  });
});
