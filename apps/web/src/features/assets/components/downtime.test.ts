import { describe, expect, it } from 'vitest';
import { durationText, hoursByState, timelineSegments } from './downtime';

const DAY = 86_400_000;
const from = Date.parse('2026-08-01T00:00:00Z');
const to = from + 10 * DAY;
const at = (days: number) => new Date(from + days * DAY).toISOString();

describe('the downtime timeline', () => {
  it('cuts the intervals to the window, in order, as shares of the bar', () => {
    const segments = timelineSegments(
      [
        { estado: 'detenido', desde: at(5), hasta: at(6) },
        { estado: 'operativo', desde: at(-30), hasta: at(5) },
        { estado: 'operativo', desde: at(6), hasta: null },
      ],
      from,
      to,
    );
    expect(segments.map((s) => [s.estado, s.left, s.width])).toEqual([
      ['operativo', 0, 50],
      ['detenido', 50, 10],
      ['operativo', 60, 40],
    ]);
    expect(hoursByState(segments)).toEqual({ operativo: 216, detenido: 24 });
  });

  it('drops what lies outside, and lets a later interval win an overlap', () => {
    const segments = timelineSegments(
      [
        { estado: 'fuera_servicio', desde: at(-20), hasta: at(-10) },
        { estado: 'mantenimiento', desde: at(1), hasta: at(4) },
        { estado: 'detenido', desde: at(3), hasta: at(3.5) },
        { estado: 'operativo', desde: 'no es fecha', hasta: null },
      ],
      from,
      to,
    );
    expect(segments.map((s) => [s.estado, s.left, s.width])).toEqual([
      ['mantenimiento', 10, 20],
      ['detenido', 30, 5],
    ]);
  });

  it('says durations as a person reads them', () => {
    expect(durationText(1.5)).toBe('1,5 h');
    expect(durationText(24)).toBe('1 d');
    expect(durationText(52)).toBe('2 d 4 h');
    expect(timelineSegments([], to, from)).toEqual([]);
  });
});
