import { REPORT_EXPORT_COLUMNS } from '@gestar/contracts';
import { neutralizeFormula } from '../../../common/text/formula';
import { exportCells, type ExportRow } from './cells';

/**
 * CSV as Excel in a Spanish locale opens it with a double click: UTF-8 with a
 * byte-order mark (so accents survive), `;` between fields (`,` is that
 * locale's decimal mark), every field quoted, CRLF line ends (RFC 4180).
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

function quote(value: string): string {
  return `"${neutralizeFormula(value).replace(/"/g, '""')}"`;
}

/** One CSV line of quoted fields. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(quote).join(CSV_SEPARATOR)}\r\n`;
}

export function csvHeader(): string {
  return CSV_BOM + csvLine(REPORT_EXPORT_COLUMNS);
}

export function csvRows(rows: readonly ExportRow[]): string {
  return rows.map((r) => csvLine(exportCells(r))).join('');
}
