import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreateTaskTypeRequest, MESSAGES, TaskTypeListQuery, TaskTypeResponse, UpdateTaskTypeRequest } from '@gestar/contracts';
import { CatalogService } from '../../common/catalog/catalog.service';
import { TaskTypesRepository } from './task-types.repository';

/** Task types are organisation-wide; deleting one refused (409) while a task is of this type. */
@Injectable()
export class TaskTypesService extends CatalogService<TaskTypeResponse, TaskTypeListQuery, CreateTaskTypeRequest, UpdateTaskTypeRequest> {
  constructor(ds: DataSource, repo: TaskTypesRepository) {
    super(ds, repo, MESSAGES.errors.taskTypeInUse);
  }
}
