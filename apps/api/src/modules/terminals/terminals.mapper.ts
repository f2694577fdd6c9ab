import type { TerminalPerson, TerminalResponse, WallTask } from '@gestar/contracts';
import { TERMINAL_LIMITS } from '@gestar/contracts';
import type { PersonTileRow, TerminalRow, WallTaskRow } from './terminals.repository';

export function toTerminalResponse(r: TerminalRow): TerminalResponse {
  return {
    uuid: r.uuid,
    nombre: r.nombre,
    area: { uuid: r.area_uuid, nombre: r.area_nombre },
    minutos_inactividad: r.minutos_inactividad,
    creada_en: r.creada_en.toISOString(),
    creada_por: r.creada_por_uuid ? { uuid: r.creada_por_uuid, nombre: r.creada_por_nombre ?? '', apellido: r.creada_por_apellido ?? '' } : null,
    ultimo_uso_en: r.ultimo_uso_en?.toISOString() ?? null,
    revocada_en: r.revocada_en?.toISOString() ?? null,
  };
}

export function initials(nombre: string, apellido: string): string {
  const first = (s: string) => [...s.trim()][0] ?? '';
  return (first(nombre) + first(apellido)).toLocaleUpperCase('es');
}

export function toTerminalPerson(r: PersonTileRow): TerminalPerson {
  return {
    uuid: r.uuid,
    nombre: r.nombre,
    apellido: r.apellido,
    iniciales: initials(r.nombre, r.apellido),
    foto_url: null,
    tiene_pin: r.tiene_pin,
    bloqueado: r.fallos >= TERMINAL_LIMITS.pinFailuresPerPerson,
  };
}

export function toWallTask(r: WallTaskRow): WallTask {
  return {
    uuid: r.uuid,
    titulo: r.titulo,
    estado: { uuid: r.estado_uuid, nombre: r.estado_nombre, color: r.estado_color, categoria: r.categoria },
    fecha_vencimiento: r.fecha_vencimiento?.toISOString() ?? null,
    empleado: { uuid: r.empleado_uuid, nombre: r.empleado_nombre, apellido: r.empleado_apellido },
    equipo: r.equipo_uuid ? { uuid: r.equipo_uuid, codigo: r.equipo_codigo ?? '', nombre: r.equipo_nombre ?? '' } : null,
  };
}
