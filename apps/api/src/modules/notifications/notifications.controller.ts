import { Controller } from '@nestjs/common';
import {
  NOTIFICATIONS_ROUTES,
  NotificationListQuery,
  RegisterDeviceRequest,
  SendMassNotificationRequest,
  SendNotificationRequest,
  UuidParam,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Endpoint(NOTIFICATIONS_ROUTES.registerDevice)
  registerDevice(@CurrentUser() user: AuthUser, @ValidBody() body: RegisterDeviceRequest) {
    return this.notifications.registerDevice(user, body);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.send)
  send(@CurrentUser() user: AuthUser, @ValidBody() body: SendNotificationRequest) {
    return this.notifications.send(user, body);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.sendMass)
  sendMass(@CurrentUser() user: AuthUser, @ValidBody() body: SendMassNotificationRequest) {
    return this.notifications.sendMass(user, body);
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

  @Endpoint(NOTIFICATIONS_ROUTES.inbox)
  inbox(@CurrentUser() user: AuthUser, @ValidQuery() q: NotificationListQuery) {
    return this.notifications.inbox(user, q);
  }

  @Endpoint(NOTIFICATIONS_ROUTES.markRead)
  markRead(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.notifications.markRead(user, p.id);
  }
}
