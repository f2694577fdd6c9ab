import type {
  AssignedTaskHistoryEntry,
  AssignedTaskResponse,
  CommentResponse,
  TaskScheduleRef,
} from '@gestar/contracts';
import { companyDateOf, companyDateToIso } from '../../common/time/company-date';
import type { ScheduleEntity } from '../scheduled-tasks/schedule.entity';
import type { AssignedTaskEntity, AssignedTaskHistoryEntity, CommentEntity } from './assigned-task.entity';

/** History rows written by the scheduler have no user. */
const SYSTEM_AUTHOR = { nombre: 'Sistema', apellido: '' };

export function toScheduleRef(s: ScheduleEntity | null | undefined, timeZone: string): TaskScheduleRef | null {
  if (!s) return null;
  return {
    uuid: s.uuid,
    intervalo_repeticion: s.intervalo_repeticion,
    proxima_ejecucion: companyDateToIso(s.proxima_ejecucion, timeZone)!,
    activo: s.activo,
  };
}

export function toHistoryEntry(h: AssignedTaskHistoryEntity): AssignedTaskHistoryEntry {
  return {
    uuid: h.uuid,
    tipo: h.tipo,
    detalle: h.detalle,
    usuario: h.usuario ? { nombre: h.usuario.nombre, apellido: h.usuario.apellido } : SYSTEM_AUTHOR,
    fecha: h.fecha.toISOString(),
  };
}

/** Needs estado, empleado and tarea (tipo_tarea, area, programacion) loaded. */
export function toAssignedTaskResponse(
  a: AssignedTaskEntity,
  timeZone: string,
  historial?: AssignedTaskHistoryEntity[],
): AssignedTaskResponse {
  const due = a.fecha_vencimiento ?? companyDateOf(a.fecha_asignacion, timeZone);
  return {
    uuid: a.uuid,
    estado_uuid: a.estado_uuid,
    estado: { uuid: a.estado.uuid, nombre: a.estado.nombre, color: a.estado.color, order: a.estado.order },
    fecha_vencimiento: companyDateToIso(due, timeZone)!,
    fecha_asignacion: a.fecha_asignacion.toISOString(),
    empleado: {
      uuid: a.empleado.uuid,
      nombre: a.empleado.nombre,
      apellido: a.empleado.apellido,
      username: a.empleado.username,
    },
    tarea: {
      uuid: a.tarea.uuid,
      titulo: a.tarea.titulo,
      descripcion: a.tarea.descripcion,
      tipo_tarea: { uuid: a.tarea.tipo_tarea.uuid, nombre: a.tarea.tipo_tarea.nombre },
      area: { uuid: a.tarea.area.uuid, nombre: a.tarea.area.nombre },
      programaciones_tareas: toScheduleRef(a.tarea.programacion, timeZone),
    },
    archivada: a.archivada,
    calificacion: a.calificacion,
    observaciones: a.observaciones,
    ...(historial ? { historial: historial.map(toHistoryEntry) } : {}),
  };
}

export function toCommentResponse(c: CommentEntity): CommentResponse {
  return {
    uuid: c.uuid,
    texto: c.texto,
    usuario: { nombre: c.usuario.nombre, apellido: c.usuario.apellido },
    usuario_uuid: c.usuario_uuid,
    fecha_creacion: c.fecha_creacion.toISOString(),
  };
}
