import { addDaysToCalendarDate, calendarDateIn, todayIn } from '@gestar/contracts';
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

/** An API date-time shown as the company's calendar day, 'DD MMM YYYY' or 'DD/MM/YYYY'. */
export function formatCompanyDate(value: string | null | undefined, format: string = DATE_DISPLAY_FORMAT): string {
  if (!value) return '';
  return dayjs(calendarDateIn(value), 'YYYY-MM-DD').format(format);
}

export function formatCalendarDate(date: string, format: string = DATE_INPUT_FORMAT): string {
  return dayjs(date, 'YYYY-MM-DD').format(format);
}
