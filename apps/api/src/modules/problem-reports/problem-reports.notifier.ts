import { Injectable, Logger } from '@nestjs/common';
import { MESSAGES, TEXT_LIMITS } from '@gestar/contracts';
import { AfterCommit } from '../../database/after-commit';
import { NotificationDelivery } from '../notifications/notification-delivery.service';

export interface ReportNotice {
  recipients: readonly string[];
  titulo: string;
  mensaje: string;
  /** Who acted: never told of their own action. */
  actorUuid: string | null;
}

/**
 * The reports' notices, through the one delivery (inbox, live, push and e-mail as each person
 * chose for the kind `solicitud`). After the commit; a failure is logged, never thrown.
 */
@Injectable()
export class ProblemReportsNotifier {
  private readonly logger = new Logger('Solicitudes');

  constructor(
    private readonly delivery: NotificationDelivery,
    private readonly afterCommit: AfterCommit,
  ) {}

  notify(notices: readonly ReportNotice[]): Promise<void> {
    return this.afterCommit.run(async () => {
      try {
        await this.delivery.deliverEach(
          notices.flatMap((n) =>
            [...new Set(n.recipients)]
              .filter((u) => u !== n.actorUuid)
              .map((usuarioUuid) => ({
                usuarioUuid,
                tipo: 'solicitud' as const,
                titulo: n.titulo,
                mensaje: n.mensaje.slice(0, TEXT_LIMITS.notificationMessage),
                enviadoPor: n.actorUuid,
              })),
          ),
          { activeOnly: true },
        );
      } catch (err) {
        this.logger.warn(`${MESSAGES.problemReports.newTitle}: no se pudo avisar (${(err as Error).message})`);
      }
    });
  }
}
