import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationResponse, SERVER_EVENTS } from '@gestar/contracts';
import { EventsService } from '../events/events.service';
import { toNotificationResponse } from './notifications.mapper';
import { NotificationsRepository } from './notifications.repository';
import { PUSH_PORT, type PushPort } from './push.port';

export interface Delivery {
  destinatarios: number;
  push_enviadas: number;
}

/**
 * The one way a notification reaches people: stored in each recipient's inbox
 * (one transaction), then announced live over SSE, then pushed. Live and push
 * come after the commit and never undo it: their failures are only logged.
 */
@Injectable()
export class NotificationDelivery {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly ds: DataSource,
    private readonly repo: NotificationsRepository,
    private readonly events: EventsService,
    @Inject(PUSH_PORT) private readonly push: PushPort,
  ) {}

  async deliver(recipients: readonly string[], n: { titulo: string; mensaje: string; enviadoPor: string | null }): Promise<Delivery> {
    const unique = [...new Set(recipients)];
    if (!unique.length) return { destinatarios: 0, push_enviadas: 0 };
    const rows = await this.ds.transaction((em) => this.repo.insertMany(em, unique, n));
    for (const row of rows) {
      const data: NotificationResponse = toNotificationResponse(row);
      await this.events.publish({ type: SERVER_EVENTS.notification, data, audience: { userUuids: [row.usuario_uuid] } });
    }
    const push_enviadas = await this.pushTo(unique, n);
    return { destinatarios: rows.length, push_enviadas };
  }

  private async pushTo(recipients: readonly string[], n: { titulo: string; mensaje: string }): Promise<number> {
    if (!this.push.enabled) return 0;
    try {
      const tokens = await this.repo.tokensOf(recipients);
      if (!tokens.length) return 0;
      // One multicast for every recipient, so `data` carries nothing per-recipient; the page
      // matches a foreground push to its live event by title and message.
      const result = await this.push.sendToTokens(tokens, { titulo: n.titulo, mensaje: n.mensaje, data: { tipo: 'notificacion' } });
      if (result.invalidTokens.length) {
        await this.repo.deleteTokens(result.invalidTokens);
        this.logger.log(`${result.invalidTokens.length} tokens de dispositivo inválidos eliminados`);
      }
      return result.successCount;
    } catch (err) {
      this.logger.warn(`No se pudo enviar la notificación push: ${(err as Error).message}`);
      return 0;
    }
  }
}
