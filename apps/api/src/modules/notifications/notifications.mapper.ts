import type { NotificationResponse } from '@gestar/contracts';
import type { NotificationRow } from './notifications.repository';

export function toNotificationResponse(row: NotificationRow): NotificationResponse {
  return {
    uuid: row.uuid,
    titulo: row.titulo,
    mensaje: row.mensaje,
    leida: row.leida,
    fecha_creacion: new Date(row.fecha_creacion).toISOString(),
    tarea_asignada_uuid: row.tarea_asignada_uuid ?? null,
  };
}
