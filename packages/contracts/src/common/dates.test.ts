import {
  addDaysToCalendarDate,
  calendarDateIn,
  companyMidnight,
  companyMidnightIso,
  defaultDueDate,
  diffCalendarDays,
  effectiveDueDate,
  isCalendarDate,
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

describe('company midnights across daylight-saving changes', () => {
  // zone, date, first instant of that date, hours until the next date's midnight
  it.each([
    // Santiago: DST starts at 00:00 (-04 -> -03), so 7 September 2025 begins at 01:00.
    ['America/Santiago', '2025-09-06', '2025-09-06T04:00:00.000Z', 24],
    ['America/Santiago', '2025-09-07', '2025-09-07T04:00:00.000Z', 23],
    ['America/Santiago', '2025-09-08', '2025-09-08T03:00:00.000Z', 24],
    // Santiago: DST ends at 00:00 (-03 -> -04), 23:00 of 5 April 2025 happens twice.
    ['America/Santiago', '2025-04-05', '2025-04-05T03:00:00.000Z', 25],
    ['America/Santiago', '2025-04-06', '2025-04-06T04:00:00.000Z', 24],
    // Asunción: DST started at 00:00 on 1 October 2023 and ended at 00:00 on 24 March 2024.
    ['America/Asuncion', '2023-09-30', '2023-09-30T04:00:00.000Z', 24],
    ['America/Asuncion', '2023-10-01', '2023-10-01T04:00:00.000Z', 23],
    ['America/Asuncion', '2024-03-23', '2024-03-23T03:00:00.000Z', 25],
    ['America/Asuncion', '2024-03-24', '2024-03-24T04:00:00.000Z', 24],
    // Madrid changes at 02:00 and 03:00: midnight itself always exists.
    ['Europe/Madrid', '2025-03-30', '2025-03-29T23:00:00.000Z', 23],
    ['Europe/Madrid', '2025-10-26', '2025-10-25T22:00:00.000Z', 25],
    // No DST at all.
    [TZ, '2030-05-08', '2030-05-08T03:00:00.000Z', 24],
  ] as const)('%s %s starts at %s and lasts %i h', (zone, date, iso, hours) => {
    expect(companyMidnightIso(date, zone)).toBe(iso);
    expect(companyMidnight(date, zone).toISOString()).toBe(iso);
    // The midnight belongs to its own date, and the instant before it to the previous one.
    expect(calendarDateIn(iso, zone)).toBe(date);
    expect(calendarDateIn(new Date(Date.parse(iso) - 1), zone)).toBe(addDaysToCalendarDate(date, -1));
    const next = companyMidnight(addDaysToCalendarDate(date, 1), zone).getTime();
    expect((next - Date.parse(iso)) / 3_600_000).toBe(hours);
  });

  it('takes today in the zone on both sides of a midnight jump', () => {
    expect(todayIn('America/Santiago', new Date('2025-09-07T03:59:59.000Z'))).toBe('2025-09-06');
    expect(todayIn('America/Santiago', new Date('2025-09-07T04:00:00.000Z'))).toBe('2025-09-07');
  });

  it('keeps null as null and refuses what is not a date', () => {
    expect(companyMidnightIso(null, TZ)).toBeNull();
    expect(companyMidnightIso(undefined, TZ)).toBeNull();
    expect(() => companyMidnight('2030-5-8', TZ)).toThrow(RangeError);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2030-02-29')).toBe(false);
    expect(isCalendarDate('2030-13-01')).toBe(false);
  });
});
