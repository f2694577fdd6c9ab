import type * as XLSX from 'xlsx';

/** SheetJS, required on the first export: loaded at start it costs a quarter of a second of every start. */
export const loadXlsx = (): Promise<typeof XLSX> => import('xlsx');
