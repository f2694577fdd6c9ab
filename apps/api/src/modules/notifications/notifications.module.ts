import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { OCCURRENCE_NOTIFIER } from '../scheduled-tasks/occurrence-notifier';
import { AssignmentNotifier } from './assignment-notifier.service';
import { createFirebaseMessaging, FirebasePushAdapter } from './firebase-push.adapter';
import { DeliveriesRepository } from './deliveries.repository';
import { MailOutbox } from './mail-outbox.service';
import { MAIL_PORT, mailPortFor } from './mail.port';
import { NotificationDelivery } from './notification-delivery.service';
import { NotificationChannelsService } from './notification-channels.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NoopPushAdapter, PUSH_PORT, PushPort } from './push.port';

/** Firebase when a service account is configured; otherwise push is off (said once) and the rest works. */
async function pushPortFor(config: AppConfig): Promise<PushPort> {
  const logger = new Logger('Push');
  if (!config.firebaseServiceAccount) {
    logger.log('Notificaciones push desactivadas: FIREBASE_SERVICE_ACCOUNT no está configurada');
    return new NoopPushAdapter();
  }
  try {
    return new FirebasePushAdapter(await createFirebaseMessaging(config.firebaseServiceAccount));
  } catch (err) {
    // A broken credential must not keep the API down: inbox and live delivery still work.
    logger.error(`Notificaciones push desactivadas: FIREBASE_SERVICE_ACCOUNT no es válida (${(err as Error).message})`);
    return new NoopPushAdapter();
  }
}

/**
 * Inbox, sends, device registration, automatic notifications, each person's channels and
 * quiet hours, e-mail (SMTP_URL) and the delivery log. Exports
 * `AssignmentNotifier` (tasks call `notifyAssigned`) and provides the
 * scheduler's OCCURRENCE_NOTIFIER hook.
 */
@Module({
  controllers: [NotificationsController],
  providers: [
    NotificationsRepository,
    DeliveriesRepository,
    NotificationsService,
    NotificationChannelsService,
    NotificationDelivery,
    MailOutbox,
    { provide: MAIL_PORT, inject: [APP_CONFIG], useFactory: mailPortFor },
    AssignmentNotifier,
    { provide: PUSH_PORT, inject: [APP_CONFIG], useFactory: pushPortFor },
    { provide: OCCURRENCE_NOTIFIER, useExisting: AssignmentNotifier },
  ],
  exports: [AssignmentNotifier, OCCURRENCE_NOTIFIER, NotificationDelivery, NotificationChannelsService],
})
export class NotificationsModule {}
