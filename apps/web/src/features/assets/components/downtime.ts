/**
 * The machine page's timeline: the state intervals of the last days cut to that window, as
 * shares of a horizontal bar, and the hours spent in each state other than «operativo».
 */

export interface StateInterval<S extends string = string> {
  estado: S;
  desde: string;
  /** Null while it is the current state. */
  hasta: string | null;
}

export interface TimelineSegment<S extends string = string> {
  estado: S;
  desde: number;
  hasta: number;
  /** Where it starts and how wide it is, in percent of the window. */
  left: number;
  width: number;
}

const HOUR_MS = 3_600_000;

/**
 * The intervals inside [from, to], clipped to it and in time order; an interval whose end is
 * unknown lasts until `to`. Overlaps (a correction made meanwhile) are cut so the later one wins.
 */
export function timelineSegments<S extends string>(
  intervals: readonly StateInterval<S>[],
  from: number,
  to: number,
): TimelineSegment<S>[] {
  const span = to - from;
  if (span <= 0) return [];
  const sorted = intervals
    .map((i) => ({ estado: i.estado, desde: Date.parse(i.desde), hasta: i.hasta === null ? to : Date.parse(i.hasta) }))
    .filter((i) => Number.isFinite(i.desde) && Number.isFinite(i.hasta))
    .sort((a, b) => a.desde - b.desde);
  const out: TimelineSegment<S>[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const item = sorted[k]!;
    const next = sorted[k + 1];
    const start = Math.max(item.desde, from);
    const end = Math.min(item.hasta, to, next ? Math.max(next.desde, item.desde) : Infinity);
    if (end <= start) continue;
    out.push({
      estado: item.estado,
      desde: start,
      hasta: end,
      left: ((start - from) / span) * 100,
      width: ((end - start) / span) * 100,
    });
  }
  return out;
}

/** Hours in each state over the segments (one decimal), the states never reached left out. */
export function hoursByState<S extends string>(segments: readonly TimelineSegment<S>[]): Partial<Record<S, number>> {
  const totals: Partial<Record<S, number>> = {};
  for (const s of segments) totals[s.estado] = (totals[s.estado] ?? 0) + (s.hasta - s.desde) / HOUR_MS;
  for (const key of Object.keys(totals) as S[]) totals[key] = Math.round(totals[key]! * 10) / 10;
  return totals;
}

/** «3 h», «1,5 h», «2 d 4 h»: a duration in hours as a person reads it. */
export function durationText(hours: number): string {
  if (hours < 24) return `${hours.toLocaleString('es-AR', { maximumFractionDigits: 1 })} h`;
  const days = Math.floor(hours / 24);
  const rest = Math.round(hours - days * 24);
  return rest ? `${days} d ${rest} h` : `${days} d`;
}
