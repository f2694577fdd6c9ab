import { companyMidnightIso } from '@gestar/contracts';
import { types } from 'pg';
import type { SuggestionResponse, TaskResponse } from '@gestar/contracts';
import { compareEs } from '../../common/text/compare-es';
import type { SuggestionRow, TaskListRow } from './tasks.repository';
import { toSeriesResponse } from '../scheduled-tasks/scheduled-tasks.mapper';

/** node-pg's own timestamptz parser: a date read from JSON text becomes the same Date a column would. */
const parseTimestamptz: (text: string) => Date = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text');

export function toSuggestionResponse(s: SuggestionRow): SuggestionResponse {
  return {
    uuid: s.uuid,
    descripcion: s.descripcion,
    creado_por_uuid: s.creado_por_uuid,
    fecha_creacion: s.fecha_creacion.toISOString(),
  };
}

/** A task row (see `TaskListRow`) -> the task response of SPEC section 3. */
export function toTaskResponse(t: TaskListRow, timeZone: string): TaskResponse {
  const assignees = (t.asignados ?? [])
    .map((u) => ({ uuid: u.uuid, nombre: u.nombre, apellido: u.apellido, key: `${u.nombre} ${u.apellido}` }))
    .sort((a, b) => compareEs(a.key, b.key))
    .map((u) => ({ uuid: u.uuid, nombre: u.nombre, apellido: u.apellido }));
  const suggestions = (t.sugerencias ?? [])
    .map((s) => ({ ...s, at: parseTimestamptz(s.fecha_creacion) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.uuid.localeCompare(b.uuid))
    .map((s) => ({
      uuid: s.uuid,
      descripcion: s.descripcion,
      creado_por_uuid: s.creado_por_uuid,
      fecha_creacion: s.at.toISOString(),
    }));
  const p = t.programacion;
  return {
    uuid: t.uuid,
    titulo: t.titulo,
    descripcion: t.descripcion,
    tipo_tarea_uuid: t.tipo_tarea_uuid,
    tipo_tarea: { uuid: t.tipo_tarea_uuid, nombre: t.tipo_tarea_nombre },
    area_uuid: t.area_uuid,
    area: { uuid: t.area_uuid, nombre: t.area_nombre },
    equipo: t.equipo,
    activo: t.activo,
    creado_por: { uuid: t.creado_por_uuid, nombre: t.creado_por_nombre, apellido: t.creado_por_apellido },
    fecha_creacion: t.fecha_creacion.toISOString(),
    usuarios_tareas: assignees,
    programaciones_tareas: p
      ? {
          uuid: p.uuid,
          intervalo_repeticion: p.intervalo_repeticion,
          proxima_ejecucion: companyMidnightIso(p.proxima_ejecucion, timeZone)!,
          activo: p.activo,
          ...toSeriesResponse(p, timeZone),
        }
      : null,
    sugerencias: suggestions,
    checklist: (t.checklist ?? []).map((c) => ({ ...c, minutos_estimados: c.minutos_estimados ?? null })),
    minutos_estimados: t.minutos_estimados ?? null,
  };
}
