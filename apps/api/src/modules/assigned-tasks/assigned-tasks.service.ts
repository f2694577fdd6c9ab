import { Inject, Injectable } from '@nestjs/common';
import { Propagation, Transactional } from '@nestjs-cls/transactional';
import {
  AssignedTaskBoardResponse,
  AssignedTaskHistoryResponse,
  AssignedTaskResponse,
  BoardQuery,
  BulkAssignedTasksRequest,
  BulkAssignedTasksResponse,
  calendarDateIn,
  MESSAGES,
  Rating,
  RATING_LABELS,
  UpdateAssignedTaskRequest,
  ChecklistItemResponse,
  TickChecklistItemRequest,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import {
  areaScope,
  assertInScope,
  assertUsersInScope,
  scopeAreas,
  watchScope,
} from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import { AppException, badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { AssignedTaskEvents } from './assigned-task-events';
import { toAssignedTaskResponse, toChecklistItemResponse, toHistoryEntry } from './assigned-tasks.mapper';
import { AttachmentQueries } from '../attachments/attachment-queries.service';
import { OccurrencesService } from './occurrences.service';
import { OccurrenceFinishedHooks } from './occurrence-finished';
import { seen } from './assigned-task-access';
import { dayMonthYear, offlineInstant, offlineNote, offlineOnServerClock } from './history-notes';
import {
  AssignedTaskAccessRow,
  AssignedTasksRepository,
  NewHistory,
} from './assigned-tasks.repository';

/** What one update did, for its announcement after the commit. */
export interface UpdateOutcome {
  row: AssignedTaskAccessRow;
  changed: boolean;
  archived: boolean;
  /** The new employee when the task changed hands. */
  newAssignee: string | null;
}



@Injectable()
export class AssignedTasksService {
  constructor(
    private readonly repo: AssignedTasksRepository,
    private readonly access: AccessRepository,
    private readonly events: AssignedTaskEvents,
    private readonly attachments: AttachmentQueries,
    private readonly occurrences: OccurrencesService,
    private readonly finishedHooks: OccurrenceFinishedHooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get tz(): string {
    return this.config.timezone;
  }

  /**
   * The board. Without an assigned-tasks read permission: the caller's own, for its own id only.
   * With one: everything in scope, narrowed by `area`, `users` and a `{userId}` other than the caller's.
   */
  async board(caller: AuthUser, userId: string, query: BoardQuery): Promise<AssignedTaskBoardResponse> {
    const scope = watchScope(caller);
    const areas = query.area?.length ? query.area : null;
    const users = new Set(query.users ?? []);
    if (userId !== caller.uuid) users.add(userId);

    if (scope.kind === 'none') {
      if (userId !== caller.uuid || areas || users.size > 0) throw forbidden();
      const rows = await this.repo.board({
        onlyEmployee: caller.uuid,
        scopeAreas: null,
        caller: caller.uuid,
        areas: null,
        users: null,
        equipo: query.equipo,
      });
      return rows.map((r) => toAssignedTaskResponse(r, this.tz));
    }

    for (const a of areas ?? []) assertInScope(scope, a, MESSAGES.errors.noAccessArea);
    await assertUsersInScope(this.access, scope, caller.uuid, users);
    const rows = await this.repo.board({
      scopeAreas: scopeAreas(scope),
      caller: caller.uuid,
      areas,
      users: users.size > 0 ? [...users] : null,
      equipo: query.equipo,
    });
    return rows.map((r) => toAssignedTaskResponse(r, this.tz));
  }

  /**
   * One occurrence as the drawer shows it, archived or not, under the board's scope rules:
   * the assignee, or a watcher with the task's area in scope (403 otherwise, 404 when unknown).
   */
  async detail(caller: AuthUser, uuid: string): Promise<AssignedTaskResponse> {
    await this.visibleRow(caller, uuid);
    const response = await this.card(uuid);
    response.checklist = await this.checklist(uuid);
    return response;
  }

  /** The occurrence's steps, each with its photos. */
  private async checklist(uuid: string): Promise<ChecklistItemResponse[]> {
    const [items, files] = await Promise.all([this.repo.checklist(uuid), this.attachments.ofOccurrence(uuid)]);
    return items.map((item) =>
      toChecklistItemResponse(
        item,
        files.filter((f) => f.checklist_item_uuid === item.uuid),
      ),
    );
  }

  /**
   * Ticks or unticks one step (the assignee or a watcher in scope). A step that requires a photo
   * needs one attached to it, one that requires a note needs a note (422); an archived occurrence
   * is not changed (409). Each change is in the history.
   */
  async tickChecklistItem(
    caller: AuthUser,
    uuid: string,
    itemUuid: string,
    input: TickChecklistItemRequest,
  ): Promise<ChecklistItemResponse> {
    const { item, row, changed } = await this.applyTick(caller, uuid, itemUuid, input);
    if (changed) await this.events.changed([row], 'checklist');
    return item;
  }

  @Transactional()
  private async applyTick(caller: AuthUser, uuid: string, itemUuid: string, input: TickChecklistItemRequest) {
    const { row } = await this.visibleRow(caller, uuid, true);
    const item = await this.repo.findChecklistItem(uuid, itemUuid);
    if (!item) throw notFound(MESSAGES.errors.checklistItemGone);
    if (row.archivada) throw conflict(MESSAGES.errors.assignedTaskArchived);
    const nota = input.nota === undefined ? undefined : input.nota ? input.nota : null;
    if (input.hecho) {
      if (item.requiere_foto && (await this.attachments.photosOfItem(itemUuid)) === 0) {
        throw new AppException(422, MESSAGES.errors.checklistPhotoRequired, [
          { path: 'hecho', message: MESSAGES.errors.checklistPhotoRequired },
        ]);
      }
      if (item.requiere_nota && !(nota === undefined ? item.nota : nota)) {
        throw new AppException(422, MESSAGES.errors.checklistNoteRequired, [
          { path: 'nota', message: MESSAGES.errors.checklistNoteRequired },
        ]);
      }
    }
    await this.repo.setChecklistItem(itemUuid, input.hecho, nota, caller.uuid);
    if (input.hecho !== item.hecho) {
      await this.note(caller, uuid, 'checklist', `${input.hecho ? 'Marcó' : 'Desmarcó'} «${item.texto}»`);
    }
    const fresh = (await this.repo.findChecklistItem(uuid, itemUuid))!;
    const fotos = (await this.attachments.ofOccurrence(uuid)).filter((f) => f.checklist_item_uuid === itemUuid);
    return { item: toChecklistItemResponse(fresh, fotos), row, changed: input.hecho !== item.hecho };
  }

  /**
   * After a step's photo is deleted (in the deletion's transaction, the occurrence locked): a ticked
   * step that requires a photo and has none left is unticked, with its history entry; in a finished
   * task it cannot lose it (409, the deletion is undone). True when the step was unticked.
   */
  async photoRemoved(caller: AuthUser, uuid: string, itemUuid: string, finished: boolean): Promise<boolean> {
    const item = await this.repo.findChecklistItem(uuid, itemUuid);
    if (!item || !item.requiere_foto || !item.hecho || (await this.attachments.photosOfItem(itemUuid)) > 0) return false;
    if (finished) throw conflict(MESSAGES.errors.attachmentLastEvidence);
    await this.repo.setChecklistItem(itemUuid, false, undefined, caller.uuid);
    await this.note(caller, uuid, 'checklist', `Desmarcó «${item.texto}»: se eliminó su última foto`);
    return true;
  }

  /** Announces a change of the occurrence's checklist made elsewhere (a photo's deletion), after its commit. */
  async checklistChanged(row: AssignedTaskAccessRow): Promise<void> {
    await this.events.changed([row], 'checklist');
  }

  /** One history entry by the caller (attachments write theirs through here). */
  async note(caller: AuthUser, uuid: string, tipo: NewHistory['tipo'], detalle: string): Promise<void> {
    await this.repo.addHistory([{ tareaAsignadaUuid: uuid, tipo, detalle, usuarioUuid: caller.uuid }]);
  }

  /**
   * The occurrence if the caller may see it (404 / 403 otherwise), locked when `lock`; `finished`
   * says whether its status is in the `terminada` category.
   */
  async visibleOccurrence(caller: AuthUser, uuid: string, lock = false) {
    const { row, access } = await this.visibleRow(caller, uuid, lock);
    const status = (await this.repo.statuses()).find((s) => s.uuid === row.estado_uuid);
    return { row, access, finished: status?.categoria === 'terminada' };
  }

  /** The occurrence's card (the answer of a status change). */
  async card(uuid: string): Promise<AssignedTaskResponse> {
    const card = await this.repo.findCard(uuid);
    if (!card) throw notFound(MESSAGES.errors.taskGone);
    return toAssignedTaskResponse(card, this.tz);
  }

  private async visibleRow(caller: AuthUser, uuid: string, lock = false) {
    const row = await this.repo.findAccessRow(uuid, lock);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    return seen(caller, row);
  }

  async history(caller: AuthUser, uuid: string): Promise<AssignedTaskHistoryResponse> {
    await this.visibleRow(caller, uuid);
    return (await this.repo.history(uuid)).map(toHistoryEntry);
  }

  /**
   * A status change (the assignee or a watcher in scope), an archive (watchers only), a new due date
   * or assignee (`assign:task` with the task's area in scope), or several at once; answers the card
   * without its history (the drawer reads the history on its own).
   * The first move into a `terminada` status stamps `fecha_completada`; leaving the category clears it.
   */
  /** `sentHeader`: DEVICE_TIME_HEADER, the device's clock when it sent a change made offline. */
  async update(caller: AuthUser, uuid: string, input: UpdateAssignedTaskRequest, sentHeader?: string): Promise<AssignedTaskResponse> {
    const onServerClock =
      input.sin_conexion_en === undefined ? input : { ...input, sin_conexion_en: offlineOnServerClock(input.sin_conexion_en, sentHeader) };
    const outcome = await this.applyUpdate(caller, uuid, onServerClock);
    await this.announce(caller, outcome);
    return this.card(uuid);
  }

  /** Announces a committed update: to the new assignee too when the task changed hands. */
  async announce(caller: AuthUser, outcome: UpdateOutcome): Promise<void> {
    if (!outcome.changed) return;
    await this.events.changed([outcome.row], outcome.archived ? 'archivo' : 'estado');
    if (outcome.newAssignee) {
      await this.events.changed([{ ...outcome.row, empleado_uuid: outcome.newAssignee }], 'asignacion', caller.uuid);
    }
  }

  /**
   * A status moved into or out of the `terminada` category (the statuses module, in its
   * transaction): its tasks become complete from when they entered it, or stop being complete.
   */
  async statusCategoryChanged(estadoUuid: string, finished: boolean): Promise<void> {
    await this.repo.syncCompletionOfStatus(estadoUuid, finished);
  }

  /**
   * The checks and writes of one update, in one transaction (also each item of the bulk call);
   * inside a request-wide transaction (an Idempotency-Key's) a savepoint, so a refused item of
   * the bulk call leaves nothing behind.
   */
  @Transactional(Propagation.Nested)
  async applyUpdate(
    caller: AuthUser,
    uuid: string,
    input: UpdateAssignedTaskRequest,
    /** The row already read and locked in this transaction (the bulk call reads its set at once). */
    locked?: AssignedTaskAccessRow,
  ): Promise<UpdateOutcome> {
    const { row, access } = locked ? seen(caller, locked) : await this.visibleRow(caller, uuid, true);
    if (input.archivada !== undefined && !access.watches) throw forbidden();
    const reassigns = input.empleado_uuid !== undefined || input.fecha_vencimiento !== undefined;
    if (reassigns) {
      if (!caller.permisos.includes('assign:task')) throw forbidden();
      assertInScope(areaScope(caller), row.area_uuid, MESSAGES.errors.noAccessTask);
    }
    const history: NewHistory[] = [];
    const note = (tipo: NewHistory['tipo'], detalle: string) =>
      history.push({ tareaAsignadaUuid: uuid, tipo, detalle, usuarioUuid: caller.uuid });

    // A status change sent late (made offline) meets the server's state: it wins.
    if (input.estado_uuid !== undefined && row.archivada && input.archivada !== false) {
      throw conflict(MESSAGES.errors.assignedTaskArchived);
    }
    const offlineAt = input.sin_conexion_en === undefined ? null : offlineInstant(input.sin_conexion_en);
    if (
      input.estado_anterior_uuid !== undefined &&
      input.estado_uuid !== row.estado_uuid &&
      input.estado_anterior_uuid !== row.estado_uuid
    ) {
      const current = (await this.repo.statuses()).find((s) => s.uuid === row.estado_uuid);
      throw conflict(`${MESSAGES.errors.statusChangedMeanwhile}«${current?.nombre ?? 'Sin estado'}»`);
    }
    if (input.estado_uuid !== undefined && input.estado_uuid !== row.estado_uuid) {
      const statuses = await this.repo.statuses();
      const target = statuses.find((s) => s.uuid === input.estado_uuid);
      if (!target) {
        throw badRequest(MESSAGES.errors.statusNotFound, [
          { path: 'estado_uuid', message: MESSAGES.errors.statusNotFound },
        ]);
      }
      const from = statuses.find((s) => s.uuid === row.estado_uuid);
      if (target.categoria === 'terminada') {
        const pending = await this.repo.pendingChecklistItems(uuid);
        if (pending.length > 0) throw conflict(`${MESSAGES.errors.checklistIncomplete}${pending.join('; ')}`);
      }
      // Completion is when the work was done: offline, the moment the person moved it.
      await this.repo.setStatus(uuid, target.uuid, target.categoria === 'terminada', offlineAt);
      if (target.categoria === 'terminada' && from?.categoria !== 'terminada') await this.finishedHooks.finished(uuid, caller.uuid);
      const late = offlineAt ? ` (${offlineNote(offlineAt, this.tz)})` : '';
      note('estado', `${from?.nombre ?? 'Sin estado'} → ${target.nombre}${late}`);
    }
    let newAssignee: string | null = null;
    if (reassigns) {
      const card = await this.repo.findCard(uuid);
      if (!card) throw notFound(MESSAGES.errors.taskGone);
      if (input.fecha_vencimiento !== undefined) {
        const due = this.occurrences.dueDateNotPast(input.fecha_vencimiento);
        const before = card.fecha_vencimiento ?? calendarDateIn(card.fecha_asignacion, this.tz);
        if (due !== before) {
          await this.repo.setDueDate(uuid, due);
          note('asignacion', `Vencimiento: ${dayMonthYear(before)} → ${dayMonthYear(due)}`);
        }
      }
      if (input.empleado_uuid !== undefined && input.empleado_uuid !== row.empleado_uuid) {
        const [user] = await this.repo.activeUsersOfArea([input.empleado_uuid], row.area_uuid);
        if (!user) {
          throw badRequest(MESSAGES.errors.assigneeNotInArea, [
            { path: 'empleado_uuid', message: MESSAGES.errors.assigneeNotInArea },
          ]);
        }
        await this.repo.setAssignee(uuid, user.uuid);
        note('asignacion', `Reasignada de ${card.empleado_nombre} ${card.empleado_apellido} a ${user.nombre} ${user.apellido}`);
        newAssignee = user.uuid;
      }
    }
    let archived = false;
    if (input.archivada === true) {
      const rating = input.calificacion ?? null;
      const notes = input.observaciones ? input.observaciones : null;
      await this.repo.archive(uuid, rating, notes);
      const ratingText = rating
        ? `con calificación ${rating} (${RATING_LABELS[rating as Rating]})`
        : 'sin calificación';
      note('archivo', `Archivada ${ratingText}${notes ? `. Observaciones: ${notes}` : ''}`);
      archived = true;
    } else if (input.archivada === false && row.archivada) {
      await this.repo.unarchive(uuid);
      note('archivo', 'Desarchivada');
      archived = true;
    }
    await this.repo.addHistory(history);
    return { row, changed: history.length > 0, archived, newAssignee };
  }

  /**
   * `POST /api/assigned-tasks/bulk`: the action on each task in turn, checked as a single PUT would
   * be; a refusal is reported with its Spanish message, not thrown. The whole set is read and locked
   * in one statement and changed in one transaction, each item in a savepoint of its own, so a
   * refused item leaves nothing behind; the changes are announced after the commit.
   */
  async bulk(caller: AuthUser, input: BulkAssignedTasksRequest): Promise<BulkAssignedTasksResponse> {
    if (input.accion === 'estado' && !(await this.repo.statuses()).some((s) => s.uuid === input.estado_uuid)) {
      throw badRequest(MESSAGES.errors.statusNotFound, [{ path: 'estado_uuid', message: MESSAGES.errors.statusNotFound }]);
    }
    const body: UpdateAssignedTaskRequest =
      input.accion === 'estado'
        ? { estado_uuid: input.estado_uuid }
        : input.accion === 'archivar'
          ? { archivada: true, calificacion: input.calificacion, observaciones: input.observaciones }
          : { empleado_uuid: input.empleado_uuid };
    const result: BulkAssignedTasksResponse = { aplicadas: [], rechazadas: [] };
    const outcomes = await this.applyBulk(caller, [...new Set(input.ids)], body, result);
    for (const outcome of outcomes) await this.announce(caller, outcome);
    return result;
  }

  @Transactional()
  private async applyBulk(
    caller: AuthUser,
    ids: readonly string[],
    body: UpdateAssignedTaskRequest,
    result: BulkAssignedTasksResponse,
  ): Promise<UpdateOutcome[]> {
    const rows = new Map((await this.repo.lockAccessRows(ids)).map((r) => [r.uuid, r]));
    const outcomes: UpdateOutcome[] = [];
    for (const id of ids) {
      try {
        const row = rows.get(id);
        if (!row) throw notFound(MESSAGES.errors.taskGone);
        outcomes.push(await this.applyUpdate(caller, id, body, row));
        result.aplicadas.push(id);
      } catch (error) {
        if (!(error instanceof AppException)) throw error;
        result.rechazadas.push({ id, motivo: error.message });
      }
    }
    return outcomes;
  }
}
