import { Injectable } from '@nestjs/common';
import { MESSAGES, SuggestionResponse, UpsertSuggestionRequest } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { hasPermission } from '../../common/auth/auth-user';
import { areaScope, inScope } from '../../common/access/access';
import { forbidden, notFound } from '../../common/http/app-exception';
import { toSuggestionResponse } from './tasks.mapper';
import { TaskRow, TasksRepository } from './tasks.repository';

/** Suggestions on a task: whoever may see the task adds; the author edits; the author or `update:task` deletes. */
@Injectable()
export class SuggestionsService {
  constructor(private readonly repo: TasksRepository) {}

  private async visibleTask(caller: AuthUser, uuid: string): Promise<TaskRow> {
    const task = await this.repo.findRow(uuid);
    if (!task) throw notFound(MESSAGES.errors.taskGone);
    const readsIt = hasPermission(caller, 'read:task') && inScope(areaScope(caller), task.area_uuid);
    if (!readsIt && !(await this.repo.isAssignedTo(uuid, caller.uuid))) throw forbidden(MESSAGES.errors.noAccessTask);
    return task;
  }

  async upsert(caller: AuthUser, tareaUuid: string, input: UpsertSuggestionRequest): Promise<SuggestionResponse> {
    await this.visibleTask(caller, tareaUuid);
    let uuid = input.suggestion_uuid;
    if (uuid) {
      const existing = await this.repo.findSuggestion(tareaUuid, uuid);
      if (!existing) throw notFound(MESSAGES.errors.suggestionGone);
      if (existing.creado_por_uuid !== caller.uuid) throw forbidden(MESSAGES.errors.onlyAuthorCanEditSuggestion);
      await this.repo.updateSuggestion(uuid, input.descripcion);
    } else {
      uuid = await this.repo.insertSuggestion(tareaUuid, caller.uuid, input.descripcion);
    }
    const saved = await this.repo.findSuggestion(tareaUuid, uuid);
    if (!saved) throw notFound(MESSAGES.errors.suggestionGone);
    return toSuggestionResponse(saved);
  }

  async remove(caller: AuthUser, tareaUuid: string, uuid: string): Promise<{ ok: true }> {
    const task = await this.repo.findRow(tareaUuid);
    if (!task) throw notFound(MESSAGES.errors.taskGone);
    const suggestion = await this.repo.findSuggestion(tareaUuid, uuid);
    if (!suggestion) throw notFound(MESSAGES.errors.suggestionGone);
    const isAuthor = suggestion.creado_por_uuid === caller.uuid;
    const moderates = hasPermission(caller, 'update:task') && inScope(areaScope(caller), task.area_uuid);
    if (!isAuthor && !moderates) throw forbidden(MESSAGES.errors.onlyAuthorCanEditSuggestion);
    await this.repo.deleteSuggestion(uuid);
    return { ok: true };
  }
}
