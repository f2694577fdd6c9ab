import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  addDaysToCalendarDate,
  calendarDateIn,
  COMPANY_NAME,
  companyMidnight,
  EXPORT_CONTENT_TYPES,
  type EXPORT_FORMATS,
  MESSAGES,
  reportFileName,
  REPORT_PDF_PHOTOS_PER_ROW,
  type ReportExportQuery,
  type ReportFilters,
  type ReportQuery,
  type ReportResponse,
  type ReportStatsResponse,
  todayIn,
} from '@gestar/contracts';
import { assertAllInScope, assertUsersInScope, scopeAreas, scopeFor } from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import type { AuthUser } from '../../common/auth/auth-user';
import { forbidden, payloadTooLarge } from '../../common/http/app-exception';
import { loadXlsx } from '../../common/xlsx';
import { APP_CONFIG, type AppConfig } from '../../config';
import { toExportRow, type ExportRow } from './export/cells';
import { csvHeader, csvRows } from './export/csv-writer';
import { PdfRendererService } from './export/pdf-renderer.service';
import { filterLines, reportHtml, type ReportFilterSummary } from './export/report-html';
import { XlsxReportBuilder } from './export/xlsx-writer';
import { downtimeHtml, downtimeSheetRows } from './export/downtime-cells';
import { DowntimeService } from './downtime.service';
import { FlowService } from './flow.service';
import { flowHtml, flowSheetRows, hoursHtml, hoursSheetRows } from './export/time-cells';
import { HoursService } from './hours.service';
import { AttachmentQueries } from '../attachments/attachment-queries.service';
import { toReportRows } from './reports.mapper';
import { REPORT_LIMITS, type ReportLimits } from './reports.limits';
import { ReportsRepository, type AreaStatusCount, type ReportBatch, type ReportWhere } from './reports.repository';

type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
}

const average = (sum: number, n: number): number | null => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);
const rate = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 10000) / 10000 : null;

