import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { ScheduledTasksController } from './scheduled-tasks.controller';
import { ScheduledTasksRepository } from './scheduled-tasks.repository';
import { ScheduledTasksService } from './scheduled-tasks.service';
import { SchedulerRepository } from './scheduler.repository';
import { SchedulerService } from './scheduler.service';

/**
 * Schedules (CRUD) and the generator. NotificationsModule is imported so that, once it
 * provides and exports OCCURRENCE_NOTIFIER (see occurrence-notifier.ts), the generator
 * notifies assignees through it; until then the logging default is used.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [ScheduledTasksController],
  providers: [ScheduledTasksService, ScheduledTasksRepository, SchedulerService, SchedulerRepository],
  exports: [SchedulerService],
})
export class ScheduledTasksModule {}
