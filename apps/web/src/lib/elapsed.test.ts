import { describe, expect, it } from 'vitest';
import {
  decimalHours,
  elapsedMs,
  formatClock,
  formatDuration,
  minutesToText,
  offsetFrom,
  parseMinutes,
  serverTimeOf,
} from './elapsed';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

describe('serverTimeOf: an event taken offline lands where it happened, whatever the device clock says', () => {
  it.each([
    // device clock right, sent an hour later
    { eventAt: T0, sentAt: T0 + HOUR, receivedAt: T0 + HOUR, expected: T0 },
    // device clock 3 hours behind: the same hour counts
    { eventAt: T0 - 3 * HOUR, sentAt: T0 + HOUR - 3 * HOUR, receivedAt: T0 + HOUR, expected: T0 },
    // device clock 2 days ahead
    { eventAt: T0 + 48 * HOUR, sentAt: T0 + 49 * HOUR, receivedAt: T0 + HOUR, expected: T0 },
    // a device that says it sent before the event (clock moved back meanwhile): the arrival, never the future
    { eventAt: T0 + 10_000, sentAt: T0, receivedAt: T0 + HOUR, expected: T0 + HOUR },
  ])('event $eventAt sent $sentAt received $receivedAt → $expected', ({ eventAt, sentAt, receivedAt, expected }) => {
    expect(serverTimeOf(eventAt, sentAt, receivedAt)).toBe(expected);
  });

  it('start and pause offline an hour apart by the device clock count one hour on the server, with any skew', () => {
    for (const skew of [0, -5 * HOUR, 7 * HOUR, 123_456]) {
      const start = serverTimeOf(T0 + skew, T0 + 2 * HOUR + skew, T0 + 2 * HOUR + 250);
      const pause = serverTimeOf(T0 + HOUR + skew, T0 + 2 * HOUR + skew + 40, T0 + 2 * HOUR + 290);
      expect(pause - start).toBe(HOUR);
    }
  });
});

describe('offsetFrom and elapsedMs: a timer the server started ticks right on a device with a wrong clock', () => {
  it('the offset is the server time minus the middle of the round trip', () => {
    expect(offsetFrom(T0, T0 - 5 * HOUR - 100, T0 - 5 * HOUR + 100)).toBe(5 * HOUR);
  });

  it('elapsed counts from the server start with the device now moved to server time', () => {
    const deviceNow = T0 - 5 * HOUR + 90_000; // the device is 5 h behind; 90 s after the start
    expect(elapsedMs({ accumulatedMs: 0, runningSince: T0 }, deviceNow, 5 * HOUR)).toBe(90_000);
  });

  it('a paused timer shows what it has; a start in the future counts nothing, never negative', () => {
    expect(elapsedMs({ accumulatedMs: 600_000, runningSince: null }, T0)).toBe(600_000);
    expect(elapsedMs({ accumulatedMs: 600_000, runningSince: T0 + 60_000 }, T0)).toBe(600_000);
    expect(elapsedMs({ accumulatedMs: -5, runningSince: null }, T0)).toBe(0);
  });
});

describe('formats', () => {
  it.each([
    [0, '0:00:00'],
    [999, '0:00:00'],
    [61_000, '0:01:01'],
    [HOUR + 4 * 60_000 + 9_000, '1:04:09'],
    [30 * HOUR, '30:00:00'],
    [-10, '0:00:00'],
  ])('formatClock(%d) = %s', (ms, text) => expect(formatClock(ms)).toBe(text));

  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * 60_000, '45 min'],
    [HOUR, '1 h'],
    [2 * HOUR + 5 * 60_000, '2 h 05 min'],
  ])('formatDuration(%d) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('decimal hours with a comma', () => {
    expect(decimalHours(1.5 * HOUR)).toBe('1,50');
    expect(decimalHours(20 * 60_000)).toBe('0,33');
  });

  it.each([
    ['1:30', 90],
    ['0:05', 5],
    ['2h', 120],
    ['2 h 15', 135],
    ['2h15min', 135],
    ['45', 45],
    ['45 min', 45],
    ['', null],
    ['1:75', null],
    ['2 h 75', null],
    ['abc', null],
    ['-5', null],
  ])('parseMinutes(%j) = %j', (text, minutes) => expect(parseMinutes(text)).toBe(minutes));

  it('minutesToText', () => {
    expect(minutesToText(90)).toBe('1:30');
    expect(minutesToText(5)).toBe('0:05');
    expect(minutesToText(null)).toBe('');
  });
});
