import { Injectable, Logger } from '@nestjs/common';
import { MESSAGES, TEXT_LIMITS } from '@gestar/contracts';
import type { GeneratedOccurrence, OccurrenceNotifier } from '../scheduled-tasks/occurrence-notifier';
import { AfterCommit } from '../../database/after-commit';
import { NotificationDelivery } from './notification-delivery.service';

export interface AssignedNotice {
  /** Who got which new assigned task (already committed). */
  asignaciones: readonly { empleadoUuid: string; tareaAsignadaUuid: string }[];
  /** The task's title. */
  titulo: string;
  /** Who made the change; never notified about their own action. `null` for the scheduler. */
  actorUuid: string | null;
}

/**
 * Automatic notifications: an assignee is told when a task is assigned to them
 * or generated for them by a schedule, never the person who made the change.
 * Call after the commit; a failure is logged, never thrown, so the assignment stands.
 */
@Injectable()
export class AssignmentNotifier implements OccurrenceNotifier {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly delivery: NotificationDelivery,
    private readonly afterCommit: AfterCommit,
  ) {}

  /** Inside a request-wide transaction (an Idempotency-Key's) it waits for that commit. */
  notifyAssigned(notice: AssignedNotice): Promise<void> {
    return this.afterCommit.run(() => this.deliverAssigned(notice));
  }

  private async deliverAssigned(notice: AssignedNotice): Promise<void> {
    try {
      const mensaje = (MESSAGES.notifications.taskAssignedBody + notice.titulo).slice(0, TEXT_LIMITS.notificationMessage);
      await this.delivery.deliverEach(
        notice.asignaciones
          .filter((a) => a.empleadoUuid !== notice.actorUuid)
          .map((a) => ({
            usuarioUuid: a.empleadoUuid,
            tipo: 'asignacion',
            titulo: MESSAGES.notifications.taskAssignedTitle,
            mensaje,
            enviadoPor: notice.actorUuid,
            tareaAsignadaUuid: a.tareaAsignadaUuid,
          })),
        { activeOnly: true },
      );
    } catch (err) {
      this.logger.warn(`No se pudo notificar la asignación: ${(err as Error).message}`);
    }
  }

  /**
   * OccurrenceNotifier (scheduled-tasks): one notification per generated occurrence to
   * its (still active) assignee, all of a tick delivered together: one insert, batched
   * live events, one push per distinct message.
   */
  async notifyGenerated(occurrences: readonly GeneratedOccurrence[]): Promise<void> {
    if (!occurrences.length) return;
    try {
      await this.delivery.deliverEach(
        occurrences.map((o) => ({
          usuarioUuid: o.empleado_uuid,
          tipo: 'asignacion',
          titulo: MESSAGES.notifications.taskAssignedTitle,
          mensaje: (MESSAGES.notifications.taskGeneratedBody + o.titulo).slice(0, TEXT_LIMITS.notificationMessage),
          enviadoPor: null,
          tareaAsignadaUuid: o.uuid,
        })),
        { activeOnly: true },
      );
    } catch (err) {
      this.logger.warn(`No se pudo notificar la asignación: ${(err as Error).message}`);
    }
  }
}
