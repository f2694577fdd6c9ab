import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_CHOICES,
  DELIVERY_SKIP_REASONS,
  MESSAGES,
  NOTIFICATION_KINDS,
  NotificationKind,
  NotificationResponse,
  SERVER_EVENTS,
  TestNotificationRequest,
  TestNotificationResponse,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { EventsService } from '../events/events.service';
import { DeliveriesRepository, DeliveryInsert, PreferencesRow } from './deliveries.repository';
import { MailOutbox } from './mail-outbox.service';
import { MAIL_PORT, type MailPort } from './mail.port';
import { toNotificationResponse } from './notifications.mapper';
import { NotificationItem, NotificationRow, NotificationsRepository } from './notifications.repository';

/** One notification to deliver (other modules build these: reminders, assignments). */
export type { NotificationItem };
import { PUSH_PORT, type PushPort } from './push.port';

export interface Delivery {
  destinatarios: number;
  push_enviadas: number;
}

/** Push multicasts in flight at once when many different messages go out together (a scheduler tick). */
const PUSH_CONCURRENCY = 4;

/** One push message and the inbox rows (recipients) it goes to. */
interface PushGroup {
  titulo: string;
  mensaje: string;
  rows: NotificationRow[];
}

type Outcome = Pick<DeliveryInsert, 'estado' | 'motivo'>;

/** A person's choices as sets, with their quiet hours (defaults when they never chose). */
interface Choices {
  push: ReadonlySet<string>;
  email: ReadonlySet<string>;
  correo: string | null;
  quiet: boolean;
}

const DEFAULT_PUSH = NOTIFICATION_KINDS.filter((k) => DEFAULT_NOTIFICATION_CHOICES[k].push);
const DEFAULT_EMAIL = NOTIFICATION_KINDS.filter((k) => DEFAULT_NOTIFICATION_CHOICES[k].email);

/** The stored row, or the defaults of someone who never chose. */
export function preferencesOrDefault(usuarioUuid: string, row: PreferencesRow | undefined | null): PreferencesRow {
  return (
    row ?? {
      usuario_uuid: usuarioUuid,
      correo: null,
      push: [...DEFAULT_PUSH],
      email: [...DEFAULT_EMAIL],
      silencio_desde: null,
      silencio_hasta: null,
    }
  );
}

/** True when `clock` (`HH:MM`) falls in [desde, hasta), which may cross midnight. */
export function inQuietHours(clock: string, desde: string | null, hasta: string | null): boolean {
  if (!desde || !hasta) return false;
  return desde < hasta ? clock >= desde && clock < hasta : clock >= desde || clock < hasta;
}

/**
 * The one way a notification reaches people: stored in each recipient's inbox
 * (one statement), then announced live over SSE, then by push and e-mail as each person
 * chose for that kind (and not in their quiet hours). Push goes at once; e-mail is queued in
 * the delivery log and sent by the mail outbox, so a slow or failing SMTP server never holds
 * the caller. Each push and e-mail delivery is logged (sent, failed with the reason, or
 * skipped with why) for the channels the server has. All of it comes after the commit and
 * never undoes it: failures are only logged.
 */
