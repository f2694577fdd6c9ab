import {
  FLOW_COLUMNS,
  HOURS_COLUMNS,
  HOURS_ESTIMATE_COLUMNS,
  HOURS_GROUP_LABELS,
  hoursText,
  type FlowGroup,
  type FlowResponse,
  type HoursGrouping,
} from '@gestar/contracts';
import type { HoursAll } from '../hours.service';
import { displayDate } from './cells';
import { CSV_BOM, csvLine } from './csv-writer';
import { escapeHtml } from './html';
import { barChart } from './summary';

type Cell = string | number | null;

const periodLine = (d: { desde: string; hasta: string }) => `Periodo: ${displayDate(d.desde)} – ${displayDate(d.hasta)}`;

function flowValues(kind: string, g: Pick<FlowGroup, 'nombre' | 'ocurrencias' | 'espera' | 'en_curso' | 'total'>): Cell[] {
  return [
    kind,
    g.nombre,
    g.ocurrencias,
    g.espera.mediana,
    g.espera.p90,
    g.en_curso.mediana,
    g.en_curso.p90,
    g.total.mediana,
    g.total.p90,
    g.total.promedio,
  ];
}

/** Every row of the flow tables: everything, then each task type, then each area. */
function flowTable(f: FlowResponse): Cell[][] {
  return [
    flowValues('Todas', { nombre: 'Todas las tareas', ...f.general }),
    ...f.por_tipo.map((g) => flowValues('Tipo de tarea', g)),
    ...f.por_area.map((g) => flowValues('Área', g)),
  ];
}

/** The «Tiempos de ciclo» sheet: the period, the table, then the chart's counts. */
export function flowSheetRows(f: FlowResponse): Cell[][] {
  return [
    ['Tiempos de espera y de ciclo (tareas terminadas, desde el historial de estados)'],
    [periodLine(f)],
    [],
    [...FLOW_COLUMNS],
    ...flowTable(f),
    [],
    ['Distribución', 'Tareas por tiempo total', 'Tareas por tiempo en curso'],
    ...f.histograma.map((b) => [b.etiqueta, b.total, b.en_curso]),
  ];
}

/** The PDF's lead and cycle time part: the chart and the table, hours as the screen shows them. */
export function flowHtml(f: FlowResponse): string {
  const head = FLOW_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = flowTable(f)
    .map((r) => `<tr>${r.map((c, i) => `<td>${escapeHtml(i >= 3 ? hoursText(c as number) : String(c))}</td>`).join('')}</tr>`)
    .join('');
  const chart =
    f.general.ocurrencias > 0
      ? barChart(
          'Tareas terminadas por tiempo total',
          f.histograma.map((b) => ({ label: b.etiqueta, value: b.total, color: '#228be6' })),
        ) +
        barChart(
          'Tareas terminadas por tiempo en curso',
          f.histograma.map((b) => ({ label: b.etiqueta, value: b.en_curso, color: '#12b886' })),
        )
      : '<p>Ninguna tarea terminada en el periodo</p>';
  return `<h3>Tiempos de espera y de ciclo</h3><p>${escapeHtml(periodLine(f))} · ${f.general.ocurrencias} tareas terminadas</p>
<div class="charts">${chart}</div>
<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

type HoursExport = HoursAll;

const GROUPINGS = Object.keys(HOURS_GROUP_LABELS) as HoursGrouping[];

/** Every group of every grouping, after the total: [grouping, name, hours, occurrences]. */
function hoursTable(h: HoursExport): Cell[][] {
  return [
    ['Total', 'Todas las horas', h.total.horas, h.total.ocurrencias],
    ...GROUPINGS.flatMap((g) => h.grupos[g].map((r) => [HOURS_GROUP_LABELS[g], r.nombre, r.horas, r.ocurrencias])),
  ];
}

function estimateTable(h: HoursExport): Cell[][] {
  return h.estimado_por_tipo.map((e) => [
    e.nombre,
    e.ocurrencias,
    e.horas_estimadas,
    e.horas_reales,
    Math.round((e.horas_reales - e.horas_estimadas) * 100) / 100,
  ]);
}

const hoursCell = (c: Cell, i: number) => (i === 2 && typeof c === 'number' ? hoursText(c) : String(c ?? ''));

/** The CSV of the hours (the same format as the report's CSV). */
export function hoursCsv(h: HoursExport): string {
  return CSV_BOM + csvLine(HOURS_COLUMNS) + hoursTable(h).map((r) => csvLine(r.map(hoursCell))).join('');
}

/** The «Horas» sheet: the period and totals, the groups, the estimates, then the chart's buckets. */
export function hoursSheetRows(h: HoursExport): Cell[][] {
  return [
    ['Horas trabajadas'],
    [periodLine(h)],
    [`Tareas terminadas en el periodo: ${h.total.terminadas}; sin tiempo registrado: ${h.total.terminadas_sin_tiempo}`],
    [],
    [...HOURS_COLUMNS],
    ...hoursTable(h),
    [],
    [...HOURS_ESTIMATE_COLUMNS],
    ...estimateTable(h),
    [],
    [h.granularidad === 'dia' ? 'Día' : 'Semana desde', 'Horas'],
    ...h.por_periodo.map((b) => [displayDate(b.desde), b.horas]),
  ];
}

/** The PDF's hours part: the figures, charts by person and by area, the estimates. */
export function hoursHtml(h: HoursExport, max: number): string {
  const t = h.total;
  const figures = [
    ['Horas trabajadas', hoursText(t.horas), `${t.personas} personas, ${t.ocurrencias} tareas`],
    ['Estimado / real', `${hoursText(t.horas_estimadas)} / ${hoursText(t.horas_reales_estimadas)} h`, `${t.estimadas_ocurrencias} tareas con estimación`],
    ['Terminadas sin tiempo', String(t.terminadas_sin_tiempo), `de ${t.terminadas} terminadas`],
  ]
    .map(
      ([label, value, hint]) =>
        `<div class="figure"><div class="label">${escapeHtml(label!)}</div><div class="value">${escapeHtml(value!)}</div><div class="hint">${escapeHtml(hint!)}</div></div>`,
    )
    .join('');
  const bars = (title: string, list: readonly { nombre: string; horas: number }[], color: string) =>
    list.length
      ? barChart(
          title,
          list.slice(0, 12).map((g) => ({ label: g.nombre, value: g.horas, color, text: `${hoursText(g.horas)} h` })),
        )
      : '';
  const charts = bars('Horas por persona', h.grupos.persona, '#228be6') + bars('Horas por área', h.grupos.area, '#12b886') +
    bars('Horas por tipo de tarea', h.grupos.tipo, '#7950f2');
  const rows = hoursTable(h);
  const shown = rows.slice(0, max);
  const table = `<table><thead><tr>${HOURS_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${shown
    .map((r) => `<tr>${r.map((c, i) => `<td>${escapeHtml(hoursCell(c, i))}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>${rows.length > shown.length ? `<p>Y ${rows.length - shown.length} filas más (vea el CSV de horas).</p>` : ''}`;
  const estimates = estimateTable(h);
  const estimateHtml = estimates.length
    ? `<h3>Estimado frente a real</h3><table><thead><tr>${HOURS_ESTIMATE_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${estimates
        .map((r) => `<tr>${r.map((c, i) => `<td>${escapeHtml(i >= 2 ? hoursText(c as number) : String(c))}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`
    : '';
  return `<h3>Horas trabajadas</h3><p>${escapeHtml(periodLine(h))}</p><div class="figures">${figures}</div>
<div class="charts">${charts}</div>${table}${estimateHtml}`;
}
