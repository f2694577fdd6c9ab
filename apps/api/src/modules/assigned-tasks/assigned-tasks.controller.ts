import { Controller, Headers, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService } from '../../common/audit/audit.service';
import {
  ASSIGNED_TASKS_ROUTES,
  BoardQuery,
  BulkAssignedTasksRequest,
  CommentListQuery,
  CommentParams,
  CreateAssignedTaskRequest,
  CreateCommentRequest,
  DEVICE_TIME_HEADER,
  UpdateAssignedTaskRequest,
  UpdateCommentRequest,
  UuidParam,
  ChecklistItemParams,
  TickChecklistItemRequest,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AssignedTasksService } from './assigned-tasks.service';
import { OccurrencesService } from './occurrences.service';
import { CommentsService } from './comments.service';

@Controller()
export class AssignedTasksController {
  constructor(
    private readonly assigned: AssignedTasksService,
    private readonly occurrences: OccurrencesService,
    private readonly comments: CommentsService,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(ASSIGNED_TASKS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateAssignedTaskRequest) {
    return this.occurrences.assign(user, body);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.bulk)
  async bulk(@CurrentUser() user: AuthUser, @ValidBody() body: BulkAssignedTasksRequest, @Req() req: Request) {
    const result = await this.assigned.bulk(user, body);
    // Each applied change is audited by its row; this entry says they were one action.
    await this.audit.by(user, req.ip, {
      accion: 'accion_masiva',
      recurso: 'tarea_asignada',
      detalle: { accion: body.accion, aplicadas: result.aplicadas, rechazadas: result.rechazadas.length },
    });
    return result;
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.detail)
  detail(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.assigned.detail(user, p.id);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.tickChecklistItem)
  tickChecklistItem(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: ChecklistItemParams,
    @ValidBody() body: TickChecklistItemRequest,
  ) {
    return this.assigned.tickChecklistItem(user, p.id, p.itemId, body);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.listHistory)
  history(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.assigned.history(user, p.id);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.listComments)
  listComments(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidQuery() q: CommentListQuery) {
    return this.comments.list(user, p.id, q);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.addComment)
  addComment(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: CreateCommentRequest) {
    return this.comments.add(user, p.id, body);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.updateComment)
  updateComment(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: CommentParams,
    @ValidBody() body: UpdateCommentRequest,
  ) {
    return this.comments.update(user, p.id, p.commentId, body);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.removeComment)
  removeComment(@CurrentUser() user: AuthUser, @ValidParams() p: CommentParams) {
    return this.comments.remove(user, p.id, p.commentId);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.board)
  board(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidQuery() q: BoardQuery) {
    return this.assigned.board(user, p.id, q);
  }

  @Endpoint(ASSIGNED_TASKS_ROUTES.update)
  update(
    @CurrentUser() user: AuthUser,
    @ValidParams() p: UuidParam,
    @ValidBody() body: UpdateAssignedTaskRequest,
    @Headers(DEVICE_TIME_HEADER.toLowerCase()) sent?: string,
  ) {
    return this.assigned.update(user, p.id, body, sent);
  }
}
