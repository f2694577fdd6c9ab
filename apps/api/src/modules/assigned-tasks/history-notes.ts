import { IsoDateTimeSchema, MESSAGES } from '@gestar/contracts';
import { AppException } from '../../common/http/app-exception';

/** Texts of the history entries an update writes. */

/** `YYYY-MM-DD` -> `DD/MM/YYYY`, as the history reads it. */
export function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * `sin_conexion_en` on the server's clock. With DEVICE_TIME_HEADER (the device's clock when it sent
 * the change) it is moved by the device's clock skew, the server's receive time minus that header,
 * as the timer's events are: a device hours ahead or behind records the real moment. Without the
 * header it is taken as sent.
 */
export function offlineOnServerClock(iso: string, sentHeader: string | undefined, now: number = Date.now()): string {
  const sent = sentHeader?.trim();
  if (!sent) return iso;
  if (!IsoDateTimeSchema.safeParse(sent).success) {
    const message = MESSAGES.timeEntries.deviceTimeInvalid;
    throw new AppException(400, message, [{ path: 'sin_conexion_en', message }]);
  }
  return new Date(Date.parse(iso) + (now - Date.parse(sent))).toISOString();
}

/** `sin_conexion_en` as an instant: the last 7 days, not after now (5 minutes of clock skew allowed). */
export function offlineInstant(iso: string): Date {
  const at = new Date(iso);
  const now = Date.now();
  if (at.getTime() > now + 5 * 60_000 || at.getTime() < now - 7 * 24 * 3600_000) {
    const message = MESSAGES.validation.offlineTimeInvalid;
    throw new AppException(422, message, [{ path: 'sin_conexion_en', message }]);
  }
  return at;
}

/** "cambiado sin conexión a las 10:42, sincronizado a las 11:05" (the day too when it was not today). */
export function offlineNote(at: Date, tz: string): string {
  const time = (d: Date) =>
    d.toLocaleTimeString('es-AR', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = (d: Date) => d.toLocaleDateString('es-AR', { timeZone: tz, day: '2-digit', month: '2-digit' });
  const now = new Date();
  const when = day(at) === day(now) ? `a las ${time(at)}` : `el ${day(at)} a las ${time(at)}`;
  return `cambiado sin conexión ${when}, sincronizado a las ${time(now)}`;
}
