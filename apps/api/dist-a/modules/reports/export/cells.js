"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.neutralizeFormula = neutralizeFormula;
exports.suggestionsText = suggestionsText;
exports.toExportRow = toExportRow;
exports.displayDate = displayDate;
const company_date_1 = require("../../../common/time/company-date");
/**
 * Text a spreadsheet would read as a formula (or as a DDE payload) starts
 * with one of these; an apostrophe in front makes it plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
function neutralizeFormula(text) {
    return FORMULA_START.test(text) ? `'${text}` : text;
}
/** Suggestions as one text: "1. first" / "2. second", one per line. */
function suggestionsText(row) {
    return row.tarea.sugerencias.map((s, i) => `${i + 1}. ${s.descripcion}`).join('\n');
}
function toExportRow(row, timeZone) {
    return {
        colaborador: `${row.empleado.nombre} ${row.empleado.apellido}`.trim(),
        tarea: row.tarea.titulo,
        area: row.tarea.area.nombre,
        estado: row.estado.nombre,
        fechaCreacion: (0, company_date_1.companyDateOf)(new Date(row.fecha_asignacion), timeZone),
        fechaVencimiento: (0, company_date_1.toCompanyDate)(row.fecha_vencimiento, timeZone),
        calificacion: row.calificacion,
        observaciones: row.observaciones ?? '',
        sugerencias: suggestionsText(row),
    };
}
/** `YYYY-MM-DD` -> `DD/MM/YYYY`, the date format of the screen's date picker. */
function displayDate(date) {
    const [y, m, d] = date.split('-');
    return `${d}/${m}/${y}`;
}
//# sourceMappingURL=cells.js.map