import { Controller } from '@nestjs/common';
import {
  CreateScheduledTaskRequest,
  SCHEDULED_TASKS_ROUTES,
  ScheduledTaskListQuery,
  SchedulePreviewQuery,
  UpdateScheduledTaskRequest,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { ScheduledTasksService } from './scheduled-tasks.service';

@Controller()
export class ScheduledTasksController {
  constructor(private readonly schedules: ScheduledTasksService) {}

  @Endpoint(SCHEDULED_TASKS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: ScheduledTaskListQuery) {
    return this.schedules.list(user, q);
  }

  @Endpoint(SCHEDULED_TASKS_ROUTES.preview)
  preview(@ValidQuery() q: SchedulePreviewQuery) {
    return this.schedules.preview(q);
  }

  @Endpoint(SCHEDULED_TASKS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateScheduledTaskRequest) {
    return this.schedules.create(user, body);
  }

  @Endpoint(SCHEDULED_TASKS_ROUTES.update)
  update(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: UpdateScheduledTaskRequest) {
    return this.schedules.update(user, p.id, body);
  }

  @Endpoint(SCHEDULED_TASKS_ROUTES.remove)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.schedules.remove(user, p.id);
  }
}
