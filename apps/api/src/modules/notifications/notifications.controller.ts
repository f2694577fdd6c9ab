import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AuditService } from '../../common/audit/audit.service';
import {
  DeliveryListQuery,
  NotificationPreferencesRequest,
  NOTIFICATIONS_ROUTES,
  NotificationListQuery,
  RegisterDeviceRequest,
  SendMassNotificationRequest,
  SendNotificationRequest,
  TestNotificationRequest,
  UuidParam,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import { NotificationDelivery } from './notification-delivery.service';
import { NotificationChannelsService } from './notification-channels.service';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly channels: NotificationChannelsService,
    private readonly delivery: NotificationDelivery,
    private readonly audit: AuditService,
  ) {}

  @Endpoint(NOTIFICATIONS_ROUTES.registerDevice)
  registerDevice(@CurrentUser() user: AuthUser, @ValidBody() body: RegisterDeviceRequest) {
    return this.notifications.registerDevice(user, body);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.send)
  async send(@CurrentUser() user: AuthUser, @ValidBody() body: SendNotificationRequest, @Req() req: Request) {
    const result = await this.notifications.send(user, body);
    await this.audit.by(user, req.ip, {
      accion: 'notificar',
      recurso: 'notificacion',
      recursoUuid: body.usuario_uuid,
      detalle: { titulo: body.titulo, destinatarios: result.destinatarios },
    });
    return result;
  }

  @Endpoint(NOTIFICATIONS_ROUTES.sendMass)
  async sendMass(@CurrentUser() user: AuthUser, @ValidBody() body: SendMassNotificationRequest, @Req() req: Request) {
    const result = await this.notifications.sendMass(user, body);
    await this.audit.by(user, req.ip, {
      accion: 'notificar',
      recurso: 'notificacion',
      detalle: { titulo: body.titulo, masiva: true, destinatarios: result.destinatarios },
    });
    return result;
  }

  @Endpoint(NOTIFICATIONS_ROUTES.massRecipients)
  massRecipients(@CurrentUser() user: AuthUser) {
    return this.notifications.massRecipients(user);
  }

  // Static paths before `:id`.
  @Endpoint(NOTIFICATIONS_ROUTES.unreadCount)
  unreadCount(@CurrentUser() user: AuthUser) {
    return this.notifications.unreadCount(user);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.markAllRead)
  markAllRead(@CurrentUser() user: AuthUser) {
    return this.notifications.markAllRead(user);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.preferences)
  getPreferences(@CurrentUser() user: AuthUser) {
    return this.channels.get(user.uuid);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.updatePreferences)
  updatePreferences(@CurrentUser() user: AuthUser, @ValidBody() body: NotificationPreferencesRequest) {
    return this.channels.save(user.uuid, body);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.deliveries)
  deliveries(@ValidQuery() q: DeliveryListQuery) {
    return this.channels.list(q);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.sendTest)
  sendTest(@CurrentUser() user: AuthUser, @ValidBody() body: TestNotificationRequest) {
    return this.delivery.sendTest(user.uuid, body);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.inbox)
  inbox(@CurrentUser() user: AuthUser, @ValidQuery() q: NotificationListQuery) {
    return this.notifications.inbox(user, q);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.markRead)
  markRead(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.notifications.markRead(user, p.id);
  }
}
