import {
  addDaysToCalendarDate,
  calendarDateIn,
  defaultDueDate,
  diffCalendarDays,
  effectiveDueDate,
  isPastSameDayCutoff,
  todayIn,
} from './dates';

const TZ = 'America/Argentina/Buenos_Aires'; // UTC-3, no DST

describe('calendar dates in the company time zone', () => {
  it.each([
    ['2030-05-08', '2030-05-08'],
    ['2030-05-08T02:59:59.000Z', '2030-05-07'],
    ['2030-05-08T03:00:00.000Z', '2030-05-08'],
    ['2030-05-08T00:30:00-03:00', '2030-05-08'],
  ])('%s -> %s', (input, expected) => {
    expect(calendarDateIn(input, TZ)).toBe(expected);
  });
  it('rejects an invalid value', () => {
    expect(() => calendarDateIn('nope', TZ)).toThrow(RangeError);
  });
  it('adds and diffs days across months and leap years', () => {
    expect(addDaysToCalendarDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToCalendarDate('2030-12-31', 1)).toBe('2031-01-01');
    expect(addDaysToCalendarDate('2030-03-01', -1)).toBe('2030-02-28');
    expect(diffCalendarDays('2030-01-01', '2030-03-01')).toBe(59);
    expect(diffCalendarDays('2030-01-02', '2030-01-01')).toBe(-1);
  });
  it('applies the 22:00 same-day cutoff', () => {
    const before = new Date('2030-05-08T00:59:00.000Z'); // 21:59 on the 7th
    const after = new Date('2030-05-08T01:00:00.000Z'); // 22:00 on the 7th
    expect(todayIn(TZ, before)).toBe('2030-05-07');
    expect(isPastSameDayCutoff(TZ, before)).toBe(false);
    expect(isPastSameDayCutoff(TZ, after)).toBe(true);
    expect(defaultDueDate(TZ, before)).toBe('2030-05-07');
    expect(defaultDueDate(TZ, after)).toBe('2030-05-08');
    expect(effectiveDueDate('2030-05-07', TZ, after)).toBe('2030-05-08');
    expect(effectiveDueDate('2030-05-07', TZ, before)).toBe('2030-05-07');
    expect(effectiveDueDate('2030-05-10', TZ, after)).toBe('2030-05-10');
  });
});
