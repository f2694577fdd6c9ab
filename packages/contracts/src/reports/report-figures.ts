import type { ReportStatsResponse } from './reports.schemas';

/** An on-time rate as the report shows it: «67%», or «—» when nothing is completed. */
export function percentText(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** An average rating as the report shows it: «4,5», or «—» when nothing is rated. */
export function ratingText(avg: number | null): string {
  return avg === null ? '—' : avg.toFixed(1).replace('.', ',');
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The four figures above the report's table (label, value, the line under it): the screen's cards,
 * and the summary of the PDF.
 */
export function reportFigures(s: ReportStatsResponse): [label: string, value: string, hint: string][] {
  return [
    ['Tareas', String(s.total), count(s.archivadas, 'archivada', 'archivadas')],
    ['Completadas a tiempo', percentText(s.tasa_a_tiempo), `${s.completadas_a_tiempo} de ${count(s.completadas, 'completada', 'completadas')}`],
    ['Calificación promedio', ratingText(s.promedio_calificacion), 'de 1 a 5'],
    ['Vencidas', String(s.vencidas), 'sin completar'],
  ];
}
