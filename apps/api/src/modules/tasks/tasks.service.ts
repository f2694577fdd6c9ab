import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  calendarDateIn,
  CreateTaskRequest,
  MESSAGES,
  SERVER_EVENTS,
  TaskChangedEvent,
  TaskListQuery,
  TaskListResponse,
  TaskResponse,
  UpdateTaskRequest,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope, scopeAreas } from '../../common/access/access';
import { badRequest, notFound } from '../../common/http/app-exception';
import { EventsService } from '../events/events.service';
import { AssignedTaskEvents, ChangedAssignedTask } from '../assigned-tasks/assigned-task-events';
import { OccurrencesService } from '../assigned-tasks/occurrences.service';
import { pageMeta } from '../../database/sql';
import { ScheduledTasksService } from '../scheduled-tasks/scheduled-tasks.service';
import { toTaskResponse } from './tasks.mapper';
import { TaskRow, TasksRepository } from './tasks.repository';
import { AssetsService } from '../assets/assets.service';

function fieldError(path: string, message: string) {
  return badRequest(message, [{ path, message }]);
}

@Injectable()
export class TasksService {
  constructor(
    private readonly repo: TasksRepository,
    private readonly assigned: OccurrencesService,
    private readonly schedules: ScheduledTasksService,
    private readonly assignedEvents: AssignedTaskEvents,
    private readonly events: EventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly assets: AssetsService,
  ) {}

  private get tz(): string {
    return this.config.timezone;
  }

  /** Active tasks (or inactive ones with `activo=false`) in the caller's areas, newest first. */
  async list(caller: AuthUser, q: TaskListQuery): Promise<TaskListResponse> {
    const scope = areaScope(caller);
    if (q.area_uuid) assertInScope(scope, q.area_uuid, MESSAGES.errors.noAccessArea);
    const { tasks, total } = await this.repo.page({
      areas: scopeAreas(scope),
      titulo: q.titulo,
      areaUuid: q.area_uuid,
      userUuid: q.user_uuid,
      activo: q.activo ?? true,
      page: q.page,
      limit: q.limit,
    });
    return {
      data: tasks.map((t) => toTaskResponse(t, this.tz)),
      meta: pageMeta(q, total),
    };
  }

  async get(caller: AuthUser, uuid: string): Promise<TaskResponse> {
    const row = await this.repo.findRow(uuid);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    assertInScope(areaScope(caller), row.area_uuid, MESSAGES.errors.noAccessTask);
    return this.response(uuid);
  }

  private async response(uuid: string): Promise<TaskResponse> {
    const task = await this.repo.findOne(uuid);
    if (!task) throw notFound(MESSAGES.errors.taskGone);
    return toTaskResponse(task, this.tz);
  }

  /**
   * DECISIONS section 4: the task and its default assignees, and in the same transaction either
   * the schedule (occurrences come from the scheduler) or one occurrence per assignee now.
   */
  async create(caller: AuthUser, input: CreateTaskRequest): Promise<TaskResponse> {
    assertInScope(areaScope(caller), input.area_uuid, MESSAGES.errors.noAccessArea);
    // A scheduled task's due date is an offset from its first date; an unscheduled one is assigned now.
    const due = input.programacion_tarea ? null : this.assigned.dueDateNotPast(input.fecha_vencimiento);
    const { uuid, created } = await this.insert(caller, input, due);
    await this.assignedEvents.changed(created, 'asignacion', caller.uuid, new Map([[uuid, input.titulo]]));
    return this.response(uuid);
  }

  @Transactional()
  private async insert(
    caller: AuthUser,
    input: CreateTaskRequest,
    due: string | null,
  ): Promise<{ uuid: string; created: ChangedAssignedTask[] }> {
    await this.checkReferences(input.area_uuid, input.tipo_tarea_uuid);
    await this.checkAsset(input.equipo_uuid ?? null, input.area_uuid);
    const users = await this.assigned.assigneesOf(input.usuarios_asignados, input.area_uuid);
    const uuid = await this.repo.insertTask({
      equipoUuid: input.equipo_uuid ?? null,
      minutosEstimados: input.minutos_estimados ?? null,
      titulo: input.titulo,
      descripcion: input.descripcion,
      tipoTareaUuid: input.tipo_tarea_uuid,
      areaUuid: input.area_uuid,
      creadoPor: caller.uuid,
    });
    await this.repo.addDefaultAssignees(uuid, input.usuarios_asignados);
    // Before any occurrence: each one copies the checklist when it is inserted.
    await this.repo.addChecklist(uuid, input.checklist ?? []);
    if (input.programacion_tarea) {
      const scheduledDue = calendarDateIn(input.fecha_vencimiento, this.tz);
      await this.schedules.saveTaskSchedule(uuid, input.programacion_tarea, scheduledDue);
      return { uuid, created: [] };
    }
    const estadoUuid = await this.assigned.firstStatusUuid();
    const created = await this.assigned.createOccurrences({
      tareaUuid: uuid,
      areaUuid: input.area_uuid,
      users,
      estadoUuid,
      due: due!,
      by: caller.uuid,
    });
    return { uuid, created };
  }

