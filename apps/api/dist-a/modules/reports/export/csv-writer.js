"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CSV_SEPARATOR = exports.CSV_BOM = void 0;
exports.csvHeader = csvHeader;
exports.csvRows = csvRows;
const contracts_1 = require("@gestar/contracts");
const cells_1 = require("./cells");
/**
 * CSV as Excel in a Spanish locale opens it with a double click: UTF-8 with a
 * byte-order mark (so accents survive), `;` between fields (`,` is that
 * locale's decimal mark), every field quoted, CRLF line ends (RFC 4180).
 */
exports.CSV_BOM = '\uFEFF';
exports.CSV_SEPARATOR = ';';
function quote(value) {
    return `"${(0, cells_1.neutralizeFormula)(value).replace(/"/g, '""')}"`;
}
function line(values) {
    return `${values.map(quote).join(exports.CSV_SEPARATOR)}\r\n`;
}
function csvHeader() {
    return exports.CSV_BOM + line(contracts_1.REPORT_EXPORT_COLUMNS);
}
function csvRows(rows) {
    return rows
        .map((r) => line([
        r.colaborador,
        r.tarea,
        r.area,
        r.estado,
        (0, cells_1.displayDate)(r.fechaCreacion),
        (0, cells_1.displayDate)(r.fechaVencimiento),
        r.calificacion === null ? '' : String(r.calificacion),
        r.observaciones,
        r.sugerencias,
    ]))
        .join('');
}
//# sourceMappingURL=csv-writer.js.map