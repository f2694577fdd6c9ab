import { FLOW_COLUMNS, hoursText, type FlowGroup, type FlowResponse } from '@gestar/contracts';
import { displayDate } from './cells';
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
