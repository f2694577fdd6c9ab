import { z } from 'zod';
import { NotificationResponseSchema } from '../notifications/notifications.schemas';

/**
 * `GET /api/events` is a server-sent event stream. `EventSource` cannot send an Authorization
 * header, and a token in a URL ends up in logs: the browser first asks for a single-use ticket
 * (`POST /api/events/ticket`, valid for EVENT_TICKET_TTL_SECONDS) and opens `?ticket=`. A client
 * using fetch streaming sends the usual bearer header instead.
 */
export const EventsQuerySchema = z.object({ ticket: z.string().max(200).optional() });
export const EventTicketResponseSchema = z.object({ ticket: z.string().min(1), expira_en: z.string() });
export type EventTicketResponse = z.infer<typeof EventTicketResponseSchema>;
/** How long a stream ticket may wait before it is used (once). */
export const EVENT_TICKET_TTL_SECONDS = 30;

/** SSE `event:` names; the `data:` line is the JSON of the matching schema. */
export const SERVER_EVENTS = {
  /** A new inbox notification for the connected user: show a 'notification' toast. */
  notification: 'notification',
  /** Keep-alive sent about every 25 s so proxies keep the stream open; `data` is `{ at }`. */
  ping: 'ping',
  /**
   * An assigned task changed (created, status, archive, comment added/edited/deleted).
   * Sent to its employee and to whoever watches its area's assigned tasks:
   * invalidate the boards and that task's comments and history.
   */
  assignedTaskChanged: 'assigned-task.changed',
  /** A task definition changed (edited or deleted): invalidate task lists and boards showing it. */
  taskChanged: 'task.changed',
  /**
   * The person's timer or intervals changed (started, paused, finished, corrected, confirmed, paused
   * by the job): sent to that person; refresh the header's running timer and the time lists.
   */
  timeEntryChanged: 'time-entry.changed',
} as const;
export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

export const NotificationEventSchema = NotificationResponseSchema;

export const ASSIGNED_TASK_CHANGES = ['asignacion', 'estado', 'archivo', 'comentario', 'checklist'] as const;
export type AssignedTaskChange = (typeof ASSIGNED_TASK_CHANGES)[number];

export const AssignedTaskChangedEventSchema = z.object({
  uuid: z.uuid(),
  tarea_uuid: z.uuid(),
  empleado_uuid: z.uuid(),
  /** What changed, so a client can refresh only the comments or the history when that is all. */
  cambio: z.enum(ASSIGNED_TASK_CHANGES),
});
export type AssignedTaskChangedEvent = z.infer<typeof AssignedTaskChangedEventSchema>;

export const TaskChangedEventSchema = z.object({
  uuid: z.uuid(),
  area_uuid: z.uuid(),
  /** false when the task was deleted or deactivated. */
  activo: z.boolean(),
});
export type TaskChangedEvent = z.infer<typeof TaskChangedEventSchema>;

export const TimeEntryChangedEventSchema = z.object({
  usuario_uuid: z.uuid(),
  tarea_asignada_uuid: z.uuid(),
  /** Whether the person has a timer running after the change. */
  en_marcha: z.boolean(),
});
export type TimeEntryChangedEvent = z.infer<typeof TimeEntryChangedEventSchema>;
