"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
exports.XlsxReportBuilder = void 0;
const XLSX = __importStar(require("xlsx"));
const contracts_1 = require("@gestar/contracts");
const cells_1 = require("./cells");
const DATE_FORMAT = 'dd/mm/yyyy';
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Indexes in REPORT_EXPORT_COLUMNS of the text columns whose width follows their content. */
const COL = { colaborador: 0, tarea: 1, area: 2, estado: 3, observaciones: 7, sugerencias: 8 };
/** An empty cell (no rating, no observations, no suggestions): nothing is written for it. */
const BLANK = { t: 'z' };
/** Ratings are 1 to 5: one cell each. */
const RATINGS = new Map([1, 2, 3, 4, 5].map((n) => [n, { t: 'n', v: n }]));
function textCell(text) {
    return text === '' ? BLANK : { t: 's', v: (0, cells_1.neutralizeFormula)(text) };
}
/**
 * The report workbook, filled batch by batch into a dense worksheet (rows as
 * arrays). A cell object is never changed by the writer, so one object per
 * distinct value serves every row that shows it: a task's title, area and
 * suggestions, an employee's name, a status, a date, a rating. A row then
 * costs an array of references, and each text's width is measured once.
 */
class XlsxReportBuilder {
    sheet;
    widths = contracts_1.REPORT_EXPORT_COLUMNS.map((c) => Math.max(MIN_WIDTH, c.length + 2));
    tasks = new Map();
    employees = new Map();
    states = new Map();
    /** Date cells by Excel day serial: a real date that sorts and filters as one. */
    dates = new Map();
    rowCount = 0;
    constructor() {
        // `dense` is a real option of SheetJS 0.18 that its type definitions leave out.
        const options = { dense: true };
        this.sheet = XLSX.utils.aoa_to_sheet([contracts_1.REPORT_EXPORT_COLUMNS.map((c) => textCell(c))], options);
    }
    /**
     * Appends the batch's rows. A dense sheet of SheetJS 0.18 is an array of
     * rows (arrays of cells): each row goes in as built, where
     * `sheet_add_aoa` would copy it cell by cell through a temporary object.
     */
    addBatch(batch) {
        this.learnNames(batch);
        const rows = this.sheet;
        for (const r of batch.rows) {
            const task = this.tasks.get(r.tarea_uuid);
            rows[++this.rowCount] = [
                this.employees.get(r.empleado_uuid),
                task.tarea,
                task.area,
                this.states.get(r.estado_uuid),
                this.date(r.creada),
                this.date(r.vence),
                r.calificacion === null ? BLANK : (RATINGS.get(r.calificacion) ?? { t: 'n', v: r.calificacion }),
                r.observaciones ? this.text(COL.observaciones, r.observaciones) : BLANK,
                task.sugerencias,
            ];
        }
    }
    learnNames(batch) {
        const suggestions = new Map();
        for (const s of batch.suggestions) {
            const list = suggestions.get(s.tarea_uuid);
            if (list)
                list.push(s.descripcion);
            else
                suggestions.set(s.tarea_uuid, [s.descripcion]);
        }
        for (const t of batch.tasks) {
            // "1. first" / "2. second", one per line, as in the CSV and the PDF.
            const listed = (suggestions.get(t.uuid) ?? []).map((d, i) => `${i + 1}. ${d}`).join('\n');
            this.tasks.set(t.uuid, {
                tarea: this.text(COL.tarea, t.titulo),
                area: this.text(COL.area, t.area_nombre),
                sugerencias: this.text(COL.sugerencias, listed),
            });
        }
        for (const e of batch.employees) {
            this.employees.set(e.uuid, this.text(COL.colaborador, `${e.nombre} ${e.apellido}`.trim()));
        }
        for (const s of batch.states)
            this.states.set(s.uuid, this.text(COL.estado, s.nombre));
    }
    date(serial) {
        let cell = this.dates.get(serial);
        if (!cell) {
            cell = { t: 'n', v: serial, z: DATE_FORMAT };
            this.dates.set(serial, cell);
        }
        return cell;
    }
    /** A text cell of `column`, widening the column to the text's longest line. */
    text(column, text) {
        let longestLine = 0;
        for (const line of text.split('\n'))
            longestLine = Math.max(longestLine, line.length);
        this.widths[column] = Math.min(MAX_WIDTH, Math.max(this.widths[column], longestLine + 2));
        return textCell(text);
    }
    toBuffer() {
        const lastColumn = XLSX.utils.encode_col(contracts_1.REPORT_EXPORT_COLUMNS.length - 1);
        this.sheet['!ref'] = `A1:${lastColumn}${this.rowCount + 1}`;
        this.sheet['!cols'] = this.widths.map((wch) => ({ wch }));
        this.sheet['!autofilter'] = { ref: `A1:${lastColumn}${this.rowCount + 1}` };
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, this.sheet, 'Reporte');
        return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
    }
}
exports.XlsxReportBuilder = XlsxReportBuilder;
//# sourceMappingURL=xlsx-writer.js.map