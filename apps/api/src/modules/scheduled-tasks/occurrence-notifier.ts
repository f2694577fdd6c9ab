import { Injectable, Logger } from '@nestjs/common';

/** One assigned task the scheduler produced (already committed). */
export interface GeneratedOccurrence {
  /** The assigned task (tareas_asignadas.uuid). */
  uuid: string;
  programacion_uuid: string;
  tarea_uuid: string;
  titulo: string;
  area_uuid: string;
  empleado_uuid: string;
  /** Occurrence date, `YYYY-MM-DD` in the company time zone. */
  fecha_ocurrencia: string;
  /** Due date, `YYYY-MM-DD` in the company time zone. */
  fecha_vencimiento: string;
}

/** Tells each assignee about the tasks the scheduler just produced for them. */
export interface OccurrenceNotifier {
  notifyGenerated(occurrences: readonly GeneratedOccurrence[]): Promise<void>;
}

/**
 * Injection token of the notifier. The scheduled-tasks module imports
 * NotificationsModule and injects this token as optional; to deliver real
 * notifications, NotificationsModule provides and exports it, e.g.
 * `providers: [{ provide: OCCURRENCE_NOTIFIER, useExisting: NotificationsService }],
 *  exports: [OCCURRENCE_NOTIFIER]`. Until then LoggingOccurrenceNotifier is used.
 */
export const OCCURRENCE_NOTIFIER = Symbol('OCCURRENCE_NOTIFIER');

/** The default: no notification channel yet, so only a log line per tick. */
@Injectable()
export class LoggingOccurrenceNotifier implements OccurrenceNotifier {
  private readonly logger = new Logger('Scheduler');

  notifyGenerated(occurrences: readonly GeneratedOccurrence[]): Promise<void> {
    if (occurrences.length) this.logger.log(`${occurrences.length} tareas generadas por programaciones (sin canal de notificación configurado)`);
    return Promise.resolve();
  }
}
