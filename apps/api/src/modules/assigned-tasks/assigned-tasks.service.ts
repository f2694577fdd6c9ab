import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  AssignedTaskBoardResponse,
  AssignedTaskHistoryResponse,
  AssignedTaskResponse,
  BoardQuery,
  CreateAssignedTaskRequest,
  MESSAGES,
  RATING_LABELS,
  Rating,
  UpdateAssignedTaskRequest,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope, assertUsersInScope, inScope, Scope, scopeAreas, scopeFor } from '../../common/access/access';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { companyToday, toCompanyDate } from '../../common/time/company-date';
import { AssignedTaskEvents, ChangedAssignedTask } from './assigned-task-events';
import { toAssignedTaskResponse, toHistoryEntry } from './assigned-tasks.mapper';
import { AssignedTaskAccessRow, AssignedTasksRepository, NewHistory } from './assigned-tasks.repository';

/** What the caller may do with one assigned task (DECISIONS section 2). */
export interface AssignedTaskAccess {
  /** Holds an assigned-tasks read permission covering the task's area. */
  watches: boolean;
  isAssignee: boolean;
  canSee: boolean;
}

export function watchScope(caller: AuthUser): Scope {
  return scopeFor(caller, ['read:all:assigned-tasks'], ['read:all:assigned-tasks:by-area']);
}

export function accessTo(
  caller: AuthUser,
  row: Pick<AssignedTaskAccessRow, 'empleado_uuid' | 'area_uuid'>,
): AssignedTaskAccess {
  const watches = inScope(watchScope(caller), row.area_uuid);
  const isAssignee = row.empleado_uuid === caller.uuid;
  return { watches, isAssignee, canSee: watches || isAssignee };
}

export interface OccurrenceAssignee {
  uuid: string;
  nombre: string;
  apellido: string;
}

