import { useMutation } from '@tanstack/react-query';
import { EXPORT_CONTENT_TYPES, REPORTS_ROUTES, reportFileName, todayIn, type EXPORT_FORMATS } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { reportFilterQuery, type ReportFilters } from './get-report';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Fetches the file with the session's bearer token (a plain link could not
 * send it) and saves it as `Reporte-YYYY-MM-DD.ext`, the name the server
 * also gives in Content-Disposition. `photos` (PDF only) adds the thumbnails of each row's photos.
 */
export async function exportReport(format: ExportFormat, filters: ReportFilters, photos = false): Promise<void> {
  const blob = await apiRequest(REPORTS_ROUTES.export, {
    params: { format },
    query: { ...reportFilterQuery(filters), ...(format === 'pdf' && photos ? { fotos: 'true' } : {}) },
    headers: { Accept: EXPORT_CONTENT_TYPES[format] },
  });
  saveBlob(blob, reportFileName(format, todayIn()));
}

export function useExportReport() {
  return useMutation({
    mutationFn: ({ format, filters, photos }: { format: ExportFormat; filters: ReportFilters; photos?: boolean }) =>
      exportReport(format, filters, photos),
  });
}
