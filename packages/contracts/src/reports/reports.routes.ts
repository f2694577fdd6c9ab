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
import { DowntimeFiltersSchema, DowntimeQuerySchema, DowntimeResponseSchema } from './downtime.schemas';
import { FlowResponseSchema, TimeReportFiltersSchema } from './flow.schemas';
import { HoursResponseSchema } from './hours.schemas';
import { TimesheetExportParamsSchema, TimesheetQuerySchema, TimesheetResponseSchema } from './timesheet.schemas';

const reportAccess = { anyOf: ['generate:report', 'generate:area-report'] } as const;
const scope =
  'generate:report ve todas las áreas; generate:area-report solo las propias (filtros fuera de alcance: 403).';

/** `stats` and `downtime` are declared before `export` so they never reach `/:format`. */
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
  downtime: defineRoute({
    method: 'GET',
    path: '/api/reports/downtime',
    access: reportAccess,
    query: DowntimeQuerySchema,
    response: DowntimeResponseSchema,
    status: 200,
    summary: `Paradas y mantenimiento por equipo y área en el periodo (horas detenido, fallas, MTBF, MTTR, preventivas y correctivas). ${scope}`,
  }),
  downtimeCsv: defineRoute({
    method: 'GET',
    path: '/api/reports/downtime/csv',
    access: reportAccess,
    query: DowntimeFiltersSchema,
    response: null,
    status: 200,
    summary: `Descarga CSV de la tabla de paradas con todos los equipos (Paradas-YYYY-MM-DD.csv). ${scope}`,
  }),
  flow: defineRoute({
    method: 'GET',
    path: '/api/reports/flow',
    access: reportAccess,
    query: TimeReportFiltersSchema,
    response: FlowResponseSchema,
    status: 200,
    summary: `Tiempos de espera, en curso y total (lead y cycle time) de las tareas terminadas en el periodo, por tipo y área, desde el historial de estados. ${scope}`,
  }),
  hours: defineRoute({
    method: 'GET',
    path: '/api/reports/hours',
    access: reportAccess,
    query: TimeReportFiltersSchema,
    response: HoursResponseSchema,
    status: 200,
    summary: `Horas trabajadas en el periodo por persona, tarea, tipo, equipo, área y día o semana; estimado frente a real; tareas terminadas sin tiempo. ${scope}`,
  }),
  hoursCsv: defineRoute({
    method: 'GET',
    path: '/api/reports/hours/csv',
    access: reportAccess,
    query: TimeReportFiltersSchema,
    response: null,
    status: 200,
    summary: `Descarga CSV de las horas por persona, tarea, tipo, equipo y área, todas las filas (Horas-YYYY-MM-DD.csv). ${scope}`,
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

const timesheetAccess = { anyOf: ['track:time', 'manage:time-entries'] } as const;
const timesheetScope =
  'La propia semana; usuario_uuid de otra persona: manage:time-entries con la persona en sus áreas (403 si no).';

/** A person's week of time, on their profile. */
export const TIMESHEET_ROUTES = {
  week: defineRoute({
    method: 'GET',
    path: '/api/timesheet',
    access: timesheetAccess,
    query: TimesheetQuerySchema,
    response: TimesheetResponseSchema,
    status: 200,
    summary: `Horas de una persona por tarea y día, de lunes a domingo de la semana de fecha (hoy si falta). ${timesheetScope}`,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/api/timesheet/:format',
    access: timesheetAccess,
    params: TimesheetExportParamsSchema,
    query: TimesheetQuerySchema,
    response: null,
    status: 200,
    summary: `Descarga csv o xlsx de la semana (Semana-AAAA-MM-DD-usuario.ext, horas por tarea y día). ${timesheetScope}`,
  }),
} as const;
