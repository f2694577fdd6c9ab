import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';
import { HolidayImportJob } from './holiday-import.job';

/** The company calendar: its screen's routes, and the working-day question the schedules ask. */
@Module({
  controllers: [CalendarController],
  providers: [CalendarService, CalendarRepository, HolidayImportJob],
  exports: [CalendarService],
})
export class CalendarModule {}
