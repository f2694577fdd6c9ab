import { Module } from '@nestjs/common';
import { JobDescriptionsController } from './job-descriptions.controller';
import { JobDescriptionsRepository } from './job-descriptions.repository';
import { JobDescriptionsService } from './job-descriptions.service';

@Module({ controllers: [JobDescriptionsController], providers: [JobDescriptionsService, JobDescriptionsRepository] })
export class JobDescriptionsModule {}
