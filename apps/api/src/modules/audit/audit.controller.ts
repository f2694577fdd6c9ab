import { Controller, Req, Res, StreamableFile } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUDIT_ROUTES, AuditFilters, AuditQuery, EXPORT_CONTENT_TYPES } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuditService } from '../../common/audit/audit.service';
import { AuditQueryService } from './audit.service';
import { JobsService } from '../../common/jobs/jobs.service';

@Controller()
export class AuditController {
  constructor(
    private readonly audit: AuditQueryService,
    private readonly recorder: AuditService,
    private readonly jobs: JobsService,
  ) {}

  @Endpoint(AUDIT_ROUTES.list)
  list(@ValidQuery() q: AuditQuery) {
    return this.audit.list(q);
  }

  /** Each background job's period, last run, next run and last failure (issue 32). */
  @Endpoint(AUDIT_ROUTES.jobs)
  jobStatuses() {
    return this.jobs.statuses();
  }

  @Endpoint(AUDIT_ROUTES.export)
  async export(
    @CurrentUser() user: AuthUser,
    @ValidQuery() q: AuditFilters,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.audit.export(q);
    await this.recorder.by(user, req.ip, { accion: 'exportar', recurso: 'auditoria', detalle: { formato: 'xlsx', filtros: q } });
    res.setHeader('Cache-Control', 'no-store');
    return new StreamableFile(file.body, {
      type: EXPORT_CONTENT_TYPES.xlsx,
      disposition: `attachment; filename="${file.fileName}"`,
      length: file.body.length,
    });
  }
}
