import { DEFAULT_TIMEZONE, addDaysToCalendarDate, calendarDateIn, todayIn } from '@gestar/contracts';
import { DATE_DISPLAY_FORMAT, DATE_INPUT_FORMAT, dayjs } from '../../../lib/dates';

/**
 * Schedule dates are calendar dates of the company time zone; the API sends
 * them as the instant of their midnight there. Shown and computed as calendar
 * dates, so a browser in another zone still sees the company's day.
 */

/** SPEC section 4: today plus the interval in days (1 when the interval is not valid). */
export function nextExecutionDate(interval: unknown, today: string = todayIn()): string {
  const days = typeof interval === 'number' ? interval : Number(interval);
  return addDaysToCalendarDate(today, Number.isInteger(days) && days >= 1 ? days : 1);
}

/** `YYYY-MM-DD` -> the ISO instant of its midnight in the company zone (what the API takes as date-time). */
export function companyMidnightIso(date: string, timeZone: string = DEFAULT_TIMEZONE): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  let t = guess;
  for (let i = 0; i < 2; i++) {
    // The zone's wall clock at `t`, read as if it were UTC, gives the offset to take off.
    const wall = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(t));
    const get = (type: string) => Number(wall.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    t = guess - (asUtc - t);
  }
  return new Date(t).toISOString();
}

/** An API date-time shown as the company's calendar day, 'DD MMM YYYY' or 'DD/MM/YYYY'. */
export function formatCompanyDate(value: string | null | undefined, format: string = DATE_DISPLAY_FORMAT): string {
  if (!value) return '';
  return dayjs(calendarDateIn(value), 'YYYY-MM-DD').format(format);
}

export function formatCalendarDate(date: string, format: string = DATE_INPUT_FORMAT): string {
  return dayjs(date, 'YYYY-MM-DD').format(format);
}
