/** Spanish dates everywhere (SPEC section 9): dayjs in 'es', UTC answers shown in local time. */
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import utc from 'dayjs/plugin/utc';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(utc);
dayjs.extend(customParseFormat);
dayjs.locale('es');

export const DATE_DISPLAY_FORMAT = 'DD MMM YYYY';
export const DATE_INPUT_FORMAT = 'DD/MM/YYYY';
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'DD MMM YYYY' in Spanish, or '' for a missing date. */
export function formatDate(value: string | Date | null | undefined, format = DATE_DISPLAY_FORMAT): string {
  if (!value) return '';
  // A bare `YYYY-MM-DD` (a date picker's value) is a calendar day, not UTC midnight: read as UTC it would show
  // the previous day west of Greenwich.
  const date = typeof value === 'string' && CALENDAR_DAY.test(value) ? dayjs(value) : dayjs.utc(value).local();
  return date.isValid() ? date.format(format) : '';
}

export { dayjs };