@Injectable()
export class ReportsService {
  constructor(
    private readonly access: AccessRepository,
    private readonly repo: ReportsRepository,
    private readonly pdf: PdfRendererService,
    private readonly attachments: AttachmentQueries,
    private readonly downtime: DowntimeService,
    private readonly flow: FlowService,
    private readonly hours: HoursService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REPORT_LIMITS) private readonly limits: ReportLimits,
  ) {}

  /**
   * The caller's filters inside its scope. `generate:report` (or
   * `read:all:areas`) sees every area; `generate:area-report` only the
   * caller's own, and naming a foreign area is refused rather than silently
   * dropped, so a report never looks complete when it is not.
   */
  private async where(user: AuthUser, f: ReportFilters): Promise<ReportWhere> {
    const scope = scopeFor(user, ['generate:report'], ['generate:area-report']);
    if (scope.kind === 'none') throw forbidden();
    if (f.area_uuids?.length) assertAllInScope(scope, f.area_uuids);
    // Likewise an employee of no area of the caller's.
    if (f.employee_uuids?.length) await assertUsersInScope(this.access, scope, user.uuid, f.employee_uuids);
    const tz = this.config.timezone;
    const start = f.start_date ? calendarDateIn(f.start_date, tz) : undefined;
    const end = f.end_date ? calendarDateIn(f.end_date, tz) : undefined;
    return {
      scopeAreas: scopeAreas(scope),
      statusUuids: f.status_uuids,
      areaUuids: f.area_uuids,
      employeeUuids: f.employee_uuids,
      titleTaskUuids: f.title ? await this.repo.tasksTitled(f.title) : undefined,
      from: start ? companyMidnight(start, tz) : undefined,
      // The end date is inclusive: everything before the next day's midnight.
      to: end ? companyMidnight(addDaysToCalendarDate(end, 1), tz) : undefined,
      fromDate: start,
      toDate: end ? addDaysToCalendarDate(end, 1) : undefined,
      timeZone: tz,
    };
  }

  async list(user: AuthUser, q: ReportQuery): Promise<ReportResponse> {
    const where = await this.where(user, q);
    const [totalItems, page] = await Promise.all([
      this.repo.count(where),
      this.repo.page(where, q.limit, (q.page - 1) * q.limit),
    ]);
    const totalPages = Math.ceil(totalItems / q.limit);
    return {
      data: toReportRows(page, this.config.timezone),
      totalPages,
      meta: { totalItems, currentPage: q.page, limit: q.limit, totalPages },
    };
  }

  async stats(user: AuthUser, f: ReportFilters): Promise<ReportStatsResponse> {
    const where = await this.where(user, f);
    const today = todayIn(this.config.timezone);
    const [pairs, employees] = await Promise.all([
      this.repo.areaStatusCounts(where, today),
      this.repo.employeeCounts(where),
    ]);
    return {
      ...totalsOf(pairs),
      por_estado: byStatus(pairs),
      por_area: byArea(pairs),
      por_empleado: employees.map((e) => ({
        empleado_uuid: e.empleado_uuid,
        nombre: e.nombre,
        apellido: e.apellido,
        total: e.total,
        archivadas: e.archivadas,
        completadas: e.completadas,
        completadas_a_tiempo: e.a_tiempo,
        promedio_calificacion: average(e.suma_calificacion, e.calificadas),
      })),
    };
  }

  async export(user: AuthUser, format: ExportFormat, f: ReportExportQuery): Promise<ReportFile> {
    const where = await this.where(user, f);
    const tz = this.config.timezone;
    const fileName = reportFileName(format, todayIn(tz));
    const rowsOf = (batch: ReportBatch): ExportRow[] => toReportRows(batch, tz).map((r) => toExportRow(r, tz));
    const batches = () => this.repo.batches(where, this.limits.exportBatchSize);

    if (format === 'csv') {
      // Streamed: each batch is written out before the next is read.
      async function* lines(): AsyncGenerator<string> {
        yield csvHeader();
        for await (const batch of batches()) yield csvRows(rowsOf(batch));
      }
      return { fileName, contentType: `${EXPORT_CONTENT_TYPES.csv}; charset=utf-8`, body: Readable.from(lines()) };
    }

    if (format === 'xlsx') {
      const book = new XlsxReportBuilder(await loadXlsx());
      const summary = Promise.all([this.filterSummary(f), this.stats(user, f), this.downtime.all(user, f), this.timeFigures(user, f)]);
      for await (const batch of this.repo.exportBatches(where, this.limits.exportBatchSize)) book.addBatch(batch);
      const [filters, stats, downtime, time] = await summary;
      const body = book.toBuffer({ filters: filterLines(filters), stats }, [
        { name: 'Paradas', rows: downtimeSheetRows(downtime), widths: [12, 30, 20, ...Array<number>(10).fill(12)] },
        { name: 'Horas', rows: hoursSheetRows(time.hours), widths: [30, 34, 14, 14, 14] },
        { name: 'Tiempos de ciclo', rows: flowSheetRows(time.flow), widths: [16, 30, ...Array<number>(8).fill(14)] },
      ]);
      return { fileName, contentType: EXPORT_CONTENT_TYPES.xlsx, body };
    }

    // One statement reads the rows, one more than the limit at most: no separate count, and
    // the names of the filters and the figures are read meanwhile.
    const [batch, filters, stats, downtime, time] = await Promise.all([
      this.repo.page(where, this.limits.pdfMaxRows + 1, 0),
      this.filterSummary(f),
      this.stats(user, f),
      this.downtime.all(user, f),
      this.timeFigures(user, f),
    ]);
    if (batch.rows.length > this.limits.pdfMaxRows) throw payloadTooLarge(MESSAGES.errors.reportTooLargeForPdf);
    const html = reportHtml({
      companyName: this.config.companyName ?? COMPANY_NAME,
      generatedOn: todayIn(tz),
      filters,
      stats,
      rows: rowsOf(batch),
      photos: f.fotos ? await this.photosOf(batch) : undefined,
      downtime: downtimeHtml(downtime, this.limits.pdfMaxRows),
      time: `<section class="time"><h2>Tiempo de trabajo</h2>${hoursHtml(time.hours, this.limits.pdfMaxRows)}${flowHtml(time.flow)}</section>`,
    });
    return { fileName, contentType: EXPORT_CONTENT_TYPES.pdf, body: await this.pdf.render(html) };
  }

  /** The time sections' figures, with the export's areas, people and period. */
  private async timeFigures(user: AuthUser, f: ReportFilters) {
    const period = await this.flow.period(user, f);
    const [flow, hours] = await Promise.all([this.flow.of(period), this.hours.of(period)]);
    return { flow, hours };
  }

  /** The first thumbnails of each row's photos as data: URIs, in the rows' order. */
  private async photosOf(batch: ReportBatch): Promise<string[][]> {
    const thumbnails = await this.attachments.thumbnails(
      batch.rows.map((r) => r.uuid),
      REPORT_PDF_PHOTOS_PER_ROW,
    );
    return batch.rows.map((r) =>
      (thumbnails.get(r.uuid) ?? []).map((bytes) => `data:image/webp;base64,${bytes.toString('base64')}`),
    );
  }

  private async filterSummary(f: ReportFilters): Promise<ReportFilterSummary> {
    const tz = this.config.timezone;
    const [estados, areas, colaboradores] = await Promise.all([
      this.repo.namesOf('estados', f.status_uuids ?? []),
      this.repo.namesOf('areas', f.area_uuids ?? []),
      this.repo.employeeNamesOf(f.employee_uuids ?? []),
    ]);
    return {
      estados,
      areas,
      colaboradores,
      titulo: f.title,
      desde: f.start_date ? calendarDateIn(f.start_date, tz) : undefined,
      hasta: f.end_date ? calendarDateIn(f.end_date, tz) : undefined,
    };
  }
}

