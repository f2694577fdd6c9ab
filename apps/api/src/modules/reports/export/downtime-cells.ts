import { DOWNTIME_COLUMNS, hoursText } from '@gestar/contracts';
import { displayDate } from './cells';
import { CSV_BOM, csvLine } from './csv-writer';
import { escapeHtml } from './html';
import type { DowntimeAll } from '../downtime.service';

type Machine = DowntimeAll['machines'][number];

/** A machine's row of DOWNTIME_COLUMNS: numbers stay numbers (the XLSX sums them), no MTBF is null. */
export function downtimeValues(m: Machine): (string | number | null)[] {
  return [
    m.codigo,
    m.nombre,
    m.area.nombre,
    m.horas_detenido,
    m.horas_mantenimiento,
    m.fallas,
    m.mtbf_horas,
    m.mttr_horas,
    m.preventivas,
    m.preventivas_a_tiempo,
    m.preventivas_tarde,
    m.preventivas_vencidas,
    m.correctivas,
  ];
}

/** The same as the screen shows it: hours «12,5», «—» without failures. */
function downtimeTexts(m: Machine): string[] {
  return downtimeValues(m).map((v, i) =>
    v === null ? '—' : typeof v === 'number' && i >= 3 && i <= 7 ? hoursText(v) : String(v),
  );
}

export const downtimePeriodLine = (d: Pick<DowntimeAll, 'desde' | 'hasta'>): string =>
  `Periodo: ${displayDate(d.desde)} – ${displayDate(d.hasta)}`;

/** The CSV of the downtime table (the same format as the report's CSV). */
export function downtimeCsv(d: DowntimeAll): string {
  return CSV_BOM + csvLine(DOWNTIME_COLUMNS) + d.machines.map((m) => csvLine(downtimeTexts(m))).join('');
}

/** The «Paradas» sheet: the period, then the header and a row per machine. */
export function downtimeSheetRows(d: DowntimeAll): (string | number | null)[][] {
  return [
    ['Paradas y mantenimiento'],
    [downtimePeriodLine(d)],
    [],
    [...DOWNTIME_COLUMNS],
    ...d.machines.map((m) => downtimeValues(m).map((v) => (v === null ? '—' : v))),
  ];
}

/**
 * The PDF's «Paradas y mantenimiento» section: the machines with any figure in the period
 * (at most `max`, most hours stopped first), and how many were left out.
 */
export function downtimeHtml(d: DowntimeAll, max: number): string {
  const active = d.machines.filter(
    (m) => m.horas_detenido > 0 || m.fallas > 0 || m.preventivas > 0 || m.correctivas > 0,
  );
  const shown = active.slice(0, max);
  const head = DOWNTIME_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = shown.length
    ? shown
        .map(
          (m) =>
            `<tr>${downtimeTexts(m)
              .map((c) => `<td>${escapeHtml(c)}</td>`)
              .join('')}</tr>`,
        )
        .join('')
    : `<tr><td colspan="${DOWNTIME_COLUMNS.length}" class="empty">Ningún equipo tuvo paradas ni mantenimiento en el periodo</td></tr>`;
  const more =
    active.length > shown.length ? `<p>Y ${active.length - shown.length} equipos más (vea el CSV de paradas).</p>` : '';
  return `<section class="downtime"><h2>Paradas y mantenimiento</h2><p>${escapeHtml(downtimePeriodLine(d))} · ${d.machines.length} equipos</p>
<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}</section>`;
}
