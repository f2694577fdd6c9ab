import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { addDaysToCalendarDate, companyMidnight, MESSAGES, NotificationKind, TEXT_LIMITS, todayIn } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { sql } from '../../database/sql';
import { NotificationDelivery } from '../notifications/notification-delivery.service';
import type { NotificationItem } from '../notifications/notification-delivery.service';
import { ClaimedDigest, ClaimedReminder, RemindersRepository } from './reminders.repository';

/** An overdue occurrence is reminded of (and escalated) only while it is at most this many days late. */
export const OVERDUE_WINDOW_DAYS = 7;

export interface RemindersResult {
  today: string;
  venceManana: number;
  venceHoy: number;
  vencidas: number;
  escaladas: number;
  resumenes: number;
}

const N = MESSAGES.notifications;
const clip = (text: string) => text.slice(0, TEXT_LIMITS.notificationMessage);

/**
 * Reminders and escalation (issue 19), every minute in every API process:
 * - to the assignee, from REMINDER_TIME (company time, default 08:00): the day before the due
 *   date and on the due date; and once the due date has passed, one "vencida";
 * - to the supervisors of the area (by-area watchers who belong to it), once an occurrence has
 *   been overdue ESCALATION_HOURS (default 24);
 * - to each supervisor, from REMINDER_TIME, a digest of the open work in their areas.
 * Each reminder is claimed in the same statement that finds it owed, so it goes out once however
 * many processes tick. Archived and finished work owes nothing; an overdue occurrence more than
 * a week late is left alone (no flood after downtime or on the first start).
 */
@Injectable()
export class RemindersService implements OnModuleInit {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly repo: RemindersRepository,
    private readonly delivery: NotificationDelivery,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Every minute, and the old claims once a day (03:00 company time), on the job runtime. */
  onModuleInit(): void {
    this.jobs.every({ name: 'reminders', cron: '* * * * *', run: () => this.run() });
    this.jobs.every({ name: 'reminders-prune', cron: '0 3 * * *', run: () => this.prune() });
  }

  /** One pass as of `now`; safe to run at once in any number of processes. */
  async run(now: Date = new Date()): Promise<RemindersResult> {
    const tz = this.config.timezone;
    const today = todayIn(tz, now);
    const minutes = (now.getTime() - companyMidnight(today, tz).getTime()) / 60_000;
    const morning = minutes >= this.config.reminderMinutes;
    const oldest = addDaysToCalendarDate(today, -OVERDUE_WINDOW_DAYS);

    const tomorrow = morning
      ? await this.repo.claimForAssignees('vence_manana', sql`ta.fecha_vencimiento = ${addDaysToCalendarDate(today, 1)}::date`)
      : [];
    const dueToday = morning ? await this.repo.claimForAssignees('vence_hoy', sql`ta.fecha_vencimiento = ${today}::date`) : [];
    const overdue = await this.repo.claimForAssignees(
      'vencida',
      sql`ta.fecha_vencimiento < ${today}::date AND ta.fecha_vencimiento >= ${oldest}::date`,
    );
    // Overdue from the end of its due day (company midnight) plus the escalation hours.
    const escalated = await this.repo.claimEscalations(sql`
      ta.fecha_vencimiento >= ${oldest}::date
      AND ((ta.fecha_vencimiento + 1)::timestamp AT TIME ZONE ${tz}) + make_interval(hours => ${this.config.escalationHours}) <= ${now}`);
    const digests = morning ? await this.repo.claimDigests(today) : [];

    const items: NotificationItem[] = [
      ...tomorrow.map((r) => this.item(r, 'vence_manana', N.dueTomorrowTitle, N.dueTomorrowBody + r.titulo)),
      ...dueToday.map((r) => this.item(r, 'vence_hoy', N.dueTodayTitle, N.dueTodayBody + r.titulo)),
      ...overdue.map((r) => this.item(r, 'vencida', N.overdueTitle, N.overdueBody + r.titulo)),
      ...escalated.map((r) => this.item(r, 'escalada', N.escalatedTitle, `${N.escalatedBody}«${r.titulo}» de ${r.empleado}`)),
      ...digests.map((d) => this.digest(d)),
    ];
    if (items.length) {
      try {
        await this.delivery.deliverEach(items, { activeOnly: true });
      } catch (err) {
        // Claimed and not delivered: at most once, never twice.
        this.logger.warn(`No se pudieron entregar ${items.length} recordatorios: ${(err as Error).message}`);
      }
    }
    return {
      today,
      venceManana: tomorrow.length,
      venceHoy: dueToday.length,
      vencidas: overdue.length,
      escaladas: escalated.length,
      resumenes: digests.length,
    };
  }

  /** Old claims go once a day (a due date that old owes nothing more). */
  async prune(): Promise<void> {
    await this.repo.prune(OVERDUE_WINDOW_DAYS * 4);
  }

  private item(r: ClaimedReminder, tipo: NotificationKind, titulo: string, mensaje: string): NotificationItem {
    return { usuarioUuid: r.usuario_uuid, tipo, titulo, mensaje: clip(mensaje), enviadoPor: null, tareaAsignadaUuid: r.tarea_asignada_uuid };
  }

  private digest(d: ClaimedDigest): NotificationItem {
    const parts = [
      d.abiertas === 1 ? '1 tarea abierta' : `${d.abiertas} tareas abiertas`,
      d.vencen_hoy === 1 ? '1 vence hoy' : `${d.vencen_hoy} vencen hoy`,
      d.vencidas === 1 ? '1 vencida' : `${d.vencidas} vencidas`,
    ];
    return {
      usuarioUuid: d.usuario_uuid,
      tipo: 'resumen',
      titulo: N.digestTitle,
      mensaje: clip(`En sus áreas: ${parts[0]}, ${parts[1]} y ${parts[2]}.`),
      enviadoPor: null,
      tareaAsignadaUuid: null,
    };
  }
}
