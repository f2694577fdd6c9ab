import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Cron, CronExpression } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';

/** Hourly removal of expired idempotency keys (a table that would otherwise grow forever). */
@Injectable()
export class IdempotencyPruner {
  private readonly logger = new Logger('Idempotency');
  constructor(
    private readonly keys: IdempotencyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'idempotency-prune' })
  async prune(): Promise<number> {
    if (!this.config.schedulerEnabled) return 0;
    try {
      return await this.keys.prune();
    } catch (err) {
      this.logger.warn(`No se pudieron borrar las claves de idempotencia vencidas: ${(err as Error).message}`);
      return 0;
    }
  }
}

@Module({
  providers: [IdempotencyRepository, IdempotencyPruner, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
})
export class IdempotencyModule {}
