import { Controller } from '@nestjs/common';
import {
  CreateTaskTypeRequest,
  TASK_TYPES_ROUTES,
  TaskTypeListQuery,
  UpdateTaskTypeRequest,
  UuidParam,
} from '@gestar/contracts';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import { TaskTypesService } from './task-types.service';

@Controller()
export class TaskTypesController {
  constructor(private readonly taskTypes: TaskTypesService) {}

  @Endpoint(TASK_TYPES_ROUTES.list)
  list(@ValidQuery() q: TaskTypeListQuery) {
    return this.taskTypes.list(q);
  }

  @Endpoint(TASK_TYPES_ROUTES.get)
  get(@ValidParams() p: UuidParam) {
    return this.taskTypes.get(p.id);
  }

  @Endpoint(TASK_TYPES_ROUTES.create)
  create(@ValidBody() body: CreateTaskTypeRequest) {
    return this.taskTypes.create(body);
  }

  @Endpoint(TASK_TYPES_ROUTES.update)
  update(@ValidParams() p: UuidParam, @ValidBody() body: UpdateTaskTypeRequest) {
    return this.taskTypes.update(p.id, body);
  }

  @Endpoint(TASK_TYPES_ROUTES.remove)
  remove(@ValidParams() p: UuidParam) {
    return this.taskTypes.remove(p.id);
  }
}
