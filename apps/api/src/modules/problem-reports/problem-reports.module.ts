import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { AttachmentsModule } from '../attachments/attachments.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TasksModule } from '../tasks/tasks.module';
import { ProblemReportsController } from './problem-reports.controller';
import { ProblemReportsNotifier } from './problem-reports.notifier';
import { ProblemReportsRepository } from './problem-reports.repository';
import { ProblemReportsService } from './problem-reports.service';
import { UploadInterceptor } from '../attachments/upload.interceptor';

/** «Solicitudes»: problem reports, their triage and their steps (issue 33). */
@Module({
  imports: [AssetsModule, AssignedTasksModule, AttachmentsModule, NotificationsModule, TasksModule],
  controllers: [ProblemReportsController],
  providers: [ProblemReportsService, ProblemReportsRepository, ProblemReportsNotifier, UploadInterceptor],
})
export class ProblemReportsModule {}
