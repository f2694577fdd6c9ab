import { companyMidnight, companyMidnightIso, defaultDueDate, isPastSameDayCutoff, todayIn } from '@gestar/contracts';
import { dueDateOf, dueOccurrence, firstOnOrAfter } from './schedule-dates';

const BA = 'America/Argentina/Buenos_Aires';

describe('dueOccurrence', () => {
  it('is null while the next date is in the future', () => {
    expect(dueOccurrence('2025-03-02', 1, '2025-03-01')).toBeNull();
    expect(dueOccurrence('2026-01-01', 365, '2025-12-31')).toBeNull();
  });

  it.each([
    // interval, proxima, today, occurrence, next
    [1, '2025-03-01', '2025-03-01', '2025-03-01', '2025-03-02'],
    [7, '2025-03-01', '2025-03-01', '2025-03-01', '2025-03-08'],
    [30, '2025-03-01', '2025-03-01', '2025-03-01', '2025-03-31'],
    [365, '2025-03-01', '2025-03-01', '2025-03-01', '2026-03-01'],
  ])(
    'interval %i on its day produces that day and moves one interval',
    (interval, proxima, today, occurrence, next) => {
      expect(dueOccurrence(proxima, interval, today)).toEqual({ occurrence, next, skipped: 0 });
    },
  );

  it('crosses month ends by calendar days', () => {
    expect(dueOccurrence('2025-01-31', 1, '2025-01-31')?.next).toBe('2025-02-01');
    expect(dueOccurrence('2025-01-31', 30, '2025-01-31')?.next).toBe('2025-03-02');
    expect(dueOccurrence('2025-04-30', 1, '2025-04-30')?.next).toBe('2025-05-01');
    expect(dueOccurrence('2025-12-31', 1, '2025-12-31')?.next).toBe('2026-01-01');
    expect(dueOccurrence('2025-12-25', 7, '2025-12-25')?.next).toBe('2026-01-01');
  });

  it('handles 29 February in leap years only', () => {
    expect(dueOccurrence('2024-02-28', 1, '2024-02-28')?.next).toBe('2024-02-29');
    expect(dueOccurrence('2024-02-29', 1, '2024-02-29')?.next).toBe('2024-03-01');
    expect(dueOccurrence('2025-02-28', 1, '2025-02-28')?.next).toBe('2025-03-01');
    expect(dueOccurrence('2024-02-29', 365, '2024-02-29')?.next).toBe('2025-02-28');
    expect(dueOccurrence('2023-03-01', 365, '2023-03-01')?.next).toBe('2024-02-29');
    expect(dueOccurrence('2024-02-01', 30, '2024-02-01')?.next).toBe('2024-03-02');
    expect(dueOccurrence('2100-02-28', 1, '2100-02-28')?.next).toBe('2100-03-01');
  });

  it('after downtime produces only the latest missed date, never a backlog', () => {
    // Daily schedule, server down three days: one occurrence (today), not three.
    expect(dueOccurrence('2025-03-01', 1, '2025-03-03')).toEqual({
      occurrence: '2025-03-03',
      next: '2025-03-04',
      skipped: 2,
    });
    // Weekly, due on the 1st, back on the 10th: the 8th is the latest missed date.
    expect(dueOccurrence('2025-03-01', 7, '2025-03-10')).toEqual({
      occurrence: '2025-03-08',
      next: '2025-03-15',
      skipped: 1,
    });
    // Monthly (30 days) missed for a year.
    expect(dueOccurrence('2024-01-01', 30, '2025-01-01')).toEqual({
      occurrence: '2024-12-26',
      next: '2025-01-25',
      skipped: 12,
    });
    // Yearly, missed by a day: still that year's date.
    expect(dueOccurrence('2024-06-01', 365, '2024-06-02')).toEqual({
      occurrence: '2024-06-01',
      next: '2025-06-01',
      skipped: 0,
    });
  });

  it('always moves the next date after today and keeps the series', () => {
    for (const interval of [1, 2, 3, 7, 15, 30, 60, 90, 365]) {
      for (let late = 0; late < 800; late += 13) {
        const today = '2025-01-01';
        const proxima = dueDateOf(today, -late);
        const r = dueOccurrence(proxima, interval, today);
        expect(r).not.toBeNull();
        if (!r) continue;
        expect(r.occurrence <= today).toBe(true);
        expect(r.next > today).toBe(true);
        expect(dueDateOf(r.occurrence, interval)).toBe(r.next);
        expect(firstOnOrAfter(proxima, interval, r.occurrence)).toBe(r.occurrence);
      }
    }
  });

  it('refuses an interval below 1', () => {
    expect(() => dueOccurrence('2025-01-01', 0, '2025-01-01')).toThrow(RangeError);
    expect(() => dueOccurrence('2025-01-01', 1.5, '2025-01-01')).toThrow(RangeError);
  });
});

