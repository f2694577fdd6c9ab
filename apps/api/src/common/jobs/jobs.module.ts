import { Global, Module } from '@nestjs/common';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/**
 * The job runtime (pg-boss in PostgreSQL): every module registers its recurring jobs and queues on
 * `JobsService`; it starts when the application has started and stops before it closes.
 */
@Global()
@Module({
  providers: [JobsService, JobsRepository],
  exports: [JobsService],
})
export class JobsModule {}
