import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config';
import { CalendarService } from './calendar.service';

/**
 * Keeps the configured country's holidays in the calendar for the current and the next year: at
 * start, and every hour after (a cheap look at the covered years; the holiday data is read only
 * when a year is missing), so the next year arrives within an hour of the company's new year
 * whatever its time zone. Off where the scheduler is off (SCHEDULER_ENABLED=false).
 */
@Injectable()
export class HolidayImportJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('Calendario');
  private running = false;

  constructor(
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.run();
  }

  @Cron(CronExpression.EVERY_HOUR, { name: 'calendar-holidays' })
  async onHour(): Promise<void> {
    await this.run();
  }

  private async run(): Promise<void> {
    if (!this.config.schedulerEnabled || this.running) return;
    this.running = true;
    try {
      await this.calendar.importCurrentYears();
    } catch (err) {
      // A failed import never stops the start: the next hour tries again.
      this.logger.warn(`No se pudieron agregar los feriados del año; se reintenta en una hora: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
