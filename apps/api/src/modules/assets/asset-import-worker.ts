// Runs in a worker thread of the import pool (asset-import-pool.ts), never on the API's event loop.
// Self-contained on purpose: only packages are imported, so Node runs this very file from `src`
// (tests, by stripping its types) and its compiled `.js` from `dist` (production).
import * as XLSX from 'xlsx';

/** A spreadsheet to read: its bytes and the most data rows wanted (one more is read, to tell "too many"). */
export interface SheetJob {
  bytes: Uint8Array;
  maxRows: number;
}

/** The first sheet's cells as text, row by row (the header first); or why it could not be read. */
export type SheetResult = { rows: string[][] } | { error: 'NOT_SPREADSHEET' | 'UNREADABLE' | 'TOO_MANY_ROWS' };

const ZIP = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP.every((b, i) => bytes[i] === b);
}

/** A CSV's text: UTF-8 (with or without BOM), else Windows-1252 as a Spanish Excel writes it. */
function csvText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.replace(/^\uFEFF/, '');
}

export default function readSheet(job: SheetJob): SheetResult {
  const bytes = job.bytes;
  let book: XLSX.WorkBook;
  // Header + maxRows + 1: enough to know the file has too many rows, never the whole of a huge sheet.
  const sheetRows = job.maxRows + 2;
  try {
    if (isZip(bytes)) {
      book = XLSX.read(bytes, { type: 'array', sheetRows, dense: true, cellFormula: false, cellHTML: false, cellStyles: false });
    } else {
      const text = csvText(bytes);
      if (text === null) return { error: 'NOT_SPREADSHEET' };
      book = XLSX.read(text, { type: 'string', sheetRows, dense: true, raw: true });
    }
  } catch {
    return { error: 'UNREADABLE' };
  }
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  if (!sheet) return { error: 'UNREADABLE' };
  const rows = XLSX.utils
    .sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false })
    .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim())))
    .filter((row) => row.some((cell) => cell !== ''));
  if (rows.length - 1 > job.maxRows) return { error: 'TOO_MANY_ROWS' };
  return { rows };
}
