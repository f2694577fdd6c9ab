import { Module } from '@nestjs/common';
import { AttachmentQueriesModule } from '../attachments/attachment-queries.module';
import { PdfRendererService } from './export/pdf-renderer.service';
import { ReportsController } from './reports.controller';
import { REPORT_LIMITS, reportLimitsFromEnv } from './reports.limits';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';
import { DowntimeRepository } from './downtime.repository';
import { DowntimeService } from './downtime.service';
import { FlowRepository } from './flow.repository';
import { FlowService } from './flow.service';
import { HoursRepository } from './hours.repository';
import { HoursService } from './hours.service';
import { TimesheetController } from './timesheet.controller';
import { TimesheetRepository } from './timesheet.repository';
import { TimesheetService } from './timesheet.service';

@Module({
  imports: [AttachmentQueriesModule],
  controllers: [ReportsController, TimesheetController],
  providers: [
    ReportsService,
    ReportsRepository,
    DowntimeService,
    DowntimeRepository,
    FlowService,
    FlowRepository,
    HoursService,
    HoursRepository,
    TimesheetService,
    TimesheetRepository,
    PdfRendererService,
    { provide: REPORT_LIMITS, useFactory: () => reportLimitsFromEnv() },
  ],
})
export class ReportsModule {}
