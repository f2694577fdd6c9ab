import { Controller, Req, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import {
  AcceptProblemReportRequest,
  CreateProblemReportRequest,
  MergeProblemReportRequest,
  PROBLEM_REPORTS_ROUTES,
  ProblemReportListQuery,
  RejectProblemReportRequest,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import type { UploadedFile } from '../attachments/attachments.service';
import { UploadInterceptor } from '../attachments/upload.interceptor';
import { ProblemReportsService } from './problem-reports.service';

@Controller()
export class ProblemReportsController {
  constructor(private readonly reports: ProblemReportsService) {}

  @Endpoint(PROBLEM_REPORTS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateProblemReportRequest) {
    return this.reports.create(user, body);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: ProblemReportListQuery) {
    return this.reports.list(user, q);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.get)
  get(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.reports.get(user, p.id);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.addPhoto)
  @UseInterceptors(UploadInterceptor)
  addPhoto(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @Req() req: Request & { file?: UploadedFile }) {
    return this.reports.addPhoto(user, p.id, req.file);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.accept)
  accept(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: AcceptProblemReportRequest) {
    return this.reports.accept(user, p.id, body);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.merge)
  merge(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: MergeProblemReportRequest) {
    return this.reports.merge(user, p.id, body);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.reject)
  reject(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: RejectProblemReportRequest) {
    return this.reports.reject(user, p.id, body);
  }

  @Endpoint(PROBLEM_REPORTS_ROUTES.resolve)
  resolve(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.reports.resolve(user, p.id);
  }
}
