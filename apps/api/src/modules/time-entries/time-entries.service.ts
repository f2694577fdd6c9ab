import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  addDaysToCalendarDate,
  AUTO_PAUSE_REASON_LABELS,
  type AutoPauseReason,
  calendarDateIn,
  companyMidnight,
  type CorrectTimeEntryRequest,
  type CreateTimeEntryRequest,
  type CurrentTimeEntryResponse,
  type FinishTimeEntryRequest,
  type FinishTimeEntryResponse,
  IsoDateTimeSchema,
  MESSAGES,
  type PauseTimeEntryRequest,
  type StartTimeEntryRequest,
  type StartTimeEntryResponse,
  SERVER_EVENTS,
  TEXT_LIMITS,
  type TimeEntryChangedEvent,
  TIME_ENTRY_CORRECTION_DAYS,
  TIME_ENTRY_FUTURE_TOLERANCE_MS,
  TIME_ENTRY_MAX_HOURS,
  TIME_ENTRY_OFFLINE_DAYS,
  type TimeEntryListQuery,
  type TimeEntryListResponse,
  type TimeEntryResponse,
  todayIn,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import type { AuthUser } from '../../common/auth/auth-user';
import { assertUsersInScope, inScope, scopeAreas, scopeFor, type Scope } from '../../common/access/access';
import { AccessRepository } from '../../common/access/access.repository';
import { AppException, badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { JobsService } from '../../common/jobs/jobs.service';
import { Clock } from '../../common/time/clock';
import { pageMeta, pgErrorCode } from '../../database/sql';
import { AssignedTasksService, type UpdateOutcome } from '../assigned-tasks/assigned-tasks.service';
import { accessTo } from '../assigned-tasks/assigned-task-access';
import { CalendarService } from '../calendar/calendar.service';
import { EventsService } from '../events/events.service';
import { NotificationDelivery, type NotificationItem } from '../notifications/notification-delivery.service';
import { toTimeEntryResponse } from './time-entries.mapper';
import {
  type DeviceClock,
  type LockedEntryRow,
  TimeEntriesRepository,
  type TimeEntryRow,
  type TimerOccurrenceRow,
} from './time-entries.repository';

const m = MESSAGES.timeEntries;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** An exclusion constraint's violation: the interval overlaps another of the same person. */
const EXCLUSION_VIOLATION = '23P01';
/** Intervals the forgotten-timer job looks at per run (the rest on the next run). */
const JOB_BATCH = 500;
/** How far ahead the job looks for the next working day (a long holiday stretch). */
const LOOKAHEAD_DAYS = 15;

/** When one end of an interval happened, on the server's clock, and what the device said. */
interface EventTime {
  at: Date;
  clock: DeviceClock;
}

export interface AutoPauseResult {
  pausados: number;
  avisados: number;
}

/**
 * Time on task (issue 35): the timer (start, pause, resume, finish), intervals added and corrected
 * by hand, and the forgotten-timer job. The database keeps one running timer per person and no
 * overlapping intervals; this service checks who may do what and corrects the device's clock.
 */
@Injectable()
export class TimeEntriesService implements OnModuleInit {
  private readonly logger = new Logger('Tiempo');

  constructor(
    private readonly repo: TimeEntriesRepository,
    private readonly access: AccessRepository,
    private readonly assigned: AssignedTasksService,
    private readonly calendar: CalendarService,
    private readonly delivery: NotificationDelivery,
    private readonly jobs: JobsService,
    private readonly events: EventsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.every({ name: 'time-entries-auto-pause', cron: '*/5 * * * *', run: () => this.autoPause() });
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private map = (row: TimeEntryRow): TimeEntryResponse => toTimeEntryResponse(row, this.now());

  /** Tells the person's open screens (after the commit) that their time changed. */
  private announce(usuarioUuid: string, tareaAsignadaUuid: string, enMarcha: boolean): Promise<void> {
    const data: TimeEntryChangedEvent = { usuario_uuid: usuarioUuid, tarea_asignada_uuid: tareaAsignadaUuid, en_marcha: enMarcha };
    return this.events.publish({ type: SERVER_EVENTS.timeEntryChanged, data, audience: { userUuids: [usuarioUuid] } });
  }

  /**
   * The server's instant of a timer event. Without `en`: now. With it: `en` moved by the device's
   * clock skew, the server's receive time minus the device's send time (DEVICE_TIME_HEADER), so an
   * hour on the device's clock is an hour here whatever its clock says.
   */
  eventTime(en: string | undefined, sentHeader: string | undefined, now: number = this.clock.now()): EventTime {
    if (en === undefined) return { at: new Date(now), clock: { device: null, skewMs: null } };
    if (sentHeader === undefined || sentHeader.trim() === '') {
      throw badRequest(m.deviceTimeRequired, [{ path: 'en', message: m.deviceTimeRequired }]);
    }
    if (!IsoDateTimeSchema.safeParse(sentHeader.trim()).success) {
      throw badRequest(m.deviceTimeInvalid, [{ path: 'en', message: m.deviceTimeInvalid }]);
    }
    const device = new Date(en);
    const skewMs = now - Date.parse(sentHeader.trim());
    const at = device.getTime() + skewMs;
    if (at > now + TIME_ENTRY_FUTURE_TOLERANCE_MS) throw badRequest(m.inFuture, [{ path: 'en', message: m.inFuture }]);
    if (at < now - TIME_ENTRY_OFFLINE_DAYS * DAY) throw badRequest(m.tooOld, [{ path: 'en', message: m.tooOld }]);
    return { at: new Date(Math.min(at, now)), clock: { device, skewMs } };
  }

  /** An occurrence of the caller's own (the timer is the assignee's): 404 / 403 otherwise. */
  private async ownOccurrence(caller: AuthUser, uuid: string): Promise<TimerOccurrenceRow> {
    const occ = await this.repo.occurrence(uuid);
    if (!occ) throw notFound(MESSAGES.errors.taskGone);
    if (occ.empleado_uuid !== caller.uuid) {
      throw forbidden(accessTo(caller, occ).watches ? m.onlyAssignee : MESSAGES.errors.noAccessTask);
    }
    return occ;
  }

  /** Where the caller manages other people's time (manage:time-entries: own areas, or all with read:all:areas). */
  private manageScope(caller: AuthUser): Scope {
    return scopeFor(caller, [], ['manage:time-entries']);
  }

  /** Own intervals with track:time; others' with manage:time-entries in the occurrence's area. */
  private mayEdit(caller: AuthUser, personUuid: string, areaUuid: string): boolean {
    if (personUuid === caller.uuid && caller.permisos.includes('track:time')) return true;
    return inScope(this.manageScope(caller), areaUuid);
  }

  /** `POST /api/time-entries/start` and `/resume`; announced after the commit. */
  async start(caller: AuthUser, input: StartTimeEntryRequest, sentHeader?: string): Promise<StartTimeEntryResponse> {
    const answer = await this.startInOne(caller, input, this.eventTime(input.en, sentHeader));
    await this.announce(caller.uuid, answer.intervalo.tarea_asignada_uuid, true);
    return answer;
  }

  @Transactional()
  private async startInOne(caller: AuthUser, input: StartTimeEntryRequest, { at, clock }: EventTime): Promise<StartTimeEntryResponse> {
    const occ = await this.ownOccurrence(caller, input.tarea_asignada_uuid);
    if (occ.archivada) throw conflict(MESSAGES.errors.assignedTaskArchived);
    if (occ.categoria === 'terminada') throw conflict(m.taskFinished);
    const paused = await this.repo.pauseOther(caller.uuid, occ.uuid, at, clock);
    const started = await this.repo.startOnce(caller.uuid, occ.uuid, at, clock);
    if (!started) {
      // Refused by the database; the pause above goes back with the transaction.
      const running = await this.repo.running(caller.uuid);
      if (running?.tarea_asignada_uuid === occ.uuid) throw conflict(m.alreadyRunning);
      throw conflict(running ? m.otherRunning : m.overlap);
    }
    return { intervalo: this.map(started), pausado: paused ? this.map(paused) : null };
  }

  /** `POST /api/time-entries/pause`: one statement when the timer runs there. */
  async pause(caller: AuthUser, input: PauseTimeEntryRequest, sentHeader?: string): Promise<TimeEntryResponse> {
    const { at, clock } = this.eventTime(input.en, sentHeader);
    const row = await this.repo.pause(caller.uuid, input.tarea_asignada_uuid, at, clock);
    if (row) {
      await this.announce(caller.uuid, row.tarea_asignada_uuid, false);
      return this.map(row);
    }
    throw await this.whyNotPaused(caller, input.tarea_asignada_uuid, at);
  }

  /** Why a pause found no timer: no such task, not the caller's, a start after the pause, or none running. */
  private async whyNotPaused(caller: AuthUser, occurrenceUuid: string, at: Date): Promise<AppException> {
    await this.ownOccurrence(caller, occurrenceUuid);
    const running = await this.repo.running(caller.uuid);
    if (running?.tarea_asignada_uuid === occurrenceUuid && running.inicio > at) {
      return badRequest(m.endBeforeStart, [{ path: 'en', message: m.endBeforeStart }]);
    }
    return conflict(m.notRunning);
  }

  /** `POST /api/time-entries/finish`: the pause and the status change commit together; announced after. */
  async finish(caller: AuthUser, input: FinishTimeEntryRequest, sentHeader?: string): Promise<FinishTimeEntryResponse> {
    const { closed, outcome } = await this.finishInOne(caller, input, this.eventTime(input.en, sentHeader));
    if (outcome) await this.assigned.announce(caller, outcome);
    if (closed) await this.announce(caller.uuid, closed.tarea_asignada_uuid, false);
    return {
      intervalo: closed ? this.map(closed) : null,
      tarea: outcome ? await this.assigned.card(input.tarea_asignada_uuid) : null,
    };
  }

  @Transactional()
  private async finishInOne(
    caller: AuthUser,
    input: FinishTimeEntryRequest,
    { at, clock }: EventTime,
  ): Promise<{ closed: TimeEntryRow | null; outcome: UpdateOutcome | null }> {
    const occ = await this.ownOccurrence(caller, input.tarea_asignada_uuid);
    const closed = await this.repo.pause(caller.uuid, occ.uuid, at, clock);
    if (input.estado_uuid === undefined) return { closed, outcome: null };
    const categoria = await this.repo.statusCategory(input.estado_uuid);
    if (categoria === null) {
      throw badRequest(MESSAGES.errors.statusNotFound, [{ path: 'estado_uuid', message: MESSAGES.errors.statusNotFound }]);
    }
    if (categoria !== 'terminada') throw badRequest(m.estadoNotFinished, [{ path: 'estado_uuid', message: m.estadoNotFinished }]);
    // The status change of the assigned tasks, as a PUT would make it (history, completion, checklist, events).
    const outcome = await this.assigned.applyUpdate(caller, occ.uuid, {
      estado_uuid: input.estado_uuid,
      ...(input.en !== undefined ? { sin_conexion_en: at.toISOString() } : {}),
    });
    return { closed, outcome };
  }

  /** `GET /api/time-entries/current`. */
  async current(caller: AuthUser): Promise<CurrentTimeEntryResponse> {
    const row = await this.repo.running(caller.uuid);
    return { intervalo: row ? this.map(row) : null };
  }

  /** The checks of an interval given by hand (company clock): order, future, age, length. */
  private checkManual(inicio: Date, fin: Date | null): void {
    const now = this.clock.now();
    if (fin && fin < inicio) throw badRequest(m.endBeforeStart, [{ path: 'fin', message: m.endBeforeStart }]);
    if ((fin ?? inicio).getTime() > now + TIME_ENTRY_FUTURE_TOLERANCE_MS) {
      throw badRequest(m.inFuture, [{ path: fin ? 'fin' : 'inicio', message: m.inFuture }]);
    }
    if (inicio.getTime() < now - TIME_ENTRY_CORRECTION_DAYS * DAY) {
      throw badRequest(m.correctionTooOld, [{ path: 'inicio', message: m.correctionTooOld }]);
    }
    if (fin && fin.getTime() - inicio.getTime() > TIME_ENTRY_MAX_HOURS * HOUR) {
      throw badRequest(m.tooLong, [{ path: 'fin', message: m.tooLong }]);
    }
  }

  /** A write the exclusion constraint may refuse: 409 saying it overlaps. */
  private async noOverlap<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (pgErrorCode(err) === EXCLUSION_VIOLATION) throw conflict(m.overlap);
      throw err;
    }
  }

  /** `POST /api/time-entries`: an interval by hand, the occurrence's assignee's. */
  async create(caller: AuthUser, input: CreateTimeEntryRequest): Promise<TimeEntryResponse> {
    return this.announced(await this.createInOne(caller, input));
  }

  /** Tells the interval's person, once committed, and answers it. */
  private async announced(entry: TimeEntryResponse): Promise<TimeEntryResponse> {
    await this.announce(entry.usuario.uuid, entry.tarea_asignada_uuid, entry.en_marcha);
    return entry;
  }

  @Transactional()
  private async createInOne(caller: AuthUser, input: CreateTimeEntryRequest): Promise<TimeEntryResponse> {
    const occ = await this.repo.occurrence(input.tarea_asignada_uuid);
    if (!occ) throw notFound(MESSAGES.errors.taskGone);
    if (!this.mayEdit(caller, occ.empleado_uuid, occ.area_uuid)) throw forbidden(MESSAGES.errors.noAccessTask);
    const inicio = new Date(input.inicio);
    const fin = new Date(input.fin);
    this.checkManual(inicio, fin);
    const row = await this.noOverlap(() =>
      this.repo.insertManual({
        tareaAsignadaUuid: occ.uuid,
        usuarioUuid: occ.empleado_uuid,
        inicio,
        fin,
        motivo: input.motivo,
        creadoPor: caller.uuid,
      }),
    );
    return this.map(row);
  }

  /** The interval, locked, if the caller may change it (404 / 403). */
  private async editable(caller: AuthUser, uuid: string): Promise<LockedEntryRow> {
    const row = await this.repo.lock(uuid);
    if (!row) throw notFound(m.notFound);
    if (!this.mayEdit(caller, row.usuario_uuid, row.area_uuid)) throw forbidden(m.forbidden);
    return row;
  }

  /** `PUT /api/time-entries/:id`: before and after go to the audit log (row trigger). */
  async correct(caller: AuthUser, uuid: string, input: CorrectTimeEntryRequest): Promise<TimeEntryResponse> {
    return this.announced(await this.correctInOne(caller, uuid, input));
  }

  @Transactional()
  private async correctInOne(caller: AuthUser, uuid: string, input: CorrectTimeEntryRequest): Promise<TimeEntryResponse> {
    const row = await this.editable(caller, uuid);
    if (row.fin === null && input.fin !== undefined) throw badRequest(m.finOnRunning, [{ path: 'fin', message: m.finOnRunning }]);
    const inicio = input.inicio !== undefined ? new Date(input.inicio) : row.inicio;
    const fin = input.fin !== undefined ? new Date(input.fin) : row.fin;
    this.checkManual(inicio, fin);
    const corrected = await this.noOverlap(() =>
      this.repo.correct(uuid, { inicio, fin, motivo: input.motivo, by: caller.uuid, at: this.now() }),
    );
    return this.map(corrected);
  }

  /** `POST /api/time-entries/:id/confirm`. */
  async confirm(caller: AuthUser, uuid: string): Promise<TimeEntryResponse> {
    return this.announced(await this.confirmInOne(caller, uuid));
  }

  @Transactional()
  private async confirmInOne(caller: AuthUser, uuid: string): Promise<TimeEntryResponse> {
    const row = await this.editable(caller, uuid);
    if (row.confirmado) throw conflict(m.alreadyConfirmed);
    if (row.fin === null) throw conflict(m.stillRunning);
    return this.map(await this.repo.confirm(uuid));
  }

  /** `GET /api/time-entries`. */
  async list(caller: AuthUser, q: TimeEntryListQuery): Promise<TimeEntryListResponse> {
    const manage = this.manageScope(caller);
    let areas: readonly string[] | null = null;
    let usuarioUuid: string | undefined = q.usuario_uuid ?? caller.uuid;
    if (q.tarea_asignada_uuid) {
      const occ = await this.repo.occurrence(q.tarea_asignada_uuid);
      if (!occ) throw notFound(MESSAGES.errors.taskGone);
      const mine = occ.empleado_uuid === caller.uuid;
      if (!mine && !inScope(manage, occ.area_uuid)) throw forbidden(MESSAGES.errors.noAccessTask);
      // The occurrence's intervals, whoever worked them (the assignee sees them all).
      usuarioUuid = q.usuario_uuid;
    } else if (usuarioUuid !== caller.uuid) {
      if (manage.kind === 'none') throw forbidden(m.userForbidden);
      await assertUsersInScope(this.access, manage, caller.uuid, [usuarioUuid]);
      areas = scopeAreas(manage);
    }
    const filter = {
      page: q.page,
      limit: q.limit,
      usuarioUuid,
      tareaAsignadaUuid: q.tarea_asignada_uuid,
      areas,
      desde: q.desde,
      hasta: q.hasta,
      sinConfirmar: q.sin_confirmar === true,
    };
    const now = this.now();
    const [rows, totals] = [await this.repo.page(filter), await this.repo.totals(filter, now)];
    return { data: rows.map((r) => toTimeEntryResponse(r, now)), meta: pageMeta(q, totals.total), total_segundos: Math.round(totals.segundos) };
  }

  /** The first end of a working day after `inicio`, or its longest run, whichever comes first. */
  autoPauseAt(inicio: Date, marked: ReadonlySet<string>): { at: Date; reason: AutoPauseReason } {
    const tz = this.config.timezone;
    const first = calendarDateIn(inicio, tz);
    const longest = new Date(inicio.getTime() + this.config.timerMaxHours * HOUR);
    for (let k = 0; k < LOOKAHEAD_DAYS; k++) {
      const date = addDaysToCalendarDate(first, k);
      if (!this.calendar.isWorkingDay(date, marked)) continue;
      const end = new Date(companyMidnight(date, tz).getTime() + this.config.workdayEndMinutes * 60_000);
      if (end <= inicio) continue;
      return end <= longest ? { at: end, reason: 'fin_jornada' } : { at: longest, reason: 'duracion_maxima' };
    }
    return { at: longest, reason: 'duracion_maxima' };
  }

  /** When the person is asked about an interval paused at `fin`: REMINDER_TIME of the next working day. */
  askAt(fin: Date, marked: ReadonlySet<string>): Date {
    const tz = this.config.timezone;
    const day = calendarDateIn(fin, tz);
    let date = addDaysToCalendarDate(day, 1);
    for (let k = 1; k < LOOKAHEAD_DAYS; k++) {
      date = addDaysToCalendarDate(day, k);
      if (this.calendar.isWorkingDay(date, marked)) break;
    }
    return new Date(companyMidnight(date, tz).getTime() + this.config.reminderMinutes * 60_000);
  }

  /**
   * The forgotten timer, as of `now`: a timer still running at the end of its working day (or past
   * TIMER_MAX_HOURS) is paused at that moment, marked for confirmation; from REMINDER_TIME of the
   * next working day its person is asked, once, in the application, to confirm or correct it.
   * Safe to run at once in several processes (each write re-checks its row).
   */
  async autoPause(now: Date = this.now()): Promise<AutoPauseResult> {
    const tz = this.config.timezone;
    const running = await this.repo.runningBefore(now, JOB_BATCH);
    const unasked = await this.repo.unasked(JOB_BATCH);
    const dates = [...running.map((r) => r.inicio), ...unasked.map((r) => r.fin!)];
    if (!dates.length) return { pausados: 0, avisados: 0 };
    const from = calendarDateIn(new Date(Math.min(...dates.map((d) => d.getTime()))), tz);
    const marked = await this.calendar.markedBetween(from, addDaysToCalendarDate(todayIn(tz, now), LOOKAHEAD_DAYS));

    const due = running.flatMap((r) => {
      const { at, reason } = this.autoPauseAt(r.inicio, marked);
      return at <= now ? [{ uuid: r.uuid, fin: at, reason, motivo: AUTO_PAUSE_REASON_LABELS[reason], row: r }] : [];
    });
    const pausados = await this.repo.autoPause(due);
    for (const d of due) await this.announce(d.row.usuario_uuid, d.row.tarea_asignada_uuid, false);

    const ask = unasked.filter((r) => this.askAt(r.fin!, marked) <= now);
    const claimed = new Set(await this.repo.claimAsked(ask.map((r) => r.uuid), now));
    const items: NotificationItem[] = ask
      .filter((r) => claimed.has(r.uuid))
      .map((r) => ({
        usuarioUuid: r.usuario_uuid,
        tipo: 'cronometro',
        titulo: m.autoPausedTitle,
        mensaje: `${m.autoPausedBody}«${r.titulo}»`.slice(0, TEXT_LIMITS.notificationMessage),
        enviadoPor: null,
        tareaAsignadaUuid: r.tarea_asignada_uuid,
      }));
    if (items.length) {
      try {
        await this.delivery.deliverEach(items, { activeOnly: true });
      } catch (err) {
        // Claimed and not delivered: at most once, never twice.
        this.logger.warn(`No se pudieron entregar ${items.length} avisos de cronómetros: ${(err as Error).message}`);
      }
    }
    return { pausados, avisados: items.length };
  }
}
