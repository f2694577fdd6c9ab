import type { SuggestionResponse, TaskResponse } from '@gestar/contracts';
import { toScheduleRef } from '../assigned-tasks/assigned-tasks.mapper';
import type { SuggestionEntity, TaskEntity } from './task.entity';

export function toSuggestionResponse(s: SuggestionEntity): SuggestionResponse {
  return {
    uuid: s.uuid,
    descripcion: s.descripcion,
    creado_por_uuid: s.creado_por_uuid,
    fecha_creacion: s.fecha_creacion.toISOString(),
  };
}

/** Needs tipo_tarea, area, creado_por, usuarios_tareas.usuario, programacion and sugerencias loaded. */
export function toTaskResponse(t: TaskEntity, timeZone: string): TaskResponse {
  const assignees = (t.usuarios_tareas ?? [])
    .filter((a) => a.usuario)
    .map((a) => ({ uuid: a.usuario.uuid, nombre: a.usuario.nombre, apellido: a.usuario.apellido }))
    .sort((a, b) => `${a.nombre} ${a.apellido}`.localeCompare(`${b.nombre} ${b.apellido}`, 'es'));
  const suggestions = [...(t.sugerencias ?? [])].sort(
    (a, b) => a.fecha_creacion.getTime() - b.fecha_creacion.getTime() || a.uuid.localeCompare(b.uuid),
  );
  return {
    uuid: t.uuid,
    titulo: t.titulo,
    descripcion: t.descripcion,
    tipo_tarea_uuid: t.tipo_tarea_uuid,
    tipo_tarea: { uuid: t.tipo_tarea.uuid, nombre: t.tipo_tarea.nombre },
    area_uuid: t.area_uuid,
    area: { uuid: t.area.uuid, nombre: t.area.nombre },
    activo: t.activo,
    creado_por: { uuid: t.creado_por.uuid, nombre: t.creado_por.nombre, apellido: t.creado_por.apellido },
    fecha_creacion: t.fecha_creacion.toISOString(),
    usuarios_tareas: assignees,
    programaciones_tareas: toScheduleRef(t.programacion, timeZone),
    sugerencias: suggestions.map(toSuggestionResponse),
  };
}
