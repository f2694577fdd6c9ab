import { Module } from '@nestjs/common';
import { AssignedTasksModule } from '../assigned-tasks/assigned-tasks.module';
import { CalendarModule } from '../calendar/calendar.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { TimeEntriesController } from './time-entries.controller';
import { TimeEntriesRepository } from './time-entries.repository';
import { TimeEntriesService } from './time-entries.service';

/** Time on task (issue 35): the timer, corrections and the forgotten-timer job. */
@Module({
  imports: [AssignedTasksModule, CalendarModule, NotificationsModule],
  controllers: [TimeEntriesController],
  providers: [TimeEntriesService, TimeEntriesRepository],
  exports: [TimeEntriesService],
})
export class TimeEntriesModule {}
