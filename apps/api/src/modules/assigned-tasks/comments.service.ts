import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  CommentListQuery,
  CommentListResponse,
  CommentResponse,
  CreateCommentRequest,
  MESSAGES,
  UpdateCommentRequest,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { badRequest, forbidden, notFound } from '../../common/http/app-exception';
import { AssignedTaskEvents } from './assigned-task-events';
import { toCommentResponse } from './assigned-tasks.mapper';
import { AssignedTaskAccessRow, AssignedTasksRepository } from './assigned-tasks.repository';
import { CommentsRepository } from './comments.repository';
import { seen } from './assigned-task-access';

/** Comments of an assigned task: whoever may see it reads and adds; only the author edits or deletes. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly repo: AssignedTasksRepository,
    private readonly comments: CommentsRepository,
    private readonly events: AssignedTaskEvents,
  ) {}

  private async visibleRow(caller: AuthUser, uuid: string): Promise<AssignedTaskAccessRow> {
    const row = await this.repo.findAccessRow(uuid);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    return seen(caller, row).row;
  }

  /** One page, newest first; `antes` must be a comment of this task (400 otherwise). */
  async list(caller: AuthUser, uuid: string, q: CommentListQuery): Promise<CommentListResponse> {
    await this.visibleRow(caller, uuid);
    let before: { fecha_creacion: Date; uuid: string } | undefined;
    if (q.antes) {
      const cursor = await this.comments.find(uuid, q.antes);
      if (!cursor) throw badRequest(MESSAGES.validation.commentCursorUnknown, [{ path: 'antes', message: MESSAGES.validation.commentCursorUnknown }]);
      before = cursor;
    }
    const rows = await this.comments.page(uuid, q.limit + 1, before);
    return { data: rows.slice(0, q.limit).map(toCommentResponse), hay_mas: rows.length > q.limit };
  }

  async add(caller: AuthUser, uuid: string, input: CreateCommentRequest): Promise<CommentResponse> {
    const { row, commentUuid } = await this.insert(caller, uuid, input.texto);
    await this.events.changed([row], 'comentario');
    return this.one(uuid, commentUuid);
  }

  @Transactional()
  private async insert(caller: AuthUser, uuid: string, texto: string) {
    const row = await this.visibleRow(caller, uuid);
    const commentUuid = await this.comments.insert(uuid, caller.uuid, texto);
    await this.repo.addHistory([
      { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario agregado', usuarioUuid: caller.uuid },
    ]);
    return { row, commentUuid };
  }

  async update(
    caller: AuthUser,
    uuid: string,
    commentUuid: string,
    input: UpdateCommentRequest,
  ): Promise<CommentResponse> {
    const row = await this.edit(caller, uuid, commentUuid, input.texto);
    await this.events.changed([row], 'comentario');
    return this.one(uuid, commentUuid);
  }

  @Transactional()
  private async edit(
    caller: AuthUser,
    uuid: string,
    commentUuid: string,
    texto: string,
  ): Promise<AssignedTaskAccessRow> {
    const row = await this.authored(caller, uuid, commentUuid);
    await this.comments.update(commentUuid, texto);
    await this.repo.addHistory([
      { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario editado', usuarioUuid: caller.uuid },
    ]);
    return row;
  }

  async remove(caller: AuthUser, uuid: string, commentUuid: string): Promise<{ ok: true }> {
    const row = await this.delete(caller, uuid, commentUuid);
    await this.events.changed([row], 'comentario');
    return { ok: true };
  }

  @Transactional()
  private async delete(caller: AuthUser, uuid: string, commentUuid: string): Promise<AssignedTaskAccessRow> {
    const row = await this.authored(caller, uuid, commentUuid);
    await this.comments.remove(commentUuid);
    await this.repo.addHistory([
      { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario eliminado', usuarioUuid: caller.uuid },
    ]);
    return row;
  }

  private async authored(caller: AuthUser, uuid: string, commentUuid: string): Promise<AssignedTaskAccessRow> {
    const row = await this.visibleRow(caller, uuid);
    const comment = await this.comments.find(uuid, commentUuid);
    if (!comment) throw notFound(MESSAGES.errors.commentGone);
    if (comment.usuario_uuid !== caller.uuid) throw forbidden(MESSAGES.errors.onlyAuthorCanEdit);
    return row;
  }

  private async one(uuid: string, commentUuid: string): Promise<CommentResponse> {
    const comment = await this.comments.find(uuid, commentUuid);
    if (!comment) throw notFound(MESSAGES.errors.commentGone);
    return toCommentResponse(comment);
  }
}
