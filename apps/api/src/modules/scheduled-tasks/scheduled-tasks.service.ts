import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  calendarDateIn,
  CreateScheduledTaskRequest,
  diffCalendarDays,
  MESSAGES,
  ScheduledTaskListQuery,
  ScheduledTaskListResponse,
  ScheduledTaskResponse,
  SchedulePreviewQuery,
  SchedulePreviewResponse,
  formatRecurrence,
  scheduleRecurrence,
  withStartDay,
  TaskScheduleRequest,
  todayIn,
  UpdateScheduledTaskRequest,
  type NonWorkingPolicy,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { areaScope, assertInScope, scopeAreas } from '../../common/access/access';
import { AppException, badRequest, conflict, notFound } from '../../common/http/app-exception';
import { toScheduledTaskResponse } from './scheduled-tasks.mapper';
import { PG, pageMeta, pgErrorCode } from '../../database/sql';
import { ScheduledTasksRepository, TaskRef } from './scheduled-tasks.repository';
import {
  inOwnTurn,
  isPlainInterval,
  previewDates,
  previewOccurrences,
  Series,
  seriesFirstOnOrAfter,
} from './rule-dates';
import { CalendarService } from '../calendar/calendar.service';

const isUniqueViolation = (err: unknown) => pgErrorCode(err) === PG.uniqueViolation;

/** 422: the rule, its end and the policy leave no date (within the walk's bound). */
const noDates = () => new AppException(422, MESSAGES.errors.ruleNoDates);

/**
 * Schedules of tasks (SPEC 2.7). The route permission is checked by the guard;
 * here a caller without `read:all:areas` is confined to tasks of its own areas,
 * for reading and for every change.
 */
@Injectable()
export class ScheduledTasksService {
  constructor(
    private readonly repo: ScheduledTasksRepository,
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: AuthUser, query: ScheduledTaskListQuery): Promise<ScheduledTaskListResponse> {
    const { rows, total } = await this.repo.page(scopeAreas(areaScope(caller)), query);
    return { data: rows.map((r) => toScheduledTaskResponse(r, this.config.timezone)), meta: pageMeta(query, total) };
  }

