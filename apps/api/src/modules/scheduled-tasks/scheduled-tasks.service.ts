import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  calendarDateIn,
  CreateScheduledTaskRequest,
  MESSAGES,
  ScheduledTaskListQuery,
  ScheduledTaskListResponse,
  ScheduledTaskResponse,
  todayIn,
  UpdateScheduledTaskRequest,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope, scopeAreas } from '../../common/access/access';
import { badRequest, conflict, notFound } from '../../common/http/app-exception';
import { toScheduledTaskResponse } from './scheduled-tasks.mapper';
import { PG, pageMeta, pgErrorCode } from '../../database/sql';
import { ScheduledTasksRepository, TaskRef, TaskSchedule, TaskScheduleRow } from './scheduled-tasks.repository';
import { firstOnOrAfter } from './schedule-dates';

const isUniqueViolation = (err: unknown) => pgErrorCode(err) === PG.uniqueViolation;

/**
 * Schedules of tasks (SPEC 2.7). The route permission is checked by the guard;
 * here a caller without `read:all:areas` is confined to tasks of its own areas,
 * for reading and for every change.
 */
@Injectable()
export class ScheduledTasksService {
  constructor(
    private readonly repo: ScheduledTasksRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: AuthUser, query: ScheduledTaskListQuery): Promise<ScheduledTaskListResponse> {
    const { rows, total } = await this.repo.page(scopeAreas(areaScope(caller)), query);
    return { data: rows.map((r) => toScheduledTaskResponse(r, this.config.timezone)), meta: pageMeta(query, total) };
  }

  async create(caller: AuthUser, input: CreateScheduledTaskRequest): Promise<ScheduledTaskResponse> {
    const today = this.today();
    const proxima = input.proxima_ejecucion ? this.executionDate(input.proxima_ejecucion, today) : today;
    try {
      const uuid = await this.insert(caller, input, proxima);
      return this.get(uuid);
    } catch (err) {
      // Two creations for one task at once: the unique key decides, the loser gets the same 409.
      if (isUniqueViolation(err)) throw conflict(MESSAGES.errors.scheduleExists);
      throw err;
    }
  }

  /** Full edit, or any subset (the toggle sends only `activo`). */
  async update(caller: AuthUser, uuid: string, input: UpdateScheduledTaskRequest): Promise<ScheduledTaskResponse> {
    const today = this.today();
    try {
      await this.applyUpdate(caller, uuid, input, today);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(MESSAGES.errors.scheduleExists);
      throw err;
    }
    return this.get(uuid);
  }

  @Transactional()
  private async insert(caller: AuthUser, input: CreateScheduledTaskRequest, proxima: string): Promise<string> {
    await this.taskInScope(caller, input.tarea_uuid);
    if (await this.repo.scheduleOfTask(input.tarea_uuid)) throw conflict(MESSAGES.errors.scheduleExists);
    return this.repo.insert({
      tarea_uuid: input.tarea_uuid,
      intervalo_repeticion: input.intervalo_repeticion,
      proxima_ejecucion: proxima,
      activo: input.activo ?? true,
    });
  }

  @Transactional()
  private async applyUpdate(
    caller: AuthUser,
    uuid: string,
    input: UpdateScheduledTaskRequest,
    today: string,
  ): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound();
    const current = await this.repo.findOne(uuid);
    if (!current) throw notFound();
    assertInScope(areaScope(caller), current.area_uuid);

    const tareaUuid = input.tarea_uuid ?? current.tarea_uuid;
    if (tareaUuid !== current.tarea_uuid) {
      await this.taskInScope(caller, tareaUuid);
      if (await this.repo.scheduleOfTask(tareaUuid)) throw conflict(MESSAGES.errors.scheduleExists);
    }
    const interval = input.intervalo_repeticion ?? current.intervalo_repeticion;
    const activo = input.activo ?? current.activo;
    let proxima = input.proxima_ejecucion
      ? this.executionDate(input.proxima_ejecucion, today)
      : current.proxima_ejecucion;
    // Turning a schedule back on does not owe the dates it was off: it resumes at the first date from today on.
    if (activo && !current.activo && !input.proxima_ejecucion) proxima = firstOnOrAfter(proxima, interval, today);
    await this.repo.update(uuid, {
      tarea_uuid: tareaUuid,
      intervalo_repeticion: interval,
      proxima_ejecucion: proxima,
      activo,
    });
  }

  async remove(caller: AuthUser, uuid: string): Promise<{ ok: true }> {
    const current = await this.repo.findOne(uuid);
    if (!current) throw notFound();
    assertInScope(areaScope(caller), current.area_uuid);
    await this.repo.delete(uuid);
    return { ok: true };
  }

  private async get(uuid: string): Promise<ScheduledTaskResponse> {
    const row = await this.repo.findOne(uuid);
    if (!row) throw notFound();
    return toScheduledTaskResponse(row, this.config.timezone);
  }

  private async taskInScope(caller: AuthUser, tareaUuid: string): Promise<TaskRef> {
    const task = await this.repo.findTask(tareaUuid);
    if (!task) throw notFound();
    assertInScope(areaScope(caller), task.area_uuid);
    return task;
  }

  private today(): string {
    return todayIn(this.config.timezone);
  }

  /** A calendar date in the company zone, not before today (a past date would fire at once). */
  private executionDate(input: string, today: string): string {
    return this.executionDateNotPast(input, { today });
  }

  /**
   * An execution date as a company calendar date, refused (400 at `path`) when before today,
   * unless it is `stored`, the schedule's current date left unchanged: the one place this rule
   * lives (the schedules screen and the task form).
   */
  executionDateNotPast(input: string, opts: { path?: string; stored?: string | null; today?: string } = {}): string {
    const date = calendarDateIn(input, this.config.timezone);
    if (date !== opts.stored && date < (opts.today ?? this.today())) {
      const message = MESSAGES.validation.executionDateNotPast;
      throw badRequest(message, [{ path: opts.path ?? 'proxima_ejecucion', message }]);
    }
    return date;
  }

  /** The schedule of a task, for the task form (in the caller's transaction). */
  scheduleOfTask(tareaUuid: string): Promise<TaskScheduleRow | null> {
    return this.repo.findOfTask(tareaUuid);
  }

  /** Creates or replaces the schedule of a task from the task form (in the caller's transaction). */
  async saveTaskSchedule(tareaUuid: string, schedule: TaskSchedule): Promise<void> {
    if (await this.repo.findOfTask(tareaUuid)) await this.repo.updateForTask(tareaUuid, schedule);
    else await this.repo.insertForTask(tareaUuid, schedule);
  }

  async removeTaskSchedule(tareaUuid: string): Promise<void> {
    await this.repo.deleteOfTask(tareaUuid);
  }

  /** A deactivated task generates nothing more. */
  async deactivateTaskSchedule(tareaUuid: string): Promise<void> {
    await this.repo.deactivateOfTask(tareaUuid);
  }
}
