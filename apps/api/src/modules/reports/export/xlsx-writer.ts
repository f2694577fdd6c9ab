import type * as XLSX from 'xlsx';
import { checklistProgressText, onTimeText, REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { summaryRows, type ReportSummary } from './summary';
import type { ExportBatch } from '../reports.repository';
import { neutralizeFormula } from '../../../common/text/formula';

const DATE_FORMAT = 'dd/mm/yyyy';
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;

/** Indexes in REPORT_EXPORT_COLUMNS of the text columns whose width follows their content. */
const COL = { colaborador: 0, tarea: 1, area: 2, estado: 3, observaciones: 9, lista: 10, sugerencias: 11 } as const;
type TextColumn = (typeof COL)[keyof typeof COL];

interface TaskCells {
  tarea: XLSX.CellObject;
  area: XLSX.CellObject;
  sugerencias: XLSX.CellObject;
}

/** An empty cell (no rating, no observations, no suggestions): nothing is written for it. */
const BLANK: XLSX.CellObject = { t: 'z' };
/** The "A tiempo" column's two values. */
const YES: XLSX.CellObject = { t: 's', v: onTimeText(true) };
const NO: XLSX.CellObject = { t: 's', v: onTimeText(false) };
/** Ratings are 1 to 5: one cell each. */
const RATINGS = new Map<number, XLSX.CellObject>([1, 2, 3, 4, 5].map((n) => [n, { t: 'n', v: n }]));

function textCell(text: string): XLSX.CellObject {
  return text === '' ? BLANK : { t: 's', v: neutralizeFormula(text) };
}

/**
 * The report workbook, filled batch by batch into a dense worksheet (rows as
 * arrays). A cell object is never changed by the writer, so one object per
 * distinct value serves every row that shows it: a task's title, area and
 * suggestions, an employee's name, a status, a date, a rating. A row then
 * costs an array of references, and each text's width is measured once.
 */
export class XlsxReportBuilder {
  private readonly sheet: XLSX.WorkSheet;
  private readonly widths: number[] = REPORT_EXPORT_COLUMNS.map((c) => Math.max(MIN_WIDTH, c.length + 2));
  private readonly tasks = new Map<string, TaskCells>();
  private readonly employees = new Map<string, XLSX.CellObject>();
  private readonly states = new Map<string, XLSX.CellObject>();
  /** Date cells by Excel day serial: a real date that sorts and filters as one. */
  private readonly dates = new Map<number, XLSX.CellObject>();
  private readonly progressCells = new Map<number, XLSX.CellObject>();
  private rowCount = 0;

  /** `xlsx` is the SheetJS module, loaded on the first export (see `common/xlsx.ts`). */
  constructor(private readonly xlsx: typeof XLSX) {
    // `dense` is a real option of SheetJS 0.18 that its type definitions leave out.
    const options: XLSX.AOA2SheetOpts & { dense: boolean } = { dense: true };
    this.sheet = xlsx.utils.aoa_to_sheet([REPORT_EXPORT_COLUMNS.map((c) => textCell(c))], options);
  }

  /**
   * Appends the batch's rows. A dense sheet of SheetJS 0.18 is an array of
   * rows (arrays of cells): each row goes in as built, where
   * `sheet_add_aoa` would copy it cell by cell through a temporary object.
   */
  addBatch(batch: ExportBatch): void {
    this.learnNames(batch);
    const rows = this.sheet as unknown as XLSX.CellObject[][];
    for (const r of batch.rows) {
      const task = this.tasks.get(r.tarea_uuid)!;
      rows[++this.rowCount] = [
        this.employees.get(r.empleado_uuid)!,
        task.tarea,
        task.area,
        this.states.get(r.estado_uuid)!,
        this.date(r.creada),
        this.date(r.vence),
        r.completada === null ? BLANK : this.date(r.completada),
        r.a_tiempo === null ? BLANK : r.a_tiempo ? YES : NO,
        r.calificacion === null ? BLANK : (RATINGS.get(r.calificacion) ?? { t: 'n', v: r.calificacion }),
        r.observaciones ? this.text(COL.observaciones, r.observaciones) : BLANK,
        r.checklist_total === 0 ? BLANK : this.progress(r.checklist_hechos, r.checklist_total),
        task.sugerencias,
      ];
    }
  }

  private learnNames(batch: ExportBatch): void {
    const suggestions = new Map<string, string[]>();
    for (const s of batch.suggestions) {
      const list = suggestions.get(s.tarea_uuid);
      if (list) list.push(s.descripcion);
      else suggestions.set(s.tarea_uuid, [s.descripcion]);
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
    for (const s of batch.states) this.states.set(s.uuid, this.text(COL.estado, s.nombre));
  }

  /** "3 de 5": one cell per distinct pair. */
  private progress(hechos: number, total: number): XLSX.CellObject {
    const key = hechos * 1000 + total;
    let cell = this.progressCells.get(key);
    if (!cell) {
      cell = this.text(COL.lista, checklistProgressText({ hechos, total }));
      this.progressCells.set(key, cell);
    }
    return cell;
  }

  private date(serial: number): XLSX.CellObject {
    let cell = this.dates.get(serial);
    if (!cell) {
      cell = { t: 'n', v: serial, z: DATE_FORMAT };
      this.dates.set(serial, cell);
    }
    return cell;
  }

  /** A text cell of `column`, widening the column to the text's longest line. */
  private text(column: TextColumn, text: string): XLSX.CellObject {
    let longestLine = 0;
    for (const line of text.split('\n')) longestLine = Math.max(longestLine, line.length);
    this.widths[column] = Math.min(MAX_WIDTH, Math.max(this.widths[column]!, longestLine + 2));
    return textCell(text);
  }

  /**
   * The workbook: the rows on «Reporte», the screen's summary figures on «Resumen», then the
   * other sections each on a sheet of its own («Paradas», «Horas», «Tiempos de ciclo»).
   */
  toBuffer(summary: ReportSummary, sheets: readonly ExtraSheet[]): Buffer {
    const lastColumn = this.xlsx.utils.encode_col(REPORT_EXPORT_COLUMNS.length - 1);
    this.sheet['!ref'] = `A1:${lastColumn}${this.rowCount + 1}`;
    this.sheet['!cols'] = this.widths.map((wch) => ({ wch }));
    this.sheet['!autofilter'] = { ref: `A1:${lastColumn}${this.rowCount + 1}` };
    const book = this.xlsx.utils.book_new();
    this.xlsx.utils.book_append_sheet(book, this.sheet, 'Reporte');
    const resumen = this.xlsx.utils.aoa_to_sheet(summaryRows(summary));
    resumen['!cols'] = [{ wch: 34 }, { wch: 14 }, { wch: 14 }, { wch: 14 }, { wch: 14 }, { wch: 14 }];
    this.xlsx.utils.book_append_sheet(book, resumen, 'Resumen');
    for (const extra of sheets) {
      const sheet = this.xlsx.utils.aoa_to_sheet(
        extra.rows.map((r) => r.map((c) => (typeof c === 'string' ? neutralizeFormula(c) : c))),
      );
      sheet['!cols'] = extra.widths.map((wch) => ({ wch }));
      this.xlsx.utils.book_append_sheet(book, sheet, extra.name);
    }
    return this.xlsx.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  }
}

/** A sheet after «Resumen»: its name, rows (numbers stay numbers) and column widths. */
export interface ExtraSheet {
  name: string;
  rows: readonly (readonly (string | number | null)[])[];
  widths: readonly number[];
}
