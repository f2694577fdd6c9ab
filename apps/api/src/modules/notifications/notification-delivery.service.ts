import { Inject, Injectable, Logger } from '@nestjs/common';
import { NotificationResponse, SERVER_EVENTS } from '@gestar/contracts';
import { EventsService } from '../events/events.service';
import { toNotificationResponse } from './notifications.mapper';
import { NotificationItem, NotificationRow, NotificationsRepository } from './notifications.repository';
import { PUSH_PORT, type PushPort } from './push.port';

export interface Delivery {
  destinatarios: number;
  push_enviadas: number;
}

/** Push multicasts in flight at once when many different messages go out together (a scheduler tick). */
const PUSH_CONCURRENCY = 4;

/** One push message and everyone who gets it. */
interface PushGroup {
  titulo: string;
  mensaje: string;
  recipients: readonly string[];
}

/**
 * The one way a notification reaches people: stored in each recipient's inbox
 * (one statement), then announced live over SSE, then pushed. Live and push
 * come after the commit and never undo it: their failures are only logged.
 */
@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly repo: NotificationsRepository,
    private readonly events: EventsService,
    @Inject(PUSH_PORT) private readonly push: PushPort,
  ) {}

  async deliver(
    recipients: readonly string[],
    n: { titulo: string; mensaje: string; enviadoPor: string | null },
  ): Promise<Delivery> {
    const unique = [...new Set(recipients)];
    if (!unique.length) return { destinatarios: 0, push_enviadas: 0 };
    const rows = await this.repo.insertMany(unique, n);
    await this.announce(rows);
    const push_enviadas = await this.pushEach([{ titulo: n.titulo, mensaje: n.mensaje, recipients: unique }]);
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
    const stored = new Set(rows.map((r) => r.usuario_uuid));
    const groups = new Map<string, { titulo: string; mensaje: string; recipients: Set<string> }>();
    for (const i of items) {
      if (!stored.has(i.usuarioUuid)) continue;
      const key = JSON.stringify([i.titulo, i.mensaje]);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { titulo: i.titulo, mensaje: i.mensaje, recipients: new Set() }));
      g.recipients.add(i.usuarioUuid);
    }
    const push_enviadas = await this.pushEach(
      [...groups.values()].map((g) => ({ ...g, recipients: [...g.recipients] })),
    );
    return { destinatarios: rows.length, push_enviadas };
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

  /** Several push messages, each to the devices of its own recipients: the devices are read in one query. */
  private async pushEach(groups: readonly PushGroup[]): Promise<number> {
    if (!this.push.enabled) return 0;
    try {
      const devices = await this.repo.tokensByUser([...new Set(groups.flatMap((g) => g.recipients))]);
      const tokensOf = new Map<string, string[]>();
      for (const d of devices) tokensOf.set(d.usuario_uuid, [...(tokensOf.get(d.usuario_uuid) ?? []), d.token]);
      return await this.send(
        groups.map((g) => ({
          titulo: g.titulo,
          mensaje: g.mensaje,
          tokens: g.recipients.flatMap((r) => tokensOf.get(r) ?? []),
        })),
      );
    } catch (err) {
      this.logger.warn(`No se pudo enviar la notificación push: ${(err as Error).message}`);
      return 0;
    }
  }

  /** Sends each message (a few at a time), then forgets the tokens the push service reports invalid. */
  private async send(
    messages: readonly { titulo: string; mensaje: string; tokens: readonly string[] }[],
  ): Promise<number> {
    const sends = messages.filter((m) => m.tokens.length);
    if (!sends.length) return 0;
    let sent = 0;
    const invalid: string[] = [];
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < sends.length) {
        const m = sends[next++];
        try {
          // One multicast for every recipient, so `data` carries nothing per-recipient; the page
          // matches a foreground push to its live event by title and message.
          const result = await this.push.sendToTokens(m.tokens, {
            titulo: m.titulo,
            mensaje: m.mensaje,
            data: { tipo: 'notificacion' },
          });
          sent += result.successCount;
          invalid.push(...result.invalidTokens);
        } catch (err) {
          this.logger.warn(`No se pudo enviar la notificación push: ${(err as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, sends.length) }, worker));
    if (invalid.length) {
      const unique = [...new Set(invalid)];
      await this.repo.deleteTokens(unique);
      this.logger.log(`${unique.length} tokens de dispositivo inválidos eliminados`);
    }
    return sent;
  }
}
