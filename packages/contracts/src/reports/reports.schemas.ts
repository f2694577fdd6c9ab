import { z } from 'zod';
import { MESSAGES } from '../messages';
import { EXPORT_FORMATS, RATING_MAX, RATING_MIN } from '../constants';
import {
  IsoDateTimeSchema,
  PageMetaSchema,
  PageQuerySchema,
  UuidListQuerySchema,
  UuidSchema,
} from '../common/common.schemas';
import { calendarDateIn } from '../common/dates';
import { booleanInput, optionalDate, queryText } from '../common/fields';
import { ChecklistProgressSchema, type ChecklistProgress } from '../assigned-tasks/checklists.schemas';

const v = MESSAGES.validation;

/**
 * Report filters. Lists are comma-joined uuids; `title` is a "contains" on the
 * task title; `start_date`/`end_date` bound the assignment date `fecha_asignacion`
 * (inclusive calendar dates in the company time zone). Archived rows are included.
 */
const reportFilterShape = {
  status_uuids: UuidListQuerySchema.optional(),
  area_uuids: UuidListQuerySchema.optional(),
  employee_uuids: UuidListQuerySchema.optional(),
  title: queryText(),
  start_date: optionalDate(),
  end_date: optionalDate(),
};

function checkRange(data: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx): void {
  if (data.start_date && data.end_date && calendarDateIn(data.end_date) < calendarDateIn(data.start_date)) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: v.dateRangeInvalid });
  }
}

export const ReportFiltersSchema = z.object(reportFilterShape).superRefine(checkRange);
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

export const ReportQuerySchema = PageQuerySchema.extend(reportFilterShape).superRefine(checkRange);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/**
 * Export takes the same filters without paging: the file holds every matching row. `fotos`
 * (PDF only) adds the thumbnails of each row's photos, which makes the file larger.
 */
export const ReportExportQuerySchema = z.object({ ...reportFilterShape, fotos: booleanInput() }).superRefine(checkRange);
export type ReportExportQuery = z.infer<typeof ReportExportQuerySchema>;

export const ExportFormatSchema = z.enum(EXPORT_FORMATS, { error: v.invalidFormat });

export const ReportExportParamsSchema = z.object({ format: ExportFormatSchema });
export type ReportExportParams = z.infer<typeof ReportExportParamsSchema>;

/** Content type of each export format. */
export const EXPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv',
} as const;

/** `Reporte-YYYY-MM-DD.ext`, the date being today in the company time zone. */
export function reportFileName(format: (typeof EXPORT_FORMATS)[number], date: string): string {
  return `Reporte-${date}.${format}`;
}

/** Spanish column headers of the table and of the exported files, in order. */
export const REPORT_COLUMNS = [
  'Colaborador',
  'Tarea',
  'Área',
  'Estado',
  'Fecha de creación',
  'Fecha de vencimiento',
  'Fecha de finalización',
  'A tiempo',
  'Calificación',
  'Observaciones',
  'Lista',
] as const;

/** The "Lista" column: steps done of the occurrence's checklist ("3 de 5"), empty without one. */
export function checklistProgressText(p: ChecklistProgress): string {
  return p.total === 0 ? '' : `${p.hechos} de ${p.total}`;
}

/**
 * The "A tiempo" column: «Sí» when the occurrence was completed on or before its due date (company
 * calendar dates, as the stats count it), «No» when after, empty while it is not completed.
 */
export function onTimeText(aTiempo: boolean | null): string {
  return aTiempo === null ? '' : aTiempo ? 'Sí' : 'No';
}

/** Thumbnails of photos a PDF row shows at most (the option `fotos`). */
export const REPORT_PDF_PHOTOS_PER_ROW = 4;

/** The exported files add the task's suggestions as one more text column. */
export const REPORT_EXPORT_COLUMNS = [...REPORT_COLUMNS, 'Sugerencias'] as const;

export const ReportRowSchema = z.object({
  uuid: UuidSchema,
  empleado: z.object({ uuid: UuidSchema, nombre: z.string(), apellido: z.string() }),
  tarea: z.object({
    uuid: UuidSchema,
    titulo: z.string(),
    area: z.object({ uuid: UuidSchema, nombre: z.string() }),
    sugerencias: z.array(z.object({ uuid: UuidSchema, descripcion: z.string() })),
  }),
  estado: z.object({ uuid: UuidSchema, nombre: z.string(), color: z.string() }),
  fecha_asignacion: IsoDateTimeSchema,
  fecha_vencimiento: IsoDateTimeSchema,
  /** When it was completed (null: not completed); the stats count it from this. */
  fecha_completada: IsoDateTimeSchema.nullable(),
  /** Completed on or before its due date (company calendar dates); null while not completed. */
  a_tiempo: z.boolean().nullable(),
  calificacion: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable(),
  observaciones: z.string().nullable(),
  archivada: z.boolean(),
  checklist_progreso: ChecklistProgressSchema,
});
export type ReportRow = z.infer<typeof ReportRowSchema>;

/** Reports answer `{ data, totalPages }` (SPEC) plus the usual `meta`. */
export const ReportResponseSchema = z.object({
  data: z.array(ReportRowSchema),
  totalPages: z.number().int().nonnegative(),
  meta: PageMetaSchema,
});
export type ReportResponse = z.infer<typeof ReportResponseSchema>;

const CountByStatusSchema = z.object({
  estado_uuid: UuidSchema,
  nombre: z.string(),
  color: z.string(),
  total: z.number().int().nonnegative(),
});

/** Share of completed rows finished on or before their due date: 0..1, null when none is completed. */
const RateSchema = z.number().min(0).max(1).nullable();
const AverageRatingSchema = z.number().min(RATING_MIN).max(RATING_MAX).nullable();

const CountByAreaSchema = z.object({
  area_uuid: UuidSchema,
  nombre: z.string(),
  total: z.number().int().nonnegative(),
  completadas: z.number().int().nonnegative(),
  completadas_a_tiempo: z.number().int().nonnegative(),
  tasa_a_tiempo: RateSchema,
  promedio_calificacion: AverageRatingSchema,
  /** Rows of this area by status (only statuses with rows). */
  por_estado: z.array(CountByStatusSchema),
});
const CountByEmployeeSchema = z.object({
  empleado_uuid: UuidSchema,
  nombre: z.string(),
  apellido: z.string(),
  total: z.number().int().nonnegative(),
  archivadas: z.number().int().nonnegative(),
  completadas: z.number().int().nonnegative(),
  completadas_a_tiempo: z.number().int().nonnegative(),
  promedio_calificacion: AverageRatingSchema,
});

/**
 * `GET /api/reports/stats`: aggregates over every row matching the filters.
 * A row is completed when it has `fecha_completada`; on time when that day
 * (company time zone) is on or before its due date. `vencidas`: not
 * archived, not completed and due before today. `promedio_calificacion`
 * over rated rows only (null when none).
 */
export const ReportStatsResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  archivadas: z.number().int().nonnegative(),
  vencidas: z.number().int().nonnegative(),
  completadas: z.number().int().nonnegative(),
  completadas_a_tiempo: z.number().int().nonnegative(),
  tasa_a_tiempo: RateSchema,
  promedio_calificacion: AverageRatingSchema,
  por_estado: z.array(CountByStatusSchema),
  por_area: z.array(CountByAreaSchema),
  por_empleado: z.array(CountByEmployeeSchema),
});
export type ReportStatsResponse = z.infer<typeof ReportStatsResponseSchema>;
