import { addDaysToCalendarDate, todayIn } from '@gestar/contracts';
import { dueOf, previewDates, type Series } from './rule-dates';

const series = (regla: string | null, over: Partial<Series> = {}): Series => ({
  regla,
  intervalo: 1,
  inicio: '2028-01-01',
  fin: null,
  repeticiones: null,
  ...over,
});
const weekday = (date: string) => ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${date}T00:00:00Z`).getUTCDay()];

describe('rule dates', () => {
  it.each<[string, string | null, Partial<Series>, string, string[]]>([
    [
      'every 3 days without a rule (as before)',
      null,
      { intervalo: 3, inicio: '2028-01-01' },
      '2028-01-01',
      ['2028-01-01', '2028-01-04', '2028-01-07', '2028-01-10'],
    ],
    [
      'monday, wednesday and friday',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR',
      {},
      '2028-01-01',
      ['2028-01-03', '2028-01-05', '2028-01-07', '2028-01-10', '2028-01-12'],
    ],
    [
      'every 2 weeks on tuesday, counted from the start week',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      { inicio: '2028-01-03' },
      '2028-01-03',
      ['2028-01-04', '2028-01-18', '2028-02-01', '2028-02-15'],
    ],
    [
      'day 31: skipped by the months that lack it (RFC 5545)',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=31',
      {},
      '2028-01-01',
      ['2028-01-31', '2028-03-31', '2028-05-31', '2028-07-31', '2028-08-31', '2028-10-31'],
    ],
    [
      'day 31, or the last day of shorter months: leap February',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      {},
      '2028-01-01',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31', '2028-06-30'],
    ],
    [
      'day 31, or the last day, in a common year: 28 February, never March',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
      { inicio: '2027-01-01' },
      '2027-01-01',
      ['2027-01-31', '2027-02-28', '2027-03-31'],
    ],
    [
      'day 30 skips February',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=30',
      { inicio: '2027-01-01' },
      '2027-01-01',
      ['2027-01-30', '2027-03-30', '2027-04-30'],
    ],
    [
      'the last day every 3 months',
      'FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1',
      {},
      '2028-01-01',
      ['2028-01-31', '2028-04-30', '2028-07-31', '2028-10-31'],
    ],
    [
      'the last friday',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR',
      {},
      '2028-01-01',
      ['2028-01-28', '2028-02-25', '2028-03-31', '2028-04-28'],
    ],
    [
      'the first monday',
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO',
      {},
      '2028-01-01',
      ['2028-01-03', '2028-02-07', '2028-03-06'],
    ],
    [
      '29 February: leap years only',
      'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=29',
      {},
      '2028-01-01',
      ['2028-02-29', '2032-02-29', '2036-02-29'],
    ],
    [
      '29 February, or the 28th in other years',
      'FREQ=YEARLY;INTERVAL=1;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1',
      {},
      '2028-01-01',
      ['2028-02-29', '2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29'],
    ],
    [
      'an end date',
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
      { fin: '2028-01-17' },
      '2028-01-01',
      ['2028-01-03', '2028-01-10', '2028-01-17'],
    ],
    [
      'a count',
      'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15',
      { repeticiones: 2 },
      '2028-01-01',
      ['2028-01-15', '2028-02-15'],
    ],
    [
      'an end date without a rule',
      null,
      { intervalo: 7, fin: '2028-01-20' },
      '2028-01-01',
      ['2028-01-01', '2028-01-08', '2028-01-15'],
    ],
  ])('%s', (_name, regla, over, from, expected) => {
    expect(previewDates(series(regla, over), from, expected.length)).toEqual(expected);
    // An end stops the series there: asking for more answers no more.
    if (over.fin || over.repeticiones)
      expect(previewDates(series(regla, over), from, expected.length + 5)).toEqual(expected);
  });

  it('weekly dates always fall on the chosen weekdays, for a year', () => {
    const dates = previewDates(series('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR'), '2028-01-01', 50);
    expect(dates).toHaveLength(50);
    expect(new Set(dates.map(weekday))).toEqual(new Set(['MO', 'WE', 'FR']));
  });

  describe('what a schedule owes on a day', () => {
    const weekly = series('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR');
    it('nothing before its next date', () => {
      expect(dueOf(weekly, '2028-01-03', '2028-01-02', 0)).toBeNull();
    });
    it('its date, and the next one', () => {
      expect(dueOf(weekly, '2028-01-03', '2028-01-03', 0)).toEqual({
        occurrence: '2028-01-03',
        next: '2028-01-05',
        skipped: 0,
        ends: false,
      });
    });
    it('after downtime only the latest missed date', () => {
      expect(dueOf(weekly, '2028-01-03', '2028-01-11', 0)).toEqual({
        occurrence: '2028-01-10',
        next: '2028-01-12',
        skipped: 3,
        ends: false,
      });
    });
    it('the last date of a count ends the schedule; past it nothing more is produced', () => {
      const three = { ...weekly, repeticiones: 3 };
      expect(dueOf(three, '2028-01-07', '2028-01-07', 2)).toEqual({
        occurrence: '2028-01-07',
        next: '2028-01-10',
        skipped: 0,
        ends: true,
      });
      expect(dueOf(three, '2028-01-10', '2028-01-10', 3)).toMatchObject({ occurrence: null, ends: true });
    });
    it('an end date: the last date ends it; a date past it is not produced', () => {
      const until = { ...weekly, fin: '2028-01-07' };
      expect(dueOf(until, '2028-01-07', '2028-01-07', 0)).toMatchObject({ occurrence: '2028-01-07', ends: true });
      expect(dueOf(until, '2028-01-10', '2028-01-10', 0)).toMatchObject({ occurrence: null, ends: true });
    });
    it('a plain interval behaves as before', () => {
      expect(dueOf(series(null, { intervalo: 7 }), '2028-01-01', '2028-01-16', 0)).toEqual({
        occurrence: '2028-01-15',
        next: '2028-01-22',
        skipped: 2,
        ends: false,
      });
    });
  });

  it.each([
    // Europe/Madrid moves to summer time on Sunday 26 March 2028 at 02:00; Buenos Aires has no change.
    ['Europe/Madrid', '2028-03-25T23:30:00Z', '2028-03-26'],
    ['Europe/Madrid', '2028-03-26T22:30:00Z', '2028-03-27'],
    ['Europe/Madrid', '2028-10-29T00:30:00Z', '2028-10-29'],
    ['America/Argentina/Buenos_Aires', '2028-03-27T02:59:00Z', '2028-03-26'],
    ['America/Argentina/Buenos_Aires', '2028-03-27T03:00:00Z', '2028-03-27'],
  ])(
    'across a daylight-saving change in %s (%s): the day is %s and monday is owed on monday only',
    (zone, instant, day) => {
      const today = todayIn(zone, new Date(instant));
      expect(today).toBe(day);
      const mondays = series('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO', { inicio: addDaysToCalendarDate(today, -14) });
      const proxima = previewDates(mondays, today, 1)[0]!;
      expect(weekday(proxima)).toBe('MO');
      expect(dueOf(mondays, proxima, today, 0)?.occurrence ?? null).toBe(weekday(today) === 'MO' ? today : null);
    },
  );
});
