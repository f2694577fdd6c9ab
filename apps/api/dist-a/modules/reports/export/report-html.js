"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.escapeHtml = escapeHtml;
exports.reportHtml = reportHtml;
const contracts_1 = require("@gestar/contracts");
const cells_1 = require("./cells");
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every value put into the template goes through this: the PDF never runs what a user typed. */
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
function filterLines(f) {
    const all = 'Todos';
    const range = f.desde || f.hasta
        ? `${f.desde ? (0, cells_1.displayDate)(f.desde) : '…'} – ${f.hasta ? (0, cells_1.displayDate)(f.hasta) : '…'}`
        : 'Todas las fechas';
    return [
        `Estados: ${f.estados.length ? f.estados.join(', ') : all}`,
        `Áreas: ${f.areas.length ? f.areas.join(', ') : 'Todas'}`,
        `Colaboradores: ${f.colaboradores.length ? f.colaboradores.join(', ') : all}`,
        `Rango de fecha: ${range}`,
        ...(f.titulo ? [`Título contiene: ${f.titulo}`] : []),
    ];
}
function rowHtml(r) {
    const cells = [
        r.colaborador,
        r.tarea,
        r.area,
        r.estado,
        (0, cells_1.displayDate)(r.fechaCreacion),
        (0, cells_1.displayDate)(r.fechaVencimiento),
        r.calificacion === null ? '' : String(r.calificacion),
        r.observaciones,
        r.sugerencias,
    ];
    return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
}
/** Percent of the page width per column of REPORT_EXPORT_COLUMNS: long texts get the room. */
const COLUMN_WIDTHS = [11, 16, 9, 8, 8, 8, 7, 16, 17];
/** Static HTML (no scripts, no external resources) for Chromium to print. */
function reportHtml(opts) {
    const cols = COLUMN_WIDTHS.map((w) => `<col style="width:${w}%">`).join('');
    const head = contracts_1.REPORT_EXPORT_COLUMNS.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
    const body = opts.rows.length
        ? opts.rows.map(rowHtml).join('')
        : `<tr><td colspan="${contracts_1.REPORT_EXPORT_COLUMNS.length}" class="empty">No existen reportes para los filtros seleccionados</td></tr>`;
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
</style></head>
<body>
<header>
  <div><div class="company">${escapeHtml(opts.companyName)}</div><h1>Reporte de tareas</h1></div>
  <div class="meta">Generado el ${escapeHtml((0, cells_1.displayDate)(opts.generatedOn))}<br>${opts.rows.length} filas</div>
</header>
<ul class="filters">${filterLines(opts.filters)
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul>
<table><colgroup>${cols}</colgroup><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>
</body></html>`;
}
//# sourceMappingURL=report-html.js.map