@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly events: EventsService,
    private readonly outbox: MailOutbox,
    @Inject(PUSH_PORT) private readonly push: PushPort,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Which optional channels the server can send through. */
  get serverChannels(): { push: boolean; email: boolean } {
    return { push: this.push.enabled, email: this.mail.enabled };
  }

  async deliver(
    recipients: readonly string[],
    n: { titulo: string; mensaje: string; enviadoPor: string | null; tipo?: NotificationKind },
  ): Promise<Delivery> {
    const unique = [...new Set(recipients)];
    if (!unique.length) return { destinatarios: 0, push_enviadas: 0 };
    const rows = await this.repo.insertMany(unique, n);
    await this.announce(rows);
    const push_enviadas = await this.fanOut(rows);
    return { destinatarios: rows.length, push_enviadas };
  }

  /**
   * Many notifications, each with its own recipient and text (the tasks a scheduler tick
   * generated): one insert (a single statement: atomic without a transaction), live events
   * in batches, one push multicast per distinct message. With `activeOnly`, inactive
   * recipients are skipped.
   */
  async deliverEach(items: readonly NotificationItem[], opts: { activeOnly?: boolean } = {}): Promise<Delivery> {
    if (!items.length) return { destinatarios: 0, push_enviadas: 0 };
    const rows = await this.repo.insertEach(items, opts.activeOnly ?? false);
    await this.announce(rows);
    const push_enviadas = await this.fanOut(rows);
    return { destinatarios: rows.length, push_enviadas };
  }

  /**
   * The test an administrator sends to themselves on one channel, whatever their choices and
   * quiet hours: stored in the inbox (the `app` channel), and for push and e-mail sent now and
   * logged; answers how it went.
   */
  async sendTest(usuarioUuid: string, body: TestNotificationRequest): Promise<TestNotificationResponse> {
    const N = MESSAGES.notifications;
    const [row] = await this.repo.insertMany([usuarioUuid], { titulo: N.testTitle, mensaje: N.testBody, enviadoPor: usuarioUuid, tipo: 'prueba' });
    await this.announce([row]);
    if (body.canal === 'app') return { canal: 'app', estado: 'enviada', motivo: null };
    if (body.canal === 'push') {
      const outcome = this.push.enabled
        ? ((await this.pushRows([row])).get(row.uuid) ?? { estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.noDevice })
        : ({ estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.pushOff } as const);
      await this.deliveries.insertMany([{ ...this.logOf(row, 'push', outcome) }]);
      return { canal: 'push', ...outcome };
    }
    const prefs = preferencesOrDefault(usuarioUuid, (await this.deliveries.preferencesOf([usuarioUuid]))[0]);
    if (!this.mail.enabled || !prefs.correo) {
      const outcome: Outcome = { estado: 'omitida', motivo: this.mail.enabled ? DELIVERY_SKIP_REASONS.noAddress : DELIVERY_SKIP_REASONS.emailOff };
      await this.deliveries.insertMany([this.logOf(row, 'email', outcome)]);
      return { canal: 'email', estado: outcome.estado, motivo: outcome.motivo };
    }
    const [uuid] = await this.deliveries.insertMany([this.mailOf(row, prefs.correo)]);
    await this.outbox.flush();
    const logged = await this.deliveries.find(uuid);
    return { canal: 'email', estado: logged?.estado ?? 'pendiente', motivo: logged?.motivo ?? null };
  }

  /** One live event per inbox row, published together (the events service batches the NOTIFYs). */
  private async announce(rows: readonly NotificationRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) => {
        const data: NotificationResponse = toNotificationResponse(row);
        return this.events.publish({
          type: SERVER_EVENTS.notification,
          data,
          audience: { userUuids: [row.usuario_uuid] },
        });
      }),
    );
  }

  /**
   * Push and e-mail for freshly stored inbox rows, as each recipient chose for the row's kind.
   * Answers how many push messages the push service accepted. Never throws.
   */
  private async fanOut(rows: readonly NotificationRow[]): Promise<number> {
    if (!rows.length || (!this.push.enabled && !this.mail.enabled)) return 0;
    try {
      const users = [...new Set(rows.map((r) => r.usuario_uuid))];
      const stored = new Map((await this.deliveries.preferencesOf(users)).map((p) => [p.usuario_uuid, p]));
      const clock = clockIn(this.config.timezone, new Date());
      const choicesOf = new Map<string, Choices>();
      for (const u of users) {
        const p = preferencesOrDefault(u, stored.get(u));
        choicesOf.set(u, { push: new Set(p.push), email: new Set(p.email), correo: p.correo, quiet: inQuietHours(clock, p.silencio_desde, p.silencio_hasta) });
      }
      const log: DeliveryInsert[] = [];
      const toPush: NotificationRow[] = [];
      for (const row of rows) {
        const c = choicesOf.get(row.usuario_uuid)!;
        if (this.push.enabled) {
          const skip = !c.push.has(row.tipo) ? DELIVERY_SKIP_REASONS.channelOff : c.quiet ? DELIVERY_SKIP_REASONS.quietHours : null;
          if (skip) log.push(this.logOf(row, 'push', { estado: 'omitida', motivo: skip }));
          else toPush.push(row);
        }
        if (this.mail.enabled) {
          const skip = !c.email.has(row.tipo)
            ? DELIVERY_SKIP_REASONS.channelOff
            : !c.correo
              ? DELIVERY_SKIP_REASONS.noAddress
              : c.quiet
                ? DELIVERY_SKIP_REASONS.quietHours
                : null;
          log.push(skip || !c.correo ? this.logOf(row, 'email', { estado: 'omitida', motivo: skip }) : this.mailOf(row, c.correo));
        }
      }
      const pushed = await this.pushRows(toPush);
      let accepted = 0;
      for (const row of toPush) {
        const outcome = pushed.get(row.uuid) ?? { estado: 'omitida', motivo: DELIVERY_SKIP_REASONS.noDevice };
        if (outcome.estado === 'enviada') accepted++;
        log.push(this.logOf(row, 'push', outcome));
      }
      await this.deliveries.insertMany(log);
      if (log.some((l) => l.canal === 'email' && l.estado === 'pendiente')) this.outbox.kick();
      return accepted;
    } catch (err) {
      this.logger.warn(`No se pudieron enviar los avisos por push o correo: ${(err as Error).message}`);
      return 0;
    }
  }

  private logOf(row: NotificationRow, canal: 'push' | 'email', o: Outcome): DeliveryInsert {
    return { notificacionUuid: row.uuid, usuarioUuid: row.usuario_uuid, canal, estado: o.estado, motivo: o.motivo, destino: null, proximoIntento: null, intentos: o.estado === 'omitida' ? 0 : 1 };
  }

  /** An e-mail waiting for the outbox, due now. */
  private mailOf(row: NotificationRow, correo: string): DeliveryInsert {
    return { notificacionUuid: row.uuid, usuarioUuid: row.usuario_uuid, canal: 'email', estado: 'pendiente', motivo: null, destino: correo, proximoIntento: new Date(), intentos: 0 };
  }

  /**
   * Push for each row to its recipient's devices: one multicast per distinct message (a few at a
   * time), tokens read in one query; tokens the push service says are dead are forgotten. Answers
   * each row's outcome: sent when at least one device took it, failed with the reason when none
   * did; rows whose recipient has no device are left out.
   */
  private async pushRows(rows: readonly NotificationRow[]): Promise<Map<string, Outcome>> {
    const outcomes = new Map<string, Outcome>();
    if (!rows.length) return outcomes;
    const devices = await this.repo.tokensByUser([...new Set(rows.map((r) => r.usuario_uuid))]);
    const tokensOf = new Map<string, string[]>();
    for (const d of devices) tokensOf.set(d.usuario_uuid, [...(tokensOf.get(d.usuario_uuid) ?? []), d.token]);
    const groups = new Map<string, PushGroup>();
    for (const row of rows) {
      if (!tokensOf.has(row.usuario_uuid)) continue;
      const key = JSON.stringify([row.titulo, row.mensaje]);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { titulo: row.titulo, mensaje: row.mensaje, rows: [] }));
      g.rows.push(row);
    }
    const failed = new Map<string, string>();
    const invalid: string[] = [];
    const sends = [...groups.values()];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < sends.length) {
        const g = sends[next++];
        const tokens = g.rows.flatMap((r) => tokensOf.get(r.usuario_uuid) ?? []);
        try {
          // One multicast for every recipient, so `data` carries nothing per-recipient; the page
          // matches a foreground push to its live event by title and message.
          const result = await this.push.sendToTokens(tokens, { titulo: g.titulo, mensaje: g.mensaje, data: { tipo: 'notificacion' } });
          for (const f of result.failures ?? []) failed.set(f.token, f.reason);
          for (const t of result.invalidTokens) if (!failed.has(t)) failed.set(t, 'FCM no lo entregó: el dispositivo ya no está registrado');
          invalid.push(...result.invalidTokens);
        } catch (err) {
          this.logger.warn(`No se pudo enviar la notificación push: ${(err as Error).message}`);
          for (const t of tokens) failed.set(t, `No se pudo enviar: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, sends.length) }, worker));
    for (const row of rows) {
      const tokens = tokensOf.get(row.usuario_uuid);
      if (!tokens) continue;
      const reached = tokens.some((t) => !failed.has(t));
      outcomes.set(row.uuid, reached ? { estado: 'enviada', motivo: null } : { estado: 'fallida', motivo: failed.get(tokens[0]) ?? null });
    }
    if (invalid.length) {
      const unique = [...new Set(invalid)];
      await this.repo.deleteTokens(unique);
      this.logger.log(`${unique.length} tokens de dispositivo inválidos eliminados`);
    }
    return outcomes;
  }
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** `HH:MM` of `at` in the time zone. */
export function clockIn(timeZone: string, at: Date): string {
  let f = clocks.get(timeZone);
  if (!f) clocks.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return f.format(at);
}
