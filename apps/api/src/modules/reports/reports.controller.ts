import { Controller, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditService } from '../../common/audit/audit.service';
import {
  REPORTS_ROUTES,
  type DowntimeFilters,
  type DowntimeQuery,
  type ReportExportParams,
  type ReportExportQuery,
  type ReportFilters,
  type ReportQuery,
  type TimeReportFilters,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ReportsService } from './reports.service';
import { DowntimeService } from './downtime.service';
import { FlowService } from './flow.service';
import { HoursService } from './hours.service';

@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly audit: AuditService,
    private readonly downtime: DowntimeService,
    private readonly flow: FlowService,
    private readonly hours: HoursService,
  ) {}

  @Endpoint(REPORTS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: ReportQuery) {
    return this.reports.list(user, q);
  }

  // Declared before `:format`, so /reports/stats never reaches the export handler.
  @Endpoint(REPORTS_ROUTES.stats)
  stats(@CurrentUser() user: AuthUser, @ValidQuery() q: ReportFilters) {
    return this.reports.stats(user, q);
  }

  @Endpoint(REPORTS_ROUTES.downtime)
  downtimeReport(@CurrentUser() user: AuthUser, @ValidQuery() q: DowntimeQuery) {
    return this.downtime.report(user, q);
  }

  @Endpoint(REPORTS_ROUTES.downtimeCsv)
  async downtimeCsv(
    @CurrentUser() user: AuthUser,
    @ValidQuery() q: DowntimeFilters,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.downtime.csv(user, q);
    await this.audit.by(user, req.ip, { accion: 'exportar', recurso: 'informe', detalle: { formato: 'csv-paradas', filtros: q } });
    res.setHeader('Cache-Control', 'no-store');
    const disposition = `attachment; filename="${file.fileName}"`;
    return new StreamableFile(file.body, { type: file.contentType, disposition, length: file.body.length });
  }

  @Endpoint(REPORTS_ROUTES.flow)
  flowReport(@CurrentUser() user: AuthUser, @ValidQuery() q: TimeReportFilters) {
    return this.flow.report(user, q);
  }

  @Endpoint(REPORTS_ROUTES.hours)
  hoursReport(@CurrentUser() user: AuthUser, @ValidQuery() q: TimeReportFilters) {
    return this.hours.report(user, q);
  }

  @Endpoint(REPORTS_ROUTES.hoursCsv)
  async hoursCsv(
    @CurrentUser() user: AuthUser,
    @ValidQuery() q: TimeReportFilters,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.hours.csv(user, q);
    await this.audit.by(user, req.ip, { accion: 'exportar', recurso: 'informe', detalle: { formato: 'csv-horas', filtros: q } });
    res.setHeader('Cache-Control', 'no-store');
    const disposition = `attachment; filename="${file.fileName}"`;
    return new StreamableFile(file.body, { type: file.contentType, disposition, length: file.body.length });
  }

  @Endpoint(REPORTS_ROUTES.export)
  async export(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: ReportExportParams,
    @ValidQuery() q: ReportExportQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.reports.export(user, p.format, q);
    await this.audit.by(user, req.ip, { accion: 'exportar', recurso: 'informe', detalle: { formato: p.format, filtros: q } });
    res.setHeader('Cache-Control', 'no-store');
    const options = { type: file.contentType, disposition: `attachment; filename="${file.fileName}"` };
    return Buffer.isBuffer(file.body)
      ? new StreamableFile(file.body, { ...options, length: file.body.length })
      : new StreamableFile(file.body, options);
  }
}
