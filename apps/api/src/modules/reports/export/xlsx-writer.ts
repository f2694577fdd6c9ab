import * as XLSX from 'xlsx';
import { REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { neutralizeFormula, type ExportRow } from './cells';

const DATE_FORMAT = 'dd/mm/yyyy';
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Days from Excel's epoch (1899-12-30) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25569;

/**
 * A calendar date as an Excel date serial: a real date cell that sorts and
 * filters as a date, with no time-zone shift (SheetJS converts JS dates with
 * the server's local offset).
 */
function dateCell(date: string): XLSX.CellObject {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return { t: 'n', v: Date.UTC(y, m - 1, d) / 86_400_000 + EXCEL_EPOCH_OFFSET, z: DATE_FORMAT };
}

function textCell(text: string): XLSX.CellObject {
  return { t: 's', v: neutralizeFormula(text) };
}

/**
 * The report workbook, filled batch by batch into a dense worksheet (rows as
 * arrays: far less memory per cell than the default address-keyed sheet).
 */
export class XlsxReportBuilder {
  private readonly sheet: XLSX.WorkSheet;
  private readonly widths: number[] = REPORT_EXPORT_COLUMNS.map((c) => Math.max(MIN_WIDTH, c.length + 2));
  private rowCount = 0;

  constructor() {
    // `dense` is a real option of SheetJS 0.18 that its type definitions leave out.
    const options: XLSX.AOA2SheetOpts & { dense: boolean } = { dense: true };
    this.sheet = XLSX.utils.aoa_to_sheet([REPORT_EXPORT_COLUMNS.map((c) => textCell(c))], options);
  }

  addRows(rows: readonly ExportRow[]): void {
    if (rows.length === 0) return;
    const aoa = rows.map((r) => {
      const texts = [r.colaborador, r.tarea, r.area, r.estado];
      texts.forEach((t, i) => this.widen(i, t));
      this.widen(7, r.observaciones);
      this.widen(8, r.sugerencias);
      return [
        ...texts.map(textCell),
        dateCell(r.fechaCreacion),
        dateCell(r.fechaVencimiento),
        r.calificacion === null ? { t: 'z' as const } : { t: 'n' as const, v: r.calificacion },
        textCell(r.observaciones),
        textCell(r.sugerencias),
      ];
    });
    XLSX.utils.sheet_add_aoa(this.sheet, aoa, { origin: -1 });
    this.rowCount += rows.length;
  }

  private widen(column: number, text: string): void {
    const longestLine = Math.max(0, ...text.split('\n').map((l) => l.length));
    this.widths[column] = Math.min(MAX_WIDTH, Math.max(this.widths[column]!, longestLine + 2));
  }

  toBuffer(): Buffer {
    this.sheet['!cols'] = this.widths.map((wch) => ({ wch }));
    const lastColumn = XLSX.utils.encode_col(REPORT_EXPORT_COLUMNS.length - 1);
    this.sheet['!autofilter'] = { ref: `A1:${lastColumn}${this.rowCount + 1}` };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, this.sheet, 'Reporte');
    return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  }
}