  async create(caller: AuthUser, input: CreateScheduledTaskRequest): Promise<ScheduledTaskResponse> {
    const today = this.today();
    const inicio = input.proxima_ejecucion ? this.executionDate(input.proxima_ejecucion, today) : today;
    try {
      const uuid = await this.insert(caller, input, inicio);
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
  private async insert(caller: AuthUser, input: CreateScheduledTaskRequest, inicio: string): Promise<string> {
    await this.taskInScope(caller, input.tarea_uuid);
    if (await this.repo.scheduleOfTask(input.tarea_uuid)) throw conflict(MESSAGES.errors.scheduleExists);
    const series = this.series(input.regla ?? null, input.intervalo_repeticion, inicio, input.fin, input.repeticiones);
    const policy = input.dias_no_laborables ?? 'siguiente_habil';
    const proxima = await this.firstDate(series, inicio);
    await this.assertProduces(series, proxima, policy);
    return this.repo.insert({
      tarea_uuid: input.tarea_uuid,
      intervalo_repeticion: series.intervalo,
      regla: series.regla,
      inicio,
      fin: series.fin,
      repeticiones: series.repeticiones,
      dias_no_laborables: policy,
      anticipacion_dias: input.anticipacion_dias ?? 0,
      proxima_ejecucion: proxima,
      activo: input.activo ?? true,
    });
  }

  /**
   * The series a form describes: a rule (whose INTERVAL also fills `intervalo_repeticion`) or a
   * plain interval; the end date as a company calendar date.
   */
  private series(
    regla: string | null,
    intervalo: number | undefined,
    inicio: string,
    fin: string | null | undefined,
    repeticiones: number | null | undefined,
  ): Series {
    const rule = regla ? scheduleRecurrence(regla, 1) : null;
    const plain = !!rule && isPlainInterval(rule) && intervalo === undefined;
    return {
      // "Every n days" as a rule is the plain interval (the generator's arithmetic, as before); a rule
      // without a day of its own takes it from the start date, written out.
      regla: rule && !plain ? formatRecurrence(withStartDay(rule, inicio)) : null,
      intervalo: intervalo ?? rule?.interval ?? 1,
      inicio,
      fin: fin ? calendarDateIn(fin, this.config.timezone) : null,
      repeticiones: repeticiones ?? null,
    };
  }

  /** The series' first date from `inicio` on; 400 (at `path`) when its end leaves none, 422 when the rule has none. */
  private async firstDate(series: Series, inicio: string, path = 'fin'): Promise<string> {
    const message = MESSAGES.validation.finBeforeStart;
    if (series.fin !== null && series.fin < inicio) throw badRequest(message, [{ path, message }]);
    const first = await inOwnTurn(() => seriesFirstOnOrAfter(series, inicio, inicio));
    if (first === null) throw noDates();
    if (series.fin !== null && first > series.fin) throw badRequest(message, [{ path, message }]);
    return first;
  }

  /** The next dates of a rule after the company calendar, nothing saved (the form's preview); 422 when it has none. */
  async preview(query: SchedulePreviewQuery): Promise<SchedulePreviewResponse> {
    const today = this.today();
    const desde = query.desde ? calendarDateIn(query.desde, this.config.timezone) : today;
    const series = this.series(query.regla, undefined, desde, query.fin, query.repeticiones);
    const works = await this.worksFrom(desde);
    const ocurrencias = await inOwnTurn(() =>
      previewOccurrences(series, desde, query.n, query.dias_no_laborables, works, query.anticipacion_dias, today),
    );
    if (!ocurrencias.length) throw noDates();
    // Each moved date says which day it avoided and why: the holiday by its name, or the weekday off.
    const moved = ocurrencias.flatMap((o) => (o.movida_desde ? [o.movida_desde] : []));
    const names = moved.length ? await this.calendar.namesOf(moved) : new Map<string, string>();
    return {
      fechas: ocurrencias.map((o) => o.fecha),
      ocurrencias: ocurrencias.map((o) =>
        o.movida_desde ? { ...o, motivo: names.get(o.movida_desde) ?? this.calendar.dayOffReason(o.movida_desde) } : o,
      ),
      anios_sin_feriados: await this.yearsWithoutHolidays(ocurrencias, query),
    };
  }

  /**
   * The years the shown dates reach whose holidays are not loaded: there only the days marked by
   * hand are avoided. None when the rule keeps its dates on any day (`generar`).
   */
  private async yearsWithoutHolidays(ocurrencias: readonly { fecha: string }[], query: SchedulePreviewQuery): Promise<number[]> {
    if (query.dias_no_laborables === 'generar') return [];
    const loaded = await this.calendar.holidayYears();
    const reached = new Set(ocurrencias.map((o) => Number(o.fecha.slice(0, 4))));
    return [...reached].filter((y) => !loaded.has(y)).sort((a, b) => a - b);
  }

  /** 422 when a series produces no date from `from` on under its policy: saved, it would never generate. */
  private async assertProduces(series: Series, from: string, policy: NonWorkingPolicy): Promise<void> {
    if (!(await this.occurrenceDates(series, from, 1, policy)).length) throw noDates();
  }

  /** The first `n` occurrence dates of a series from `desde`, after the company calendar. */
  private async occurrenceDates(series: Series, desde: string, n: number, policy: NonWorkingPolicy): Promise<string[]> {
    const works = await this.worksFrom(desde);
    return inOwnTurn(() => previewDates(series, desde, n, policy, works));
  }

  /** Whether a day is worked, from the company calendar of the span dates from `desde` can reach (50 yearly dates at most). */
  private async worksFrom(desde: string): Promise<(date: string) => boolean> {
    const marked = await this.calendar.markedBetween(desde, `${Number(desde.slice(0, 4)) + 60}${desde.slice(4)}`);
    return (date: string) => this.calendar.isWorkingDay(date, marked);
  }

  @Transactional()
  private async applyUpdate(
    caller: AuthUser,
    uuid: string,
    input: UpdateScheduledTaskRequest,
    today: string,
  ): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound(MESSAGES.errors.scheduleGone);
    const current = await this.repo.findOne(uuid);
    if (!current) throw notFound(MESSAGES.errors.scheduleGone);
    assertInScope(areaScope(caller), current.area_uuid, MESSAGES.errors.noAccessSchedule);

    const tareaUuid = input.tarea_uuid ?? current.tarea_uuid;
    if (tareaUuid !== current.tarea_uuid) {
      await this.taskInScope(caller, tareaUuid);
      if (await this.repo.scheduleOfTask(tareaUuid)) throw conflict(MESSAGES.errors.scheduleExists);
    }
    const activo = input.activo ?? current.activo;
    const given = input.proxima_ejecucion ? this.executionDate(input.proxima_ejecucion, today) : null;
    const ruleChanged = input.regla !== undefined && input.regla !== current.regla;
    const regla = input.regla === undefined ? current.regla : input.regla;
    // A new start date or a new rule starts the series again from that date (or its current next one).
    const inicio = given ?? (ruleChanged ? current.proxima_ejecucion : current.inicio);
    const series = this.series(
      regla,
      input.intervalo_repeticion ?? (ruleChanged && regla ? undefined : current.intervalo_repeticion),
      inicio,
      input.fin === undefined ? current.fin : input.fin,
      input.repeticiones === undefined ? current.repeticiones : input.repeticiones,
    );
    let proxima = given || ruleChanged ? await this.firstDate(series, inicio) : current.proxima_ejecucion;
    // Turning a schedule back on does not owe the dates it was off: it resumes at the first date from today on.
    if (activo && !current.activo && !given) {
      const from = proxima;
      proxima = (await inOwnTurn(() => seriesFirstOnOrAfter(series, from, today))) ?? proxima;
    }
    const policy = input.dias_no_laborables ?? current.dias_no_laborables;
    const seriesChanged = [
      input.regla,
      input.intervalo_repeticion,
      input.fin,
      input.repeticiones,
      input.dias_no_laborables,
      given,
    ].some((x) => x !== undefined && x !== null);
    if (activo && seriesChanged) await this.assertProduces(series, proxima, policy);
    await this.repo.update(uuid, {
      tarea_uuid: tareaUuid,
      intervalo_repeticion: series.intervalo,
      regla: series.regla,
      inicio: series.regla ? inicio : (given ?? current.inicio),
      fin: series.fin,
      repeticiones: series.repeticiones,
      dias_no_laborables: policy,
      anticipacion_dias: input.anticipacion_dias ?? current.anticipacion_dias,
      proxima_ejecucion: proxima,
      activo,
    });
  }

  async remove(caller: AuthUser, uuid: string): Promise<{ ok: true }> {
    const current = await this.repo.findOne(uuid);
    if (!current) throw notFound(MESSAGES.errors.scheduleGone);
    assertInScope(areaScope(caller), current.area_uuid, MESSAGES.errors.noAccessSchedule);
    await this.repo.delete(uuid);
    return { ok: true };
  }

  private async get(uuid: string): Promise<ScheduledTaskResponse> {
    const row = await this.repo.findOne(uuid);
    if (!row) throw notFound(MESSAGES.errors.scheduleGone);
    return toScheduledTaskResponse(row, this.config.timezone);
  }

  private async taskInScope(caller: AuthUser, tareaUuid: string): Promise<TaskRef> {
    const task = await this.repo.findTask(tareaUuid);
    if (!task) throw notFound(MESSAGES.errors.taskGone);
    assertInScope(areaScope(caller), task.area_uuid, MESSAGES.errors.noAccessTask);
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

  /**
   * Creates or replaces a task's schedule from the task form (SPEC section 5, issue 19), in the
   * caller's transaction. The execution date is not before today (unless it is the stored one).
   * Every `intervalo_repeticion` days: the due date falls between the execution date and that
   * plus the interval. A rule: the series starts on its first date from the execution date on,
   * and the due date falls between its first occurrence date and the next one, both after the
   * company calendar. `due` (creation) fixes the due-date offset; an edit keeps the stored one
   * within the new bound. A body without `regla` keeps the stored rule while it leaves the
   * interval as it was (a client that only knows intervals); `regla: null` goes back to days.
   */
  async saveTaskSchedule(tareaUuid: string, input: TaskScheduleRequest, due: string | null): Promise<void> {
    const path = (field: string) => `programacion_tarea.${field}`;
    const currentUuid = await this.repo.scheduleOfTask(tareaUuid);
    const current = currentUuid ? await this.repo.findOne(currentUuid) : null;
    const desde = this.executionDateNotPast(input.proxima_ejecucion, {
      path: path('proxima_ejecucion'),
      stored: current?.proxima_ejecucion ?? null,
    });
    const keepsRule =
      input.regla === undefined &&
      !!current?.regla &&
      (input.intervalo_repeticion === undefined || input.intervalo_repeticion === current.intervalo_repeticion);
    const regla = input.regla !== undefined ? input.regla : keepsRule ? current!.regla : null;
    // The same rule from its stored date keeps counting its weeks or months from where it began.
    const inicio = regla && regla === current?.regla && desde === current.proxima_ejecucion ? current.inicio : desde;
    const series = this.series(
      regla,
      regla ? undefined : input.intervalo_repeticion,
      inicio,
      input.fin === undefined ? current?.fin : input.fin,
      input.repeticiones === undefined ? current?.repeticiones : input.repeticiones,
    );
    const policy = input.dias_no_laborables ?? current?.dias_no_laborables ?? 'siguiente_habil';
    const proxima = await this.firstDate(series, desde, path('fin'));
    await this.assertProduces(series, proxima, policy);
    const diasVencimiento = await this.dueOffset(series, proxima, policy, due, current?.dias_vencimiento ?? 0);
    const write = {
      tarea_uuid: tareaUuid,
      intervalo_repeticion: series.intervalo,
      regla: series.regla,
      inicio: series.regla ? inicio : desde,
      fin: series.fin,
      repeticiones: series.repeticiones,
      dias_no_laborables: policy,
      anticipacion_dias: input.anticipacion_dias ?? current?.anticipacion_dias ?? 0,
      proxima_ejecucion: proxima,
      activo: current?.activo ?? true,
      dias_vencimiento: diasVencimiento,
    };
    if (current) await this.repo.update(current.uuid, write);
    else await this.repo.insert(write);
  }

  /**
   * Days from an occurrence date to its due date. Every n days: 0 to n from the execution date
   * (SPEC section 5). A rule: from its first occurrence date to the next one, after the calendar.
   * Without a due date (an edit) the stored offset, cut to the new bound.
   */
  private async dueOffset(
    series: Series,
    proxima: string,
    policy: NonWorkingPolicy,
    due: string | null,
    stored: number,
  ): Promise<number> {
    const v = MESSAGES.validation;
    const refuse = (message: string) => badRequest(message, [{ path: 'fecha_vencimiento', message }]);
    if (!series.regla) {
      if (due === null) return Math.min(stored, series.intervalo);
      const offset = diffCalendarDays(proxima, due);
      if (offset < 0) throw refuse(v.dueDateBeforeExecution);
      if (offset > series.intervalo) throw refuse(v.dueDateAfterInterval);
      return offset;
    }
    const [first, next] = await this.occurrenceDates(series, proxima, 2, policy);
    if (first === undefined) throw noDates();
    const bound = next === undefined ? Infinity : diffCalendarDays(first, next);
    if (due === null) return Math.min(stored, bound);
    const offset = diffCalendarDays(first, due);
    if (offset < 0) throw refuse(v.dueDateBeforeFirstDate);
    if (offset > bound) throw refuse(v.dueDateAfterNextDate);
    return offset;
  }

  async removeTaskSchedule(tareaUuid: string): Promise<void> {
    await this.repo.deleteOfTask(tareaUuid);
  }

  /** A deactivated task generates nothing more. */
  async deactivateTaskSchedule(tareaUuid: string): Promise<void> {
    await this.repo.deactivateOfTask(tareaUuid);
  }
}
