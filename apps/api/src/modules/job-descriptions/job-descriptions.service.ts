import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  CreateJobDescriptionRequest,
  JobDescriptionListQuery,
  JobDescriptionResponse,
  MESSAGES,
  UpdateJobDescriptionRequest,
} from '@gestar/contracts';
import { CatalogService } from '../../common/catalog/catalog.service';
import { JobDescriptionsRepository } from './job-descriptions.repository';

/** Job positions are organisation-wide; deleting one refused (409) while a user holds it. */
@Injectable()
export class JobDescriptionsService extends CatalogService<
  JobDescriptionResponse,
  JobDescriptionListQuery,
  CreateJobDescriptionRequest,
  UpdateJobDescriptionRequest
> {
  constructor(ds: DataSource, repo: JobDescriptionsRepository) {
    super(ds, repo, MESSAGES.errors.jobPositionInUse);
  }
}
