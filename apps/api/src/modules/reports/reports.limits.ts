import { PDF_MAX_ROWS } from '@gestar/contracts';

/** Export limits; the environment may lower them (tests use tiny ones). */
export interface ReportLimits {
  /** A PDF with more rows than this is refused with 413 (DECISIONS section 5). */
  pdfMaxRows: number;
  /** Rows per query while exporting: what memory holds at once besides the file being built. */
  exportBatchSize: number;
}

export const REPORT_LIMITS = Symbol('REPORT_LIMITS');
export const EXPORT_BATCH_SIZE = 2000;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function reportLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): ReportLimits {
  return {
    pdfMaxRows: positiveInt(env.REPORT_PDF_MAX_ROWS, PDF_MAX_ROWS),
    exportBatchSize: positiveInt(env.REPORT_EXPORT_BATCH_SIZE, EXPORT_BATCH_SIZE),
  };
}
