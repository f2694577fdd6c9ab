import { Injectable } from '@nestjs/common';
import {
  MarkAllReadResponse,
  MassRecipientsResponse,
  MESSAGES,
  NotificationListQuery,
  NotificationListResponse,
  NotificationResponse,
  RegisterDeviceRequest,
  SendMassNotificationRequest,
  SendNotificationRequest,
  SendNotificationResponse,
  UnreadCountResponse,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { anyInScope, areaScope, scopeAreas } from '../../common/access/access';
import { badRequest, forbidden, notFound } from '../../common/http/app-exception';
import { NotificationDelivery } from './notification-delivery.service';
import { toNotificationResponse } from './notifications.mapper';
import { NotificationsRepository } from './notifications.repository';
import { pageMeta } from '../../database/sql';

@Injectable()
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly delivery: NotificationDelivery,
  ) {}

  /** A browser registers its token for its own user only; the same token again is an update, not a duplicate. */
  async registerDevice(caller: AuthUser, body: RegisterDeviceRequest): Promise<{ ok: true }> {
    if (body.usuario_uuid !== caller.uuid) throw forbidden(MESSAGES.errors.deviceNotOwn);
    await this.repo.upsertDevice(caller.uuid, body.token, body.plataforma);
    return { ok: true };
  }

  /** To one active user; a caller confined to its areas reaches only users sharing one of them. */
  async send(caller: AuthUser, body: SendNotificationRequest): Promise<SendNotificationResponse> {
    const recipient = await this.repo.findRecipient(body.usuario_uuid);
    if (!recipient) throw notFound(MESSAGES.errors.userGone);
    if (!anyInScope(areaScope(caller), recipient.area_uuids)) throw forbidden(MESSAGES.errors.noAccessUser);
    if (!recipient.activo) throw badRequest(MESSAGES.errors.userInactive);
    const d = await this.delivery.deliver([recipient.uuid], {
      titulo: body.titulo,
      mensaje: body.mensaje,
      enviadoPor: caller.uuid,
    });
    return { ok: true, ...d };
  }

  /** Who a mass send reaches: every active user in the caller's scope (everyone with read:all:areas, else its areas). */
  private massRecipientUuids(caller: AuthUser): Promise<string[]> {
    return this.repo.activeUsers(scopeAreas(areaScope(caller)));
  }

  /** How many a mass send would reach now: the screen asks before sending to everyone. */
  async massRecipients(caller: AuthUser): Promise<MassRecipientsResponse> {
    return { destinatarios: (await this.massRecipientUuids(caller)).length };
  }

  /** To every active user in the caller's scope (everyone with read:all:areas, else its areas). */
  async sendMass(caller: AuthUser, body: SendMassNotificationRequest): Promise<SendNotificationResponse> {
    const recipients = await this.massRecipientUuids(caller);
    const d = await this.delivery.deliver(recipients, {
      titulo: body.titulo,
      mensaje: body.mensaje,
      enviadoPor: caller.uuid,
    });
    return { ok: true, ...d };
  }

  async inbox(caller: AuthUser, q: NotificationListQuery): Promise<NotificationListResponse> {
    const { rows, total } = await this.repo.inbox(caller.uuid, q);
    return {
      data: rows.map(toNotificationResponse),
      meta: pageMeta(q, total),
    };
  }

  async unreadCount(caller: AuthUser): Promise<UnreadCountResponse> {
    return { no_leidas: await this.repo.unreadCount(caller.uuid) };
  }

  async markRead(caller: AuthUser, uuid: string): Promise<NotificationResponse> {
    const row = await this.repo.markRead(uuid, caller.uuid);
    if (!row) throw notFound(MESSAGES.errors.notificationGone);
    return toNotificationResponse(row);
  }

  async markAllRead(caller: AuthUser): Promise<MarkAllReadResponse> {
    return { ok: true, actualizadas: await this.repo.markAllRead(caller.uuid) };
  }
}