  /**
   * A task on a machine accepted from a problem report (in the caller's transaction): the
   * definition with its machine, its assignees as default assignees, and one occurrence each,
   * due as the supervisor said. Answers the task and its occurrences; the caller announces them
   * after the commit (`announceAssigned`).
   */
  @Transactional()
  async createMachineTask(
    caller: AuthUser,
    input: { titulo: string; descripcion: string; tipoTareaUuid?: string; areaUuid: string; equipoUuid: string | null; assignees: readonly string[]; due: string },
  ): Promise<{ uuid: string; created: ChangedAssignedTask[] }> {
    const due = this.assigned.dueDateNotPast(input.due);
    const tipo = input.tipoTareaUuid ?? (await this.repo.firstTaskType());
    if (!tipo) throw fieldError('tipo_tarea_uuid', MESSAGES.errors.taskTypeNotFound);
    await this.checkReferences(input.areaUuid, tipo);
    const users = await this.assigned.assigneesOf(input.assignees, input.areaUuid);
    const uuid = await this.repo.insertTask({
      titulo: input.titulo,
      descripcion: input.descripcion,
      tipoTareaUuid: tipo,
      areaUuid: input.areaUuid,
      equipoUuid: input.equipoUuid,
      creadoPor: caller.uuid,
    });
    await this.repo.addDefaultAssignees(uuid, input.assignees);
    const estadoUuid = await this.assigned.firstStatusUuid();
    const created = await this.assigned.createOccurrences({ tareaUuid: uuid, areaUuid: input.areaUuid, users, estadoUuid, due, by: caller.uuid });
    return { uuid, created };
  }

  /** After the commit of `createMachineTask`: the assignees are told and the boards refresh. */
  announceAssigned(caller: AuthUser, task: { uuid: string; created: ChangedAssignedTask[] }, titulo: string): Promise<void> {
    return this.assignedEvents.changed(task.created, 'asignacion', caller.uuid, new Map([[task.uuid, titulo]]));
  }

  /**
   * Edits the definition and its default assignees (who future occurrences go to); occurrences
   * already assigned keep their own data. `programacion_tarea`: object creates or replaces, null removes.
   */
  async update(caller: AuthUser, uuid: string, input: UpdateTaskRequest): Promise<TaskResponse> {
    await this.applyUpdate(caller, uuid, input);
    await this.announce(uuid, input.area_uuid, input.activo ?? true);
    return this.response(uuid);
  }

  @Transactional()
  private async applyUpdate(caller: AuthUser, uuid: string, input: UpdateTaskRequest): Promise<void> {
    const scope = areaScope(caller);
    const row = await this.repo.findRow(uuid, true);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    assertInScope(scope, row.area_uuid, MESSAGES.errors.noAccessTask);
    assertInScope(scope, input.area_uuid, MESSAGES.errors.noAccessArea);
    await this.checkReferences(input.area_uuid, input.tipo_tarea_uuid);
    // The machine named, or the one kept: it must be of the (maybe new) area.
    await this.checkAsset(input.equipo_uuid === undefined ? row.equipo_uuid : input.equipo_uuid, input.area_uuid);
    await this.assigned.assigneesOf(input.usuarios_asignados, input.area_uuid);
    await this.repo.updateTask(uuid, {
      equipoUuid: input.equipo_uuid,
      minutosEstimados: input.minutos_estimados,
      titulo: input.titulo,
      descripcion: input.descripcion,
      tipoTareaUuid: input.tipo_tarea_uuid,
      areaUuid: input.area_uuid,
      activo: input.activo,
    });
    await this.repo.setDefaultAssignees(uuid, input.usuarios_asignados);
    if (input.checklist !== undefined) await this.repo.setChecklist(uuid, input.checklist);
    if (input.programacion_tarea === null) {
      await this.schedules.removeTaskSchedule(uuid);
    } else if (input.programacion_tarea) {
      // The due-date offset is kept from creation, within the new bound.
      await this.schedules.saveTaskSchedule(uuid, input.programacion_tarea, null);
    }
  }

  /** A task with occurrences is deactivated (history stays for reports); one without any is deleted. */
  async remove(caller: AuthUser, uuid: string): Promise<{ ok: true }> {
    const row = await this.deactivateOrDelete(caller, uuid);
    await this.announce(uuid, row.area_uuid, false);
    return { ok: true };
  }

  @Transactional()
  private async deactivateOrDelete(caller: AuthUser, uuid: string): Promise<TaskRow> {
    const row = await this.repo.findRow(uuid, true);
    if (!row) throw notFound(MESSAGES.errors.taskGone);
    assertInScope(areaScope(caller), row.area_uuid, MESSAGES.errors.noAccessTask);
    if (await this.repo.hasOccurrences(uuid)) {
      await this.repo.deactivate(uuid);
      await this.schedules.deactivateTaskSchedule(uuid);
    } else {
      await this.repo.deleteTask(uuid);
    }
    return row;
  }

  private async checkReferences(areaUuid: string, tipoUuid: string): Promise<void> {
    const found = await this.repo.referencesExist(areaUuid, tipoUuid);
    if (!found.area) throw fieldError('area_uuid', MESSAGES.errors.areaNotFound);
    if (!found.tipo) throw fieldError('tipo_tarea_uuid', MESSAGES.errors.taskTypeNotFound);
  }

  /** A task's machine exists and is of the task's area (400 on `equipo_uuid`). */
  private async checkAsset(equipoUuid: string | null, areaUuid: string): Promise<void> {
    if (!equipoUuid) return;
    const asset = await this.assets.findByUuid(equipoUuid);
    if (!asset) throw fieldError('equipo_uuid', MESSAGES.assets.taskAssetNotFound);
    if (asset.area.uuid !== areaUuid) throw fieldError('equipo_uuid', MESSAGES.assets.taskAssetOtherArea);
  }

  private async announce(uuid: string, areaUuid: string, activo: boolean): Promise<void> {
    const data: TaskChangedEvent = { uuid, area_uuid: areaUuid, activo };
    await this.events.publish({
      type: SERVER_EVENTS.taskChanged,
      data,
      audience: { areaUuid, userUuids: await this.repo.openOccurrenceEmployees(uuid) },
    });
  }
}
