import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  AssignedTaskResponse,
  calendarDateIn,
  CreateAssignedTaskRequest,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope } from '../../common/access/access';
import { badRequest, conflict, notFound } from '../../common/http/app-exception';
import { AssignedTaskEvents, ChangedAssignedTask } from './assigned-task-events';
import { toAssignedTaskResponse } from './assigned-tasks.mapper';
import { AssignedTasksRepository, InsertedOccurrence, ScheduledOccurrence } from './assigned-tasks.repository';

export interface OccurrenceAssignee {
  uuid: string;
  nombre: string;
  apellido: string;
}

/**
 * Where occurrences come from: an assignment now (`POST /api/assigned-tasks`), a new task's first
 * occurrences (the tasks module) and the scheduler's batches (the scheduled-tasks module). The
 * assigned-tasks module owns the rows; the others come here.
 */
@Injectable()
export class OccurrencesService {
  constructor(
    private readonly repo: AssignedTasksRepository,
    private readonly events: AssignedTaskEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get tz(): string {
    return this.config.timezone;
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