function totalsOf(pairs: readonly AreaStatusCount[]) {
  const sum = (k: keyof AreaStatusCount) => pairs.reduce((n, p) => n + (p[k] as number), 0);
  const completadas = sum('completadas');
  const aTiempo = sum('a_tiempo');
  return {
    total: sum('total'),
    archivadas: sum('archivadas'),
    vencidas: sum('vencidas'),
    completadas,
    completadas_a_tiempo: aTiempo,
    tasa_a_tiempo: rate(aTiempo, completadas),
    promedio_calificacion: average(sum('suma_calificacion'), sum('calificadas')),
  };
}

function byStatus(pairs: readonly AreaStatusCount[]): ReportStatsResponse['por_estado'] {
  const map = new Map<string, { order: number; item: ReportStatsResponse['por_estado'][number] }>();
  for (const p of pairs) {
    const entry = map.get(p.estado_uuid);
    if (entry) entry.item.total += p.total;
    else {
      map.set(p.estado_uuid, {
        order: p.estado_order,
        item: { estado_uuid: p.estado_uuid, nombre: p.estado_nombre, color: p.estado_color, total: p.total },
      });
    }
  }
  return [...map.values()]
    .sort((a, b) => a.order - b.order || a.item.nombre.localeCompare(b.item.nombre))
    .map((e) => e.item);
}

function byArea(pairs: readonly AreaStatusCount[]): ReportStatsResponse['por_area'] {
  const groups = new Map<string, AreaStatusCount[]>();
  for (const p of pairs) groups.set(p.area_uuid, [...(groups.get(p.area_uuid) ?? []), p]);
  return [...groups.values()]
    .map((list) => {
      const t = totalsOf(list);
      return {
        area_uuid: list[0]!.area_uuid,
        nombre: list[0]!.area_nombre,
        total: t.total,
        completadas: t.completadas,
        completadas_a_tiempo: t.completadas_a_tiempo,
        tasa_a_tiempo: t.tasa_a_tiempo,
        promedio_calificacion: t.promedio_calificacion,
        por_estado: byStatus(list),
      };
    })
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}
