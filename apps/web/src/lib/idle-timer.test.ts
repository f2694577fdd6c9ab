import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTracker, isIdle } from './idle-timer';

const MINUTE = 60_000;

describe('isIdle', () => {
  it.each([
    [0, 2 * MINUTE, 2 * MINUTE - 1, false],
    [0, 2 * MINUTE, 2 * MINUTE, true],
    [1000, MINUTE, 1000 + MINUTE + 5, true],
    [1000, MINUTE, 999, false],
  ])('last %i, timeout %i, now %i -> %s', (last, timeout, now, expected) => {
    expect(isIdle(last, timeout, now)).toBe(expected);
  });
});

describe('createIdleTracker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends the session once, at the deadline after the last touch', () => {
    const onIdle = vi.fn();
    const tracker = createIdleTracker(2 * MINUTE, onIdle);
    vi.advanceTimersByTime(90_000);
    tracker.touch();
    vi.advanceTimersByTime(2 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('keeps going while the screen is touched', () => {
    const onIdle = vi.fn();
    const tracker = createIdleTracker(MINUTE, onIdle);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(50_000);
      tracker.touch();
    }
    expect(onIdle).not.toHaveBeenCalled();
    expect(tracker.lastActivity()).toBe(20 * 50_000);
  });

  it('a page that slept past its deadline ends at once when it wakes (clock, not ticks)', () => {
    const onIdle = vi.fn();
    // The tab froze: the clock jumps forward while no timer ran.
    createIdleTracker(MINUTE, onIdle, { since: -5 * MINUTE });
    vi.advanceTimersByTime(0);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stop() ends it without calling onIdle, and a touch after the deadline does not revive it', () => {
    const onIdle = vi.fn();
    const tracker = createIdleTracker(MINUTE, onIdle);
    tracker.stop();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();

    const second = vi.fn();
    const t2 = createIdleTracker(MINUTE, second);
    vi.advanceTimersByTime(MINUTE);
    t2.touch();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
