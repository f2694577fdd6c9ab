import { defineRoute } from '../common/route';
import { MESSAGES } from '../messages';
import {
  ReportExportParamsSchema,
  ReportExportQuerySchema,
  ReportFiltersSchema,
  ReportQuerySchema,
  ReportResponseSchema,
  ReportStatsResponseSchema,
} from './reports.schemas';

const reportAccess = { anyOf: ['generate:report', 'generate:area-report'] } as const;
const scope =
  'generate:report ve todas las áreas; generate:area-report solo las propias (filtros fuera de alcance: 403).';

/** `stats` is declared before `export` so `/api/reports/stats` never reaches `/:format`. */
export const REPORTS_ROUTES = {
  list: defineRoute({
    method: 'GET',
    path: '/api/reports',
    access: reportAccess,
    query: ReportQuerySchema,
    response: ReportResponseSchema,
    status: 200,
    summary: `Filas del reporte paginadas, incluidas archivadas. ${scope}`,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/reports/stats',
    access: reportAccess,
    query: ReportFiltersSchema,
    response: ReportStatsResponseSchema,
    status: 200,
    summary: `Totales del reporte (por estado, área y colaborador) con los mismos filtros. ${scope}`,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/reports/:format',
    access: reportAccess,
    params: ReportExportParamsSchema,
    query: ReportExportQuerySchema,
    response: null,
    status: 200,
    errors: { 413: [MESSAGES.errors.reportTooLargeForPdf], 503: [MESSAGES.errors.pdfUnavailable] },
    summary: `Descarga xlsx, pdf o csv con todas las filas filtradas (Reporte-YYYY-MM-DD.ext; PDF con más de PDF_MAX_ROWS filas: 413). ${scope}`,
  }),
} as const;
