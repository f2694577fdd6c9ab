import { percentText as percent, ratingText as rating, reportFigures, type ReportStatsResponse } from '@gestar/contracts';
import { escapeHtml } from './html';

/** What the screen shows above the table, for the XLSX and the PDF: the filters in words and the stats. */
export interface ReportSummary {
  filters: readonly string[];
  stats: ReportStatsResponse;
}

/** The «Resumen» sheet: the filters, the figures, then the counts by status, by area and by employee. */
export function summaryRows({ filters, stats: s }: ReportSummary): (string | number | null)[][] {
  const blank: (string | number | null)[] = [];
  return [
    ['Resumen del reporte'],
    ...filters.map((f) => [f]),
    blank,
    ['Tareas', s.total],
    ['Archivadas', s.archivadas],
    ['Completadas', s.completadas],
    ['Completadas a tiempo', s.completadas_a_tiempo],
    ['Porcentaje a tiempo', percent(s.tasa_a_tiempo)],
    ['Calificación promedio (de 1 a 5)', s.promedio_calificacion === null ? '—' : Number(s.promedio_calificacion.toFixed(2))],
    ['Vencidas sin completar', s.vencidas],
    blank,
    ['Tareas por estado', 'Tareas'],
    ...s.por_estado.map((e) => [e.nombre, e.total]),
    blank,
    ['Resumen por área', 'Tareas', 'Completadas', 'A tiempo', 'Porcentaje a tiempo', 'Calificación'],
    ...s.por_area.map((a) => [
      a.nombre,
      a.total,
      a.completadas,
      a.completadas_a_tiempo,
      percent(a.tasa_a_tiempo),
      a.promedio_calificacion === null ? '—' : Number(a.promedio_calificacion.toFixed(2)),
    ]),
    blank,
    ['Por colaborador', 'Tareas', 'Completadas', 'A tiempo', 'Archivadas', 'Calificación'],
    ...s.por_empleado.map((e) => [
      `${e.nombre} ${e.apellido}`.trim(),
      e.total,
      e.completadas,
      e.completadas_a_tiempo,
      e.archivadas,
      e.promedio_calificacion === null ? '—' : Number(e.promedio_calificacion.toFixed(2)),
    ]),
  ];
}

const BAR_WIDTH = 300;
const ROW_HEIGHT = 18;
const LABEL_WIDTH = 150;

/**
 * A horizontal bar chart as an inline SVG (an image in the PDF, nothing fetched): one bar per
 * item, its length proportional to the largest value, the value written after it.
 */
export function barChart(title: string, items: readonly { label: string; value: number; color: string; text?: string }[]): string {
  const max = Math.max(1, ...items.map((i) => i.value));
  const height = items.length * ROW_HEIGHT + 4;
  const bars = items
    .map((item, i) => {
      const y = i * ROW_HEIGHT + 2;
      const w = Math.max(1, Math.round((item.value / max) * BAR_WIDTH));
      const label = item.label.length > 24 ? `${item.label.slice(0, 23)}…` : item.label;
      return (
        `<text x="${LABEL_WIDTH - 6}" y="${y + 12}" text-anchor="end">${escapeHtml(label)}</text>` +
        `<rect x="${LABEL_WIDTH}" y="${y + 2}" width="${w}" height="${ROW_HEIGHT - 6}" rx="2" fill="${escapeHtml(item.color)}"/>` +
        `<text x="${LABEL_WIDTH + w + 4}" y="${y + 12}">${escapeHtml(item.text ?? String(item.value))}</text>`
      );
    })
    .join('');
  return `<figure class="chart"><figcaption>${escapeHtml(title)}</figcaption><svg xmlns="http://www.w3.org/2000/svg" width="${
    LABEL_WIDTH + BAR_WIDTH + 50
  }" height="${height}" role="img" aria-label="${escapeHtml(title)}" font-size="9" font-family="DejaVu Sans, Arial, sans-serif">${bars}</svg></figure>`;
}

/** A status color is a CSS hex color; anything else draws in the theme's blue. */
const colorOf = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#228be6');

/** The PDF's summary: the screen's four figures and its charts (by status, on time by area, rating by employee). */
export function summaryHtml(s: ReportStatsResponse): string {
  const figures = reportFigures(s)
    .map(
      ([label, value, hint]) =>
        `<div class="figure"><div class="label">${escapeHtml(label)}</div><div class="value">${escapeHtml(value)}</div><div class="hint">${escapeHtml(hint)}</div></div>`,
    )
    .join('');
  if (s.total === 0) return `<section class="summary"><div class="figures">${figures}</div></section>`;
  const charts = [
    barChart(
      'Tareas por estado',
      s.por_estado.map((e) => ({ label: e.nombre, value: e.total, color: colorOf(e.color) })),
    ),
    barChart(
      'Completadas a tiempo por área',
      s.por_area.map((a) => ({
        label: a.nombre,
        value: a.tasa_a_tiempo ?? 0,
        color: '#2f9e44',
        text: `${percent(a.tasa_a_tiempo)} (${a.completadas_a_tiempo} de ${a.completadas})`,
      })),
    ),
  ];
  const rated = s.por_empleado.filter((e) => e.promedio_calificacion !== null).slice(0, 8);
  if (rated.length) {
    charts.push(
      barChart(
        'Calificación promedio por colaborador',
        rated.map((e) => ({
          label: `${e.nombre} ${e.apellido}`.trim(),
          value: e.promedio_calificacion!,
          color: '#12b886',
          text: rating(e.promedio_calificacion),
        })),
      ),
    );
  }
  return `<section class="summary"><div class="figures">${figures}</div><div class="charts">${charts.join('')}</div></section>`;
}
