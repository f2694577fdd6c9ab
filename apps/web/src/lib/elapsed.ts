/**
 * Time on task, the arithmetic the screens need (issue 35): how long a timer has run by this
 * device's clock, the server's clock against the device's, and durations in words.
 *
 * The device's clock may be wrong (a phone set by hand, a tablet that lost its time). Events taken
 * offline carry the device's time of the event and, when they are finally sent, the device's time
 * of sending; the server places the event at `its own time of arrival - (sent - event)`, so the
 * device's error cancels out. The screens do the converse to show a running timer the server
 * started: they read the server's clock from its answers (`offsetFrom`) and count from there.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The server's clock minus the device's, from one answer: the server's time and when it was asked and answered here. */
export function offsetFrom(serverNow: number, askedAt: number, answeredAt: number): number {
  // The server read its clock somewhere between the two: the middle is the best guess.
  return serverNow - (askedAt + answeredAt) / 2;
}

/** Where an event taken on the device at `eventAt` lands on the server's clock, sent at `sentAt` and received at `receivedAt`. */
export function serverTimeOf(eventAt: number, sentAt: number, receivedAt: number): number {
  return receivedAt - Math.max(0, sentAt - eventAt);
}

/**
 * How long a timer has run: what it had before (`accumulated`) plus, while it runs, from its start
 * (server time) to now (the device's now moved to the server's clock). Never negative, never
 * counting a start that the device's clock places in the future.
 */
export function elapsedMs(
  timer: { accumulatedMs: number; runningSince: number | null },
  deviceNow: number,
  offsetMs = 0,
): number {
  const running = timer.runningSince === null ? 0 : Math.max(0, deviceNow + offsetMs - timer.runningSince);
  return Math.max(0, timer.accumulatedMs) + running;
}

/** A ticking clock: '0:04:09', '12:30:00' (hours are not capped at 24). */
export function formatClock(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / SECOND);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A duration in words, to the minute: '45 min', '1 h', '2 h 05 min', '0 min'. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  if (m === 0) return `${h} h`;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}

/** Hours as a decimal with a comma, for a spreadsheet read in Spanish: '1,50'. */
export function decimalHours(ms: number): string {
  return (Math.max(0, ms) / HOUR).toFixed(2).replace('.', ',');
}

/** Minutes typed as 'h:mm', 'h', or a number of minutes with 'min' → minutes; null when unreadable. */
export function parseMinutes(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!t) return null;
  let m = /^(\d{1,4}):([0-5]\d)$/.exec(t);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,4})\s*h(?:\s*(\d{1,2})\s*(?:min|m)?)?$/.exec(t);
  if (m && (m[2] === undefined || Number(m[2]) < 60)) return Number(m[1]) * 60 + Number(m[2] ?? 0);
  m = /^(\d{1,5})\s*(?:min|m)?$/.exec(t);
  if (m) return Number(m[1]);
  return null;
}

/** Minutes as the form shows them: '1:30'. */
export function minutesToText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
