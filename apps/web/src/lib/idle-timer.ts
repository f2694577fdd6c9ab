/**
 * Sign-out after idle minutes (issue 34: a terminal ends the person's session after its idle
 * minutes without a touch; «Dispositivo compartido» does the same). The deadline is measured on
 * the clock, not by counting timer ticks, so a tablet whose page was asleep or throttled ends the
 * session as soon as it wakes if the deadline has passed meanwhile.
 */

export interface IdleClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Whether the deadline of `timeoutMs` after `lastActivity` has been reached at `now`. */
export function isIdle(lastActivity: number, timeoutMs: number, now: number): boolean {
  return now - lastActivity >= timeoutMs;
}

export interface IdleTracker {
  /** A touch, a key, a scroll: the deadline starts again. */
  touch(): void;
  /** The time of the last touch. */
  lastActivity(): number;
  /** Stops without calling `onIdle`. */
  stop(): void;
}

/**
 * Calls `onIdle` once, `timeoutMs` after the last `touch()` (or after `since`). The timer is
 * re-armed for the time left whenever it fires early, so touches cost nothing but a number.
 */
export function createIdleTracker(
  timeoutMs: number,
  onIdle: () => void,
  options: { since?: number; clock?: IdleClock } = {},
): IdleTracker {
  const clock = options.clock ?? realClock;
  let last = options.since ?? clock.now();
  let handle: unknown = null;
  let stopped = false;

  const check = (): void => {
    handle = null;
    if (stopped) return;
    const now = clock.now();
    if (isIdle(last, timeoutMs, now)) {
      stopped = true;
      onIdle();
      return;
    }
    handle = clock.setTimeout(check, last + timeoutMs - now);
  };
  handle = clock.setTimeout(check, Math.max(0, last + timeoutMs - clock.now()));

  return {
    touch() {
      if (!stopped) last = Math.max(last, clock.now());
    },
    lastActivity: () => last,
    stop() {
      stopped = true;
      if (handle !== null) clock.clearTimeout(handle);
      handle = null;
    },
  };
}

/** What counts as someone using the screen. */
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
