import { Controller } from '@nestjs/common';
import {
  CreateJobDescriptionRequest,
  JOB_DESCRIPTIONS_ROUTES,
  JobDescriptionListQuery,
  UpdateJobDescriptionRequest,
  UuidParam,
} from '@gestar/contracts';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import { JobDescriptionsService } from './job-descriptions.service';

@Controller()
export class JobDescriptionsController {
  constructor(private readonly jobDescriptions: JobDescriptionsService) {}

  @Endpoint(JOB_DESCRIPTIONS_ROUTES.list)
  list(@ValidQuery() q: JobDescriptionListQuery) {
    return this.jobDescriptions.list(q);
  }

  @Endpoint(JOB_DESCRIPTIONS_ROUTES.get)
  get(@ValidParams() p: UuidParam) {
    return this.jobDescriptions.get(p.id);
  }

  @Endpoint(JOB_DESCRIPTIONS_ROUTES.create)
  create(@ValidBody() body: CreateJobDescriptionRequest) {
    return this.jobDescriptions.create(body);
  }

  @Endpoint(JOB_DESCRIPTIONS_ROUTES.update)
  update(@ValidParams() p: UuidParam, @ValidBody() body: UpdateJobDescriptionRequest) {
    return this.jobDescriptions.update(p.id, body);
  }

  @Endpoint(JOB_DESCRIPTIONS_ROUTES.remove)
  remove(@ValidParams() p: UuidParam) {
    return this.jobDescriptions.remove(p.id);
  }
}