@Injectable()
export class AssignedTasksService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: AssignedTasksRepository,
    private readonly events: AssignedTaskEvents,
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

    for (const a of areas ?? []) assertInScope(scope, a);
    await assertUsersInScope(this.ds, scope, caller.uuid, users);
    const rows = await this.repo.board({
      scopeAreas: scopeAreas(scope),
      caller: caller.uuid,
      areas,
      users: users.size > 0 ? [...users] : null,
    });
    return rows.map((r) => toAssignedTaskResponse(r, this.tz));
  }

  /** One assigned task with its history (also what the update answers). */
  private async full(uuid: string): Promise<AssignedTaskResponse> {
    const card = await this.repo.findCard(uuid);
    if (!card) throw notFound();
    return toAssignedTaskResponse(card, this.tz, await this.repo.history(uuid));
  }

  private async visibleRow(caller: AuthUser, uuid: string, em?: EntityManager, lock = false) {
    const row = await this.repo.findAccessRow(uuid, em, lock);
    if (!row) throw notFound();
    const access = accessTo(caller, row);
    if (!access.canSee) throw forbidden(MESSAGES.errors.outOfScope);
    return { row, access };
  }

  async history(caller: AuthUser, uuid: string): Promise<AssignedTaskHistoryResponse> {
    await this.visibleRow(caller, uuid);
    return (await this.repo.history(uuid)).map(toHistoryEntry);
  }

  /**
   * A status change (the assignee or a watcher in scope) and/or an archive (watchers only).
   * Reaching the last status by order stamps `fecha_completada`; leaving it clears it.
   */
  async update(caller: AuthUser, uuid: string, input: UpdateAssignedTaskRequest): Promise<AssignedTaskResponse> {
    const outcome = await this.ds.transaction(async (em) => {
      const { row, access } = await this.visibleRow(caller, uuid, em, true);
      if (input.archivada !== undefined && !access.watches) throw forbidden();
      const history: NewHistory[] = [];
      const note = (tipo: NewHistory['tipo'], detalle: string) =>
        history.push({ tareaAsignadaUuid: uuid, tipo, detalle, usuarioUuid: caller.uuid });

      if (input.estado_uuid !== undefined && input.estado_uuid !== row.estado_uuid) {
        const statuses = await this.repo.statuses(em);
        const target = statuses.find((s) => s.uuid === input.estado_uuid);
        if (!target) {
          throw badRequest(MESSAGES.errors.statusNotFound, [
            { path: 'estado_uuid', message: MESSAGES.errors.statusNotFound },
          ]);
        }
        const from = statuses.find((s) => s.uuid === row.estado_uuid);
        const last = statuses[statuses.length - 1];
        await this.repo.setStatus(em, uuid, target.uuid, target.uuid === last?.uuid);
        note('estado', `${from?.nombre ?? 'Sin estado'} → ${target.nombre}`);
      }
      let archived = false;
      if (input.archivada === true) {
        const rating = input.calificacion ?? null;
        const notes = input.observaciones ? input.observaciones : null;
        await this.repo.archive(em, uuid, rating, notes);
        const ratingText = rating
          ? `con calificación ${rating} (${RATING_LABELS[rating as Rating]})`
          : 'sin calificación';
        note('archivo', `Archivada ${ratingText}${notes ? `. Observaciones: ${notes}` : ''}`);
        archived = true;
      } else if (input.archivada === false && row.archivada) {
        await this.repo.unarchive(em, uuid);
        note('archivo', 'Desarchivada');
        archived = true;
      }
      await this.repo.addHistory(em, history);
      return { row, changed: history.length > 0, archived };
    });
    if (outcome.changed) await this.events.changed([outcome.row], outcome.archived ? 'archivo' : 'estado');
    return this.full(uuid);
  }

  /** `POST /api/assigned-tasks`: one occurrence per user, now, due `fecha_vencimiento`. */
  async assign(caller: AuthUser, input: CreateAssignedTaskRequest): Promise<AssignedTaskResponse[]> {
    const [task]: { uuid: string; area_uuid: string; activo: boolean }[] = await this.ds.query(
      `SELECT uuid, area_uuid, activo FROM tareas WHERE uuid = $1`,
      [input.tarea_uuid],
    );
    if (!task) throw notFound();
    assertInScope(areaScope(caller), task.area_uuid);
    if (!task.activo) throw conflict(MESSAGES.errors.taskInactive);
    const due = this.dueDateNotPast(input.fecha_vencimiento);

    const created = await this.ds.transaction(async (em) => {
      const users = await this.assigneesOf(em, input.usuarios_asignados, task.area_uuid);
      let estadoUuid: string;
      if (input.estado_uuid) {
        const statuses = await this.repo.statuses(em);
        if (!statuses.some((s) => s.uuid === input.estado_uuid)) {
          throw badRequest(MESSAGES.errors.statusNotFound, [
            { path: 'estado_uuid', message: MESSAGES.errors.statusNotFound },
          ]);
        }
        estadoUuid = input.estado_uuid;
      } else {
        estadoUuid = await this.firstStatusUuid(em);
      }
      return this.createOccurrences(em, {
        tareaUuid: task.uuid,
        areaUuid: task.area_uuid,
        users,
        estadoUuid,
        due,
        by: caller.uuid,
      });
    });
    await this.events.changed(created, 'asignacion', caller.uuid);
    const cards = await this.repo.findCards(created.map((c) => c.uuid));
    return cards.map((c) => toAssignedTaskResponse(c, this.tz));
  }

  /** A due date as a company calendar date, refused when before today. */
  dueDateNotPast(input: string, path = 'fecha_vencimiento'): string {
    const due = toCompanyDate(input, this.tz);
    if (due < companyToday(this.tz)) {
      throw badRequest(MESSAGES.validation.dueDateNotPast, [{ path, message: MESSAGES.validation.dueDateNotPast }]);
    }
    return due;
  }

  /** The users, each active and a member of the area; otherwise 400 at `usuarios_asignados`. */
  async assigneesOf(em: EntityManager, uuids: readonly string[], areaUuid: string): Promise<OccurrenceAssignee[]> {
    const users = await this.repo.activeUsersOfArea(uuids, areaUuid, em);
    if (users.length !== new Set(uuids).size) {
      throw badRequest(MESSAGES.errors.assigneesNotInArea, [
        { path: 'usuarios_asignados', message: MESSAGES.errors.assigneesNotInArea },
      ]);
    }
    return users;
  }

  async firstStatusUuid(em: EntityManager): Promise<string> {
    const first = await this.repo.firstStatus(em);
    if (!first) throw conflict(MESSAGES.errors.noStatuses);
    return first.uuid;
  }

  /** Inserts the occurrences and their 'asignacion' history inside the caller's transaction. */
  async createOccurrences(
    em: EntityManager,
    p: {
      tareaUuid: string;
      areaUuid: string;
      users: readonly OccurrenceAssignee[];
      estadoUuid: string;
      due: string;
      by: string;
    },
  ): Promise<ChangedAssignedTask[]> {
    const uuids = await this.repo.insertOccurrences(
      em,
      p.users.map((u) => ({
        tareaUuid: p.tareaUuid,
        empleadoUuid: u.uuid,
        estadoUuid: p.estadoUuid,
        fechaVencimiento: p.due,
        asignadoPor: p.by,
      })),
    );
    await this.repo.addHistory(
      em,
      uuids.map((uuid, i) => ({
        tareaAsignadaUuid: uuid,
        tipo: 'asignacion' as const,
        detalle: `Asignada a ${p.users[i]!.nombre} ${p.users[i]!.apellido}`,
        usuarioUuid: p.by,
      })),
    );
    return uuids.map((uuid, i) => ({
      uuid,
      tarea_uuid: p.tareaUuid,
      empleado_uuid: p.users[i]!.uuid,
      area_uuid: p.areaUuid,
    }));
  }
}
