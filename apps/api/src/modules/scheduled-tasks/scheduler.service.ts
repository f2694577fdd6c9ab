import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import {
  addDaysToCalendarDate,
  AssignedTaskChangedEvent,
  MAX_LEAD_DAYS,
  MESSAGES,
  SERVER_EVENTS,
  todayIn,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { EventsService } from '../events/events.service';
import { OccurrencesService } from '../assigned-tasks/occurrences.service';
import { GeneratedOccurrence, OCCURRENCE_NOTIFIER, OccurrenceNotifier } from './occurrence-notifier';
import { dueDateOf } from './schedule-dates';
import { planDue, type WorksOn } from './rule-dates';
import { CalendarService } from '../calendar/calendar.service';
import { ClaimedSchedule, ScheduleAdvance, ScheduledTasksRepository } from './scheduled-tasks.repository';

/**
 * Schedules claimed per transaction: bounds lock time and memory, whatever the number of
 * schedules, and lets each batch be announced while the next one is produced.
 */
export const SCHEDULER_BATCH_SIZE = 100;

/** Batches produced at the same time by one tick (each in its own transaction and connection). */
export const SCHEDULER_WORKERS = 2;

/** Batches announced at the same time (live events and notifications of committed batches). */
export const SCHEDULER_ANNOUNCE_LANES = 2;

export interface TickResult {
  /** The company date the tick ran for. */
  today: string;
  /** Schedules that were due and advanced. */
  schedules: number;
  occurrences: GeneratedOccurrence[];
}

interface BatchResult {
  claimed: number;
  occurrences: GeneratedOccurrence[];
}

/**
 * Produces the assigned tasks of due schedules (DECISIONS section 4), exactly once
 * however many API processes run it: each batch of schedules is claimed with
 * FOR UPDATE SKIP LOCKED in the same transaction that inserts its occurrences and
 * advances `proxima_ejecucion`, and the unique key (schedule, occurrence date,
 * employee) turns any second insert into a no-op. A process dying mid-transaction
 * rolls everything back, so the schedule stays due and the next tick (here or in
 * another process) produces it.
 */
@Injectable()
export class SchedulerService implements OnModuleInit {
  /** Schedules claimed per transaction (tests lower it to make a few schedules span several batches). */
  batchSize = SCHEDULER_BATCH_SIZE;

  private readonly logger = new Logger('Scheduler');

  constructor(
    private readonly repo: ScheduledTasksRepository,
    private readonly assigned: OccurrencesService,
    private readonly events: EventsService,
    private readonly calendar: CalendarService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(OCCURRENCE_NOTIFIER) readonly notifier: OccurrenceNotifier,
    private readonly jobs: JobsService,
  ) {}

  /**
   * Every minute on the job runtime, once across the processes that run jobs (SCHEDULER_ENABLED);
   * a slow tick is never overlapped by the next, and a failed one is retried with backoff.
   */
  onModuleInit(): void {
    this.jobs.every({ name: 'scheduled-tasks', cron: '* * * * *', run: () => this.runTick() });
  }

  /** One pass over every due schedule, as of `now`. Safe to run concurrently in any number of processes. */
  async runTick(now: Date = new Date()): Promise<TickResult> {
    const today = todayIn(this.config.timezone, now);
    const result: TickResult = { today, schedules: 0, occurrences: [] };
    // The status new assigned tasks start in, read once per tick (a status deleted meanwhile
    // fails the batch's foreign key: rolled back, produced by the next tick).
    const estado = await this.assigned.initialStatus();
    if (!estado) {
      this.logger.warn(MESSAGES.errors.noStatuses);
      return result;
    }
    // The company calendar around today, read once per tick: a date moved to the next working day,
    // or produced days ahead, stays within it.
    const marked = await this.calendar.markedBetween(
      addDaysToCalendarDate(today, -7),
      addDaysToCalendarDate(today, MAX_LEAD_DAYS + 400),
    );
    const works: WorksOn = (date) => this.calendar.isWorkingDay(date, marked);
    // Each batch is announced as soon as it committed, on one of a few lanes (bounded connections), while
    // the next batches are produced.
    const lanes = Array.from({ length: SCHEDULER_ANNOUNCE_LANES }, () => Promise.resolve());
    let announced = 0;
    const worker = async (): Promise<void> => {
      for (;;) {
        const batch = await this.runBatch(today, now, estado, works);
        result.schedules += batch.claimed;
        result.occurrences.push(...batch.occurrences);
        if (batch.occurrences.length) {
          const lane = announced++ % lanes.length;
          lanes[lane] = lanes[lane].then(() => this.announce(batch.occurrences));
        }
        // Fewer than a full batch: nothing due is left, or the rest is locked by another worker or process that will produce it.
        if (batch.claimed < this.batchSize) return;
      }
    };
    // The workers claim disjoint batches (SKIP LOCKED), exactly as two API processes would.
    const outcomes = await Promise.allSettled(Array.from({ length: SCHEDULER_WORKERS }, worker));
    // Batches committed before a failure are announced all the same; the tick ends when every announcement has.
    await Promise.all(lanes);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (failed) throw failed.reason;
    return result;
  }

  /** Claiming, inserting and advancing commit or roll back together. */
  @Transactional<TransactionalAdapterTypeOrm>({ isolationLevel: 'READ COMMITTED' })
  private async runBatch(today: string, now: Date, estado: string, works: WorksOn): Promise<BatchResult> {
    const claimed = await this.repo.claimDue(today, this.batchSize);
    if (!claimed.length) return { claimed: 0, occurrences: [] };

    const plans = claimed.map((s) => {
      const series = {
        regla: s.regla,
        intervalo: s.intervalo_repeticion,
        inicio: s.inicio,
        fin: s.fin,
        repeticiones: s.repeticiones,
      };
      // Every date its lead reaches, each after the non-working-day policy (skipped, moved, or as it is).
      return {
        schedule: s,
        ...planDue(
          series,
          s.proxima_ejecucion,
          today,
          s.anticipacion_dias,
          s.fechas_generadas,
          s.dias_no_laborables,
          works,
        ),
      };
    });
    const inserted = await this.assigned.createScheduledOccurrences(
      plans.flatMap((p) =>
        p.dates.map((fecha) => ({
          programacion_uuid: p.schedule.uuid,
          fecha_ocurrencia: fecha,
          fecha_vencimiento: dueDateOf(fecha, p.schedule.dias_vencimiento),
        })),
      ),
      estado,
      now,
    );
    const generated = new Map<string, number>();
    // Dates actually produced: a date already produced (two dates merged onto one day across runs) uses no repetition.
    const dated = new Map<string, Set<string>>();
    for (const i of inserted) {
      generated.set(i.programacion_uuid, (generated.get(i.programacion_uuid) ?? 0) + 1);
      const dates = dated.get(i.programacion_uuid) ?? new Set<string>();
      dated.set(i.programacion_uuid, dates.add(i.fecha_ocurrencia));
    }
    const advances: ScheduleAdvance[] = plans.map((p) => ({
      uuid: p.schedule.uuid,
      // A series that ended keeps its last date (the column is never empty); it is off from now on.
      next: p.next ?? p.dates.at(-1) ?? p.schedule.proxima_ejecucion,
      generated: generated.get(p.schedule.uuid) ?? 0,
      dates: dated.get(p.schedule.uuid)?.size ?? 0,
      ends: p.ends,
    }));
    await this.repo.advance(advances, now);

    const byUuid = new Map<string, ClaimedSchedule>(claimed.map((s) => [s.uuid, s]));
    const occurrences = inserted.map((i): GeneratedOccurrence => {
      const s = byUuid.get(i.programacion_uuid);
      return { ...i, titulo: s?.titulo ?? '', area_uuid: s?.area_uuid ?? '' };
    });
    if (plans.some((p) => p.skipped > 0)) {
      this.logger.warn(
        `Programaciones atrasadas: se generó solo la última fecha pendiente de ${plans.filter((p) => p.skipped > 0).length}`,
      );
    }
    return { claimed: claimed.length, occurrences };
  }

  /**
   * After a batch's commit: live refresh for the assignee and the area's watchers, and
   * the notification hook (once per batch that produced something). Never rejects.
   */
  private async announce(occurrences: readonly GeneratedOccurrence[]): Promise<void> {
    if (!occurrences.length) return;
    // Published together: the events service packs them into a few NOTIFYs sent by one statement.
    const published = Promise.all(
      occurrences.map((o) => {
        const data: AssignedTaskChangedEvent = {
          uuid: o.uuid,
          tarea_uuid: o.tarea_uuid,
          empleado_uuid: o.empleado_uuid,
          cambio: 'asignacion',
        };
        return this.events.publish({
          type: SERVER_EVENTS.assignedTaskChanged,
          data,
          audience: { userUuids: [o.empleado_uuid], areaUuid: o.area_uuid },
        });
      }),
    );
    // The notifications (their own statement) are stored while the live events go out.
    await Promise.all([published, this.notify(occurrences)]);
  }

  private async notify(occurrences: readonly GeneratedOccurrence[]): Promise<void> {
    try {
      await this.notifier.notifyGenerated(occurrences);
    } catch (err) {
      // The tasks exist either way; a failed notification must not undo or repeat them.
      this.logger.warn(`No se pudo notificar las tareas generadas: ${(err as Error).message}`);
    }
  }
}
