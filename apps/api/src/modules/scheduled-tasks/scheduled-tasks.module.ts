import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CalendarModule } from '../calendar/calendar.module';
import { ScheduledTasksController } from './scheduled-tasks.controller';
import { ScheduledTasksRepository } from './scheduled-tasks.repository';
import { ScheduledTasksService } from './scheduled-tasks.service';
import { SchedulerService } from './scheduler.service';

/**
 * Schedules (CRUD, and the schedule of a task form through ScheduledTasksService) and the
 * generator. The generator inserts occurrences through AssignedTasksService (their owner) and
 * notifies assignees through OCCURRENCE_NOTIFIER, which NotificationsModule provides.
 */
@Module({
  imports: [NotificationsModule, AssignedTasksModule, CalendarModule],
  controllers: [ScheduledTasksController],
  providers: [ScheduledTasksService, ScheduledTasksRepository, SchedulerService],
  exports: [SchedulerService, ScheduledTasksService],
})
export class ScheduledTasksModule {}
