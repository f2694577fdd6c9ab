import { addDaysToCalendarDate, todayIn } from '@gestar/contracts';
import type { NonWorkingPolicy } from '@gestar/contracts';
import { planDue, previewDates, previewOccurrences, type Series, type WorksOn } from './rule-dates';

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
    const plan = (
      s: Series,
      proxima: string,
      today: string,
      generated = 0,
      lead = 0,
      policy: NonWorkingPolicy = 'generar',
      works: WorksOn = () => true,
    ) => planDue(s, proxima, today, lead, generated, policy, works);
    it('nothing before its next date', () => {
      expect(plan(weekly, '2028-01-03', '2028-01-02')).toEqual({
        dates: [],
        next: '2028-01-03',
        skipped: 0,
        ends: false,
      });
    });
    it('its date, and the next one', () => {
      expect(plan(weekly, '2028-01-03', '2028-01-03')).toEqual({
        dates: ['2028-01-03'],
        next: '2028-01-05',
        skipped: 0,
        ends: false,
      });
    });
    it('after downtime only the latest missed date', () => {
      expect(plan(weekly, '2028-01-03', '2028-01-11')).toEqual({
        dates: ['2028-01-10'],
        next: '2028-01-12',
        skipped: 3,
        ends: false,
      });
    });
    it('a lead produces every date it reaches, not only the last one', () => {
      // A new schedule on Monday 3 with a lead of 5 days: Monday, Wednesday and Friday at once.
      expect(plan(weekly, '2028-01-03', '2028-01-03', 0, 5)).toEqual({
        dates: ['2028-01-03', '2028-01-05', '2028-01-07'],
        next: '2028-01-10',
        skipped: 0,
        ends: false,
      });
      // Tuesday 4 reaches Sunday 9: nothing; Wednesday 5 reaches Monday 10.
      expect(plan(weekly, '2028-01-10', '2028-01-04', 3, 5)).toEqual({
        dates: [],
        next: '2028-01-10',
        skipped: 0,
        ends: false,
      });
      expect(plan(weekly, '2028-01-10', '2028-01-05', 3, 5)).toEqual({
        dates: ['2028-01-10'],
        next: '2028-01-12',
        skipped: 0,
        ends: false,
      });
    });
    it('every date the preview shows is produced exactly once, on the day the preview says', () => {
      const shown = previewOccurrences(weekly, '2028-01-03', 9, 'generar', () => true, 5, '2028-01-03');
      const produced: { fecha: string; on: string }[] = [];
      let proxima = '2028-01-03';
      let generated = 0;
      for (
        let day = '2028-01-03';
        day <= '2028-01-31' && produced.length < shown.length;
        day = addDaysToCalendarDate(day, 1)
      ) {
        if (addDaysToCalendarDate(proxima, -5) > day) continue;
        const p = plan(weekly, proxima, day, generated, 5);
        produced.push(...p.dates.map((fecha) => ({ fecha, on: day })));
        generated += p.dates.length;
        proxima = p.next!;
      }
      expect(produced.slice(0, shown.length)).toEqual(shown.map((o) => ({ fecha: o.fecha, on: o.aparece })));
    });
    it('the last date of a count ends the schedule; past it nothing more is produced', () => {
      const three = { ...weekly, repeticiones: 3 };
      expect(plan(three, '2028-01-07', '2028-01-07', 2)).toEqual({
        dates: ['2028-01-07'],
        next: null,
        skipped: 0,
        ends: true,
      });
      expect(plan(three, '2028-01-10', '2028-01-10', 3)).toMatchObject({ dates: [], ends: true });
    });
    it('an end date: the last date ends it; a date past it is not produced', () => {
      const until = { ...weekly, fin: '2028-01-07' };
      expect(plan(until, '2028-01-07', '2028-01-07')).toMatchObject({ dates: ['2028-01-07'], ends: true });
      expect(plan(until, '2028-01-10', '2028-01-10')).toMatchObject({ dates: [], ends: true });
    });
    it('a date moved past the end is not produced: the end bounds the date the task is due', () => {
      // Friday 7 is a holiday; the next working day, Saturday 8, is past the end.
      const until = { ...series('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR'), fin: '2028-01-07' };
      const works = (d: string) => d !== '2028-01-07';
      expect(plan(until, '2028-01-07', '2028-01-07', 0, 0, 'siguiente_habil', works)).toMatchObject({
        dates: [],
        ends: true,
      });
      expect(previewDates(until, '2028-01-01', 5, 'siguiente_habil', works)).toEqual([]);
      // The previous working day stays within it.
      expect(previewDates(until, '2028-01-01', 5, 'anterior_habil', works)).toEqual(['2028-01-06']);
    });
    it('two dates moved onto one working day make one occurrence and use one repetition', () => {
      // Every day; Saturday 8 and Sunday 9 are off: both move to Monday 10, which is a date of its own too.
      const daily = { ...series('FREQ=DAILY;INTERVAL=1'), repeticiones: 4 };
      const works = (d: string) => d !== '2028-01-08' && d !== '2028-01-09';
      expect(previewDates(daily, '2028-01-06', 10, 'siguiente_habil', works)).toEqual([
        '2028-01-06',
        '2028-01-07',
        '2028-01-10',
        '2028-01-11',
      ]);
      expect(plan(daily, '2028-01-08', '2028-01-08', 2, 2, 'siguiente_habil', works)).toEqual({
        dates: ['2028-01-10'],
        next: '2028-01-11',
        skipped: 0,
        ends: false,
      });
    });
    it('the previous working day is decided (and produced) in time', () => {
      // Sunday 9 moves to Saturday 8: it is due on Saturday, and the schedule waits on Saturday.
      const sundays = series('FREQ=WEEKLY;INTERVAL=1;BYDAY=SU');
      const works = (d: string) => weekday(d) !== 'SU';
      expect(plan(sundays, '2028-01-02', '2028-01-01', 0, 0, 'anterior_habil', works)).toEqual({
        dates: ['2028-01-01'],
        next: '2028-01-08',
        skipped: 0,
        ends: false,
      });
    });
    it('a plain interval behaves as before', () => {
      expect(plan(series(null, { intervalo: 7 }), '2028-01-01', '2028-01-16')).toEqual({
        dates: ['2028-01-15'],
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
      expect(planDue(mondays, proxima, today, 0, 0, 'generar', () => true).dates).toEqual(
        weekday(today) === 'MO' ? [today] : [],
      );
    },
  );
});
