import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { CalendarService } from './calendar.service';

/**
 * Keeps the configured country's holidays in the calendar for the current and the next year: at
 * start, and every hour after on the job runtime (a cheap look at the covered years; the holiday data is read only
 * when a year is missing), so the next year arrives within an hour of the company's new year
 * whatever its time zone. Off where the scheduler is off (SCHEDULER_ENABLED=false).
 */
@Injectable()
export class HolidayImportJob implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Calendario');

  constructor(
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.every({ name: 'calendar-holidays', cron: '0 * * * *', run: () => this.calendar.importCurrentYears() });
  }

  /** At start, in the processes that run jobs (concurrent starts import a year once: the calendar's own key). */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.schedulerEnabled) return;
    try {
      await this.calendar.importCurrentYears();
    } catch (err) {
      // A failed import never stops the start: the hourly job tries again.
      this.logger.warn(`No se pudieron agregar los feriados del año; se reintenta en una hora: ${(err as Error).message}`);
    }
  }
}
