import { REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { displayDate, exportCells, type ExportRow } from './cells';
import { escapeHtml } from './html';
import { summaryHtml } from './summary';
import type { ReportStatsResponse } from '@gestar/contracts';

/** What the PDF says about how its rows were chosen (names, not uuids). */
export interface ReportFilterSummary {
  estados: string[];
  areas: string[];
  colaboradores: string[];
  titulo?: string;
  desde?: string;
  hasta?: string;
}

/** The filters in words, as the PDF's header and the XLSX's summary sheet say them. */
export function filterLines(f: ReportFilterSummary): string[] {
  const all = 'Todos';
  const range =
    f.desde || f.hasta
      ? `${f.desde ? displayDate(f.desde) : '…'} – ${f.hasta ? displayDate(f.hasta) : '…'}`
      : 'Todas las fechas';
  return [
    `Estados: ${f.estados.length ? f.estados.join(', ') : all}`,
    `Áreas: ${f.areas.length ? f.areas.join(', ') : 'Todas'}`,
    `Colaboradores: ${f.colaboradores.length ? f.colaboradores.join(', ') : all}`,
    `Rango de fecha: ${range}`,
    ...(f.titulo ? [`Título contiene: ${f.titulo}`] : []),
  ];
}

function rowHtml(r: ExportRow, photos: readonly string[] = []): string {
  const cells = exportCells(r);
  const row = `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  if (photos.length === 0) return row;
  // The thumbnails (data: URIs of the stored WebP thumbnails) on a line of their own under the row.
  const images = photos.map((uri) => `<img src="${escapeHtml(uri)}" alt="">`).join('');
  return `${row}<tr class="photos"><td colspan="${REPORT_EXPORT_COLUMNS.length}">${images}</td></tr>`;
}

/** Only the data: URI of an image goes into the PDF: nothing there can fetch from elsewhere. */
const IMAGE_DATA_URI = /^data:image\/(webp|jpeg|png);base64,[A-Za-z0-9+/=]+$/;

/** Percent of the page width per column of REPORT_EXPORT_COLUMNS: long texts get the room. */
const COLUMN_WIDTHS = [10, 13, 7, 7, 7, 7, 7, 5, 5, 13, 5, 14];

/** Static HTML (no scripts, no external resources) for Chromium to print. */
export function reportHtml(opts: {
  companyName: string;
  generatedOn: string;
  filters: ReportFilterSummary;
  rows: readonly ExportRow[];
  /** The screen's figures and charts over every matching row. */
  stats: ReportStatsResponse;
  /** With the option `fotos`: each row's thumbnails as data: URIs, by the row's index. */
  photos?: readonly (readonly string[])[];
  /** The «Paradas y mantenimiento» section (`downtimeHtml`), after the rows. */
  downtime?: string;
  /** The time sections (`timeHtml`: hours worked, lead and cycle time), last. */
  time?: string;
}): string {
  const cols = COLUMN_WIDTHS.map((w) => `<col style="width:${w}%">`).join('');
  const head = REPORT_EXPORT_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body = opts.rows.length
    ? opts.rows.map((r, i) => rowHtml(r, (opts.photos?.[i] ?? []).filter((uri) => IMAGE_DATA_URI.test(uri)))).join('')
    : `<tr><td colspan="${REPORT_EXPORT_COLUMNS.length}" class="empty">No existen reportes para los filtros seleccionados</td></tr>`;
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Reporte</title>
<style>
  * { box-sizing: border-box; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 9px; color: #1a1b1e; margin: 0; }
  header { border-bottom: 2px solid #228be6; padding-bottom: 6px; margin-bottom: 8px; display: flex; justify-content: space-between; align-items: flex-end; }
  h1 { font-size: 16px; margin: 0; }
  .company { font-size: 12px; font-weight: bold; color: #228be6; }
  .meta { text-align: right; color: #555; }
  ul.filters { list-style: none; padding: 0; margin: 0 0 8px; color: #333; columns: 2; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  thead { display: table-header-group; }
  tr { page-break-inside: avoid; }
  th, td { border: 1px solid #ced4da; padding: 3px 4px; vertical-align: top; }
  th { background: #e7f5ff; text-align: left; }
  /* Cells keep the line breaks a user typed; only a word too long for its column is cut. */
  td { overflow-wrap: break-word; white-space: pre-wrap; }
  td.empty { text-align: center; color: #666; padding: 12px; }
  tr.photos td { border-top: none; padding: 2px 4px 4px; }
  tr.photos img { height: 64px; width: auto; margin-right: 4px; border-radius: 2px; }
  section.summary { margin: 0 0 10px; page-break-inside: avoid; }
  .figures { display: flex; gap: 8px; margin-bottom: 8px; }
  .figure { flex: 1; border: 1px solid #ced4da; border-radius: 4px; padding: 5px 8px; }
  .figure .label { font-size: 8px; text-transform: uppercase; color: #555; font-weight: bold; }
  .figure .value { font-size: 16px; font-weight: bold; }
  .figure .hint { color: #666; }
  .charts { display: flex; flex-wrap: wrap; gap: 6px 18px; }
  figure.chart { margin: 0; }
  figure.chart figcaption { font-weight: bold; margin-bottom: 2px; }
  svg text { fill: #1a1b1e; }
  section.downtime, section.time { page-break-before: always; }
  section.downtime h2, section.time h2 { font-size: 13px; margin: 0 0 4px; }
  section.time h3 { font-size: 11px; margin: 8px 0 4px; }
</style></head>
<body>
<header>
  <div><div class="company">${escapeHtml(opts.companyName)}</div><h1>Reporte de tareas</h1></div>
  <div class="meta">Generado el ${escapeHtml(displayDate(opts.generatedOn))}<br>${opts.rows.length} filas</div>
</header>
<ul class="filters">${filterLines(opts.filters)
    .map((l) => `<li>${escapeHtml(l)}</li>`)
    .join('')}</ul>
${summaryHtml(opts.stats)}
<table><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>
${opts.downtime ?? ''}
${opts.time ?? ''}
</body></html>`;
}
