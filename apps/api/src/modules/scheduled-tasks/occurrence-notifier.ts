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
 * Injection token of the notifier. NotificationsModule provides it (the AssignmentNotifier, which
 * stores each assignee's notification and pushes it) and exports it; the scheduled-tasks module
 * imports NotificationsModule and the generator injects it.
 */
export const OCCURRENCE_NOTIFIER = Symbol('OCCURRENCE_NOTIFIER');
