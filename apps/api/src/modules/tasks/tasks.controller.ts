import { Controller } from '@nestjs/common';
import {
  CreateTaskRequest,
  TASKS_ROUTES,
  TaskListQuery,
  TaskSuggestionParams,
  UpdateTaskRequest,
  UpsertSuggestionRequest,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { SuggestionsService } from './suggestions.service';
import { TasksService } from './tasks.service';

@Controller()
export class TasksController {
  constructor(
    private readonly tasks: TasksService,
    private readonly suggestions: SuggestionsService,
  ) {}

  @Endpoint(TASKS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: TaskListQuery) {
    return this.tasks.list(user, q);
  }

  @Endpoint(TASKS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateTaskRequest) {
    return this.tasks.create(user, body);
  }

  @Endpoint(TASKS_ROUTES.get)
  get(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.tasks.get(user, p.id);
  }

  @Endpoint(TASKS_ROUTES.update)
  update(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: UpdateTaskRequest) {
    return this.tasks.update(user, p.id, body);
  }

  @Endpoint(TASKS_ROUTES.remove)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.tasks.remove(user, p.id);
  }

  @Endpoint(TASKS_ROUTES.upsertSuggestion)
  upsertSuggestion(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: UuidParam,
    @ValidBody() body: UpsertSuggestionRequest,
  ) {
    return this.suggestions.upsert(user, p.id, body);
  }

  @Endpoint(TASKS_ROUTES.removeSuggestion)
  removeSuggestion(@CurrentUser() user: AuthUser, @ValidParams() p: TaskSuggestionParams) {
    return this.suggestions.remove(user, p.id, p.suggestionId);
  }
}
