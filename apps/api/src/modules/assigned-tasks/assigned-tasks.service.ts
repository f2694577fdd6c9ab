import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  AssignedTaskBoardResponse,
  AssignedTaskHistoryResponse,
  AssignedTaskResponse,
  BoardQuery,
  BulkAssignedTasksRequest,
  BulkAssignedTasksResponse,
  calendarDateIn,
  CreateAssignedTaskRequest,
  MESSAGES,
  Rating,
  RATING_LABELS,
  todayIn,
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
  inScope,
  scopeAreas,
  watchScope,
} from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import { AppException, badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { AssignedTaskEvents, ChangedAssignedTask } from './assigned-task-events';
import { toAssignedTaskResponse, toChecklistItemResponse, toHistoryEntry } from './assigned-tasks.mapper';
import { AttachmentsRepository } from '../attachments/attachments.repository';
import { toAttachmentResponse } from '../attachments/attachments.mapper';
import {
  AssignedTaskAccessRow,
  AssignedTasksRepository,
  InsertedOccurrence,
  NewHistory,
  ScheduledOccurrence,
} from './assigned-tasks.repository';

/** What the caller may do with one assigned task (DECISIONS section 2). */
export interface AssignedTaskAccess {
  /** Holds an assigned-tasks read permission covering the task's area. */
  watches: boolean;
  isAssignee: boolean;
  canSee: boolean;
}

export function accessTo(
  caller: AuthUser,
  row: Pick<AssignedTaskAccessRow, 'empleado_uuid' | 'area_uuid'>,
): AssignedTaskAccess {
  const watches = inScope(watchScope(caller), row.area_uuid);
  const isAssignee = row.empleado_uuid === caller.uuid;
  return { watches, isAssignee, canSee: watches || isAssignee };
}

/** What one update did, for its announcement after the commit. */
export interface UpdateOutcome {
  row: AssignedTaskAccessRow;
  changed: boolean;
  archived: boolean;
  /** The new employee when the task changed hands. */
  newAssignee: string | null;
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`, as the history reads it. */
function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

export interface OccurrenceAssignee {
  uuid: string;
  nombre: string;
  apellido: string;
}

@Injectable()
export class AssignedTasksService {
  constructor(
    private readonly repo: AssignedTasksRepository,
    private readonly access: AccessRepository,
    private readonly events: AssignedTaskEvents,
    private readonly attachments: AttachmentsRepository,
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
        files.filter((f) => f.checklist_item_uuid === item.uuid).map(toAttachmentResponse),
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
    return { item: toChecklistItemResponse(fresh, fotos.map(toAttachmentResponse)), row, changed: input.hecho !== item.hecho };
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

  private async card(uuid: string): Promise<AssignedTaskResponse> {
    const card = await this.repo.findCard(uuid);
    if (!card) throw notFound(MESSAGES.errors.taskGone);
    return toAssignedTaskResponse(card, this.tz);
  }

  private async visibleRow(caller: AuthUser, uuid: string, lock = false) {
    const row = await this.repo.findAccessRow(uuid, lock);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    const access = accessTo(caller, row);
    if (!access.canSee) throw forbidden(MESSAGES.errors.noAccessTask);
    return { row, access };
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
  async update(caller: AuthUser, uuid: string, input: UpdateAssignedTaskRequest): Promise<AssignedTaskResponse> {
    const outcome = await this.applyUpdate(caller, uuid, input);
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

  /** `sin_conexion_en` as an instant: the last 7 days, not after now (5 minutes of clock skew allowed). */
  private offlineInstant(iso: string): Date {
    const at = new Date(iso);
    const now = Date.now();
    if (at.getTime() > now + 5 * 60_000 || at.getTime() < now - 7 * 24 * 3600_000) {
      const message = MESSAGES.validation.offlineTimeInvalid;
      throw new AppException(422, message, [{ path: 'sin_conexion_en', message }]);
    }
    return at;
  }

  /** "cambiado sin conexión a las 10:42, sincronizado a las 11:05" (the day too when it was not today). */
  private offlineNote(at: Date): string {
    const tz = this.tz;
    const time = (d: Date) =>
      d.toLocaleTimeString('es-AR', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const day = (d: Date) => d.toLocaleDateString('es-AR', { timeZone: tz, day: '2-digit', month: '2-digit' });
    const now = new Date();
    const when = day(at) === day(now) ? `a las ${time(at)}` : `el ${day(at)} a las ${time(at)}`;
    return `cambiado sin conexión ${when}, sincronizado a las ${time(now)}`;
  }

  /** The checks and writes of one update, in one transaction (also each item of the bulk call). */
  @Transactional()
  async applyUpdate(caller: AuthUser, uuid: string, input: UpdateAssignedTaskRequest): Promise<UpdateOutcome> {
    const { row, access } = await this.visibleRow(caller, uuid, true);
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
    const offlineAt = input.sin_conexion_en === undefined ? null : this.offlineInstant(input.sin_conexion_en);
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
      const late = offlineAt ? ` (${this.offlineNote(offlineAt)})` : '';
      note('estado', `${from?.nombre ?? 'Sin estado'} → ${target.nombre}${late}`);
    }
    let newAssignee: string | null = null;
    if (reassigns) {
      const card = await this.repo.findCard(uuid);
      if (!card) throw notFound(MESSAGES.errors.taskGone);
      if (input.fecha_vencimiento !== undefined) {
        const due = this.dueDateNotPast(input.fecha_vencimiento);
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
   * `POST /api/assigned-tasks/bulk`: the action on each task in turn, each in its own transaction and
   * checked as a single PUT would be; a refusal is reported with its Spanish message, not thrown.
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
    for (const id of new Set(input.ids)) {
      try {
        const outcome = await this.applyUpdate(caller, id, body);
        await this.announce(caller, outcome);
        result.aplicadas.push(id);
      } catch (error) {
        if (!(error instanceof AppException)) throw error;
        result.rechazadas.push({ id, motivo: error.message });
      }
    }
    return result;
  }

  /** `POST /api/assigned-tasks`: one occurrence per user, now, due `fecha_vencimiento`. */
  async assign(caller: AuthUser, input: CreateAssignedTaskRequest): Promise<AssignedTaskResponse[]> {
    const task = await this.repo.findTask(input.tarea_uuid);
    if (!task) throw notFound(MESSAGES.errors.taskGone);
    assertInScope(areaScope(caller), task.area_uuid, MESSAGES.errors.noAccessTask);
    if (!task.activo) throw conflict(MESSAGES.errors.taskInactive);
    const due = this.dueDateNotPast(input.fecha_vencimiento);
    const created = await this.assignNow(caller, input, task, due);
    await this.events.changed(created, 'asignacion', caller.uuid);
    const cards = await this.repo.findCards(created.map((c) => c.uuid));
    return cards.map((c) => toAssignedTaskResponse(c, this.tz));
  }

  @Transactional()
  private async assignNow(
    caller: AuthUser,
    input: CreateAssignedTaskRequest,
    task: { uuid: string; area_uuid: string },
    due: string,
  ): Promise<ChangedAssignedTask[]> {
    const users = await this.assigneesOf(input.usuarios_asignados, task.area_uuid);
    let estadoUuid: string;
    if (input.estado_uuid) {
      const statuses = await this.repo.statuses();
      if (!statuses.some((s) => s.uuid === input.estado_uuid)) {
        throw badRequest(MESSAGES.errors.statusNotFound, [
          { path: 'estado_uuid', message: MESSAGES.errors.statusNotFound },
        ]);
      }
      estadoUuid = input.estado_uuid;
    } else {
      estadoUuid = await this.firstStatusUuid();
    }
    return this.createOccurrences({
      tareaUuid: task.uuid,
      areaUuid: task.area_uuid,
      users,
      estadoUuid,
      due,
      by: caller.uuid,
    });
  }

  /**
   * A due date as a company calendar date, refused when before today: the one place this rule
   * lives (assigning now, and creating a task without a schedule).
   */
  dueDateNotPast(input: string, path = 'fecha_vencimiento'): string {
    const due = calendarDateIn(input, this.tz);
    if (due < todayIn(this.tz)) {
      throw badRequest(MESSAGES.validation.dueDateNotPast, [{ path, message: MESSAGES.validation.dueDateNotPast }]);
    }
    return due;
  }

  /** The users, each active and a member of the area; otherwise 400 at `usuarios_asignados`. */
  async assigneesOf(uuids: readonly string[], areaUuid: string): Promise<OccurrenceAssignee[]> {
    const users = await this.repo.activeUsersOfArea(uuids, areaUuid);
    if (users.length !== new Set(uuids).size) {
      throw badRequest(MESSAGES.errors.assigneesNotInArea, [
        { path: 'usuarios_asignados', message: MESSAGES.errors.assigneesNotInArea },
      ]);
    }
    return users;
  }

  async firstStatusUuid(): Promise<string> {
    const first = await this.repo.firstStatus();
    if (!first) throw conflict(MESSAGES.errors.noStatuses);
    return first.uuid;
  }

  /** The status new assigned tasks start in, or null when there is none. */
  async initialStatus(): Promise<string | null> {
    return (await this.repo.firstStatus())?.uuid ?? null;
  }

  /** Inserts the occurrences and their 'asignacion' history (in the caller's transaction). */
  @Transactional()
  async createOccurrences(p: {
    tareaUuid: string;
    areaUuid: string;
    users: readonly OccurrenceAssignee[];
    estadoUuid: string;
    due: string;
    by: string;
  }): Promise<ChangedAssignedTask[]> {
    const inserted = await this.repo.insertOccurrences(
      p.users.map((u) => ({
        tareaUuid: p.tareaUuid,
        empleadoUuid: u.uuid,
        estadoUuid: p.estadoUuid,
        fechaVencimiento: p.due,
        asignadoPor: p.by,
      })),
    );
    const byEmployee = new Map(p.users.map((u) => [u.uuid, u]));
    await this.repo.addHistory(
      inserted.map((o) => {
        const u = byEmployee.get(o.empleado_uuid)!;
        return {
          tareaAsignadaUuid: o.uuid,
          tipo: 'asignacion' as const,
          detalle: `Asignada a ${u.nombre} ${u.apellido}`,
          usuarioUuid: p.by,
        };
      }),
    );
    return inserted.map((o) => ({
      uuid: o.uuid,
      tarea_uuid: p.tareaUuid,
      empleado_uuid: o.empleado_uuid,
      area_uuid: p.areaUuid,
    }));
  }

  /**
   * The scheduler's batch: the occurrences due schedules owe, one per active default assignee,
   * each with its history entry by the system; a duplicate of an existing occurrence is a no-op.
   * Runs in the scheduler's transaction.
   */
  @Transactional()
  createScheduledOccurrences(
    occurrences: readonly ScheduledOccurrence[],
    estadoUuid: string,
    at: Date,
  ): Promise<InsertedOccurrence[]> {
    return this.repo.insertScheduledOccurrences(occurrences, estadoUuid, at, MESSAGES.scheduler.assignedBySchedule);
  }
}
