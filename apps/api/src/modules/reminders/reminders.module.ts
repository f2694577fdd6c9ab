import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { RemindersRepository } from './reminders.repository';
import { RemindersService } from './reminders.service';

/** Reminders, escalation and the supervisors' digest (issue 19), delivered as notifications. */
@Module({
  imports: [NotificationsModule],
  providers: [RemindersService, RemindersRepository],
  exports: [RemindersService],
})
export class RemindersModule {}
