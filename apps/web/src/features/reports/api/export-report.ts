import { useMutation } from '@tanstack/react-query';
import { EXPORT_CONTENT_TYPES, REPORTS_ROUTES, reportFileName, todayIn, type EXPORT_FORMATS } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { reportFilterQuery, type ReportFilters } from './get-report';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Fetches the file with the session's bearer token (a plain link could not
 * send it) and saves it as `Reporte-YYYY-MM-DD.ext`, the name the server
 * also gives in Content-Disposition.
 */
export async function exportReport(format: ExportFormat, filters: ReportFilters): Promise<void> {
  const blob = await apiRequest(REPORTS_ROUTES.export, {
    params: { format },
    query: reportFilterQuery(filters),
    headers: { Accept: EXPORT_CONTENT_TYPES[format] },
  });
  saveBlob(blob, reportFileName(format, todayIn()));
}

export function useExportReport() {
  return useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: ReportFilters }) =>
      exportReport(format, filters),
  });
}
