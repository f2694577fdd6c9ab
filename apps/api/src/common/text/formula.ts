/** Spreadsheet cells that begin like a formula (CSV and XLSX exports, the audit export). */
/**
 * Text a spreadsheet would read as a formula (or as a DDE payload) starts
 * with one of these (the full-width ＝ ＋ － ＠ too: some spreadsheets turn them
 * into their ASCII forms); an apostrophe in front makes it plain text.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
