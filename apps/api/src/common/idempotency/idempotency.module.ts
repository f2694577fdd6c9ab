import { Injectable, Module, OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { JobsService } from '../jobs/jobs.service';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyRepository } from './idempotency.repository';

/** Hourly removal of expired idempotency keys (a table that would otherwise grow forever), on the job runtime. */
@Injectable()
export class IdempotencyPruner implements OnModuleInit {
  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.every({ name: 'idempotency-prune', cron: '0 * * * *', run: () => this.prune() });
  }

  prune(): Promise<number> {
    return this.keys.prune();
  }
}

@Module({
  providers: [IdempotencyRepository, IdempotencyPruner, { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
})
export class IdempotencyModule {}