describe('firstOnOrAfter', () => {
  it('rolls a stale date forward along the series', () => {
    expect(firstOnOrAfter('2025-03-01', 7, '2025-03-01')).toBe('2025-03-01');
    expect(firstOnOrAfter('2025-03-01', 7, '2025-03-02')).toBe('2025-03-08');
    expect(firstOnOrAfter('2025-03-01', 7, '2025-03-08')).toBe('2025-03-08');
    expect(firstOnOrAfter('2025-03-10', 7, '2025-03-01')).toBe('2025-03-10');
  });
});

describe('dueDateOf', () => {
  it('adds the due offset in calendar days', () => {
    expect(dueDateOf('2025-02-27', 2)).toBe('2025-03-01');
    expect(dueDateOf('2024-02-27', 2)).toBe('2024-02-29');
    expect(dueDateOf('2025-03-01', 0)).toBe('2025-03-01');
  });
});

describe('the company time zone', () => {
  it('takes "today" in APP_TIMEZONE, not in UTC', () => {
    // 01:30 UTC on 1 March is still 28 February, 22:30, in Buenos Aires (UTC-3).
    const now = new Date('2025-03-01T01:30:00Z');
    expect(todayIn(BA, now)).toBe('2025-02-28');
    expect(todayIn('UTC', now)).toBe('2025-03-01');
    // A schedule due on 1 March is not due yet at that instant for the company.
    expect(dueOccurrence('2025-03-01', 1, todayIn(BA, now))).toBeNull();
    expect(dueOccurrence('2025-03-01', 1, todayIn(BA, new Date('2025-03-01T03:00:00Z')))?.occurrence).toBe(
      '2025-03-01',
    );
  });

  it('keeps calendar days across a daylight-saving change', () => {
    const madrid = 'Europe/Madrid';
    // Clocks go forward on 30 March 2025 (a 23-hour day) and back on 26 October (25 hours).
    expect(todayIn(madrid, new Date('2025-03-29T23:30:00Z'))).toBe('2025-03-30');
    expect(todayIn(madrid, new Date('2025-03-30T22:30:00Z'))).toBe('2025-03-31');
    expect(dueOccurrence('2025-03-29', 1, '2025-03-30')?.next).toBe('2025-03-31');
    expect(dueOccurrence('2025-10-25', 1, '2025-10-26')?.next).toBe('2025-10-27');
    // Midnights of consecutive days are 23 and 25 hours apart on those days.
    const h = (a: string, b: string) =>
      (companyMidnight(b, madrid).getTime() - companyMidnight(a, madrid).getTime()) / 3600000;
    expect(h('2025-03-30', '2025-03-31')).toBe(23);
    expect(h('2025-10-26', '2025-10-27')).toBe(25);
    // Santiago's midnight jump: the day starts at 01:00 and is still one calendar day.
    const santiago = 'America/Santiago';
    expect(todayIn(santiago, companyMidnight('2025-09-07', santiago))).toBe('2025-09-07');
    // The ISO text sent to clients is that same instant, for each zone apart (cached per zone).
    expect(companyMidnightIso('2025-09-07', santiago)).toBe('2025-09-07T04:00:00.000Z');
    expect(companyMidnightIso('2025-09-07', madrid)).toBe('2025-09-06T22:00:00.000Z');
    expect(companyMidnightIso('2025-09-07', santiago)).toBe(companyMidnight('2025-09-07', santiago).toISOString());
    expect(companyMidnightIso(null, madrid)).toBeNull();
  });
});

describe('the 22:00 same-day cutoff', () => {
  it('offers today until 21:59 and tomorrow from 22:00, company time', () => {
    // 21:59 and 22:00 in Buenos Aires are 00:59 and 01:00 UTC of the next day.
    expect(isPastSameDayCutoff(BA, new Date('2025-03-01T00:59:00Z'))).toBe(false);
    expect(defaultDueDate(BA, new Date('2025-03-01T00:59:00Z'))).toBe('2025-02-28');
    expect(isPastSameDayCutoff(BA, new Date('2025-03-01T01:00:00Z'))).toBe(true);
    expect(defaultDueDate(BA, new Date('2025-03-01T01:00:00Z'))).toBe('2025-03-01');
    // In a leap year the day after 28 February is the 29th.
    expect(defaultDueDate(BA, new Date('2024-02-29T01:30:00Z'))).toBe('2024-02-29');
    expect(defaultDueDate(BA, new Date('2024-02-28T15:00:00Z'))).toBe('2024-02-28');
    // Month end after the cutoff.
    expect(defaultDueDate(BA, new Date('2025-05-01T02:00:00Z'))).toBe('2025-05-01');
  });
});
