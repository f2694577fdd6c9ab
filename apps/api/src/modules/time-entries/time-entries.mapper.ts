import type { TimeEntryResponse } from '@gestar/contracts';
import type { TimeEntryRow } from './time-entries.repository';

/** An interval row -> its response; a running one's seconds are counted up to `now`. */
export function toTimeEntryResponse(r: TimeEntryRow, now: Date): TimeEntryResponse {
  const end = r.fin ?? now;
  return {
    uuid: r.uuid,
    tarea_asignada_uuid: r.tarea_asignada_uuid,
    titulo: r.titulo,
    usuario: { uuid: r.usuario_uuid, nombre: r.usuario_nombre, apellido: r.usuario_apellido },
    inicio: r.inicio.toISOString(),
    fin: r.fin ? r.fin.toISOString() : null,
    segundos: Math.max(0, Math.floor((end.getTime() - r.inicio.getTime()) / 1000)),
    en_marcha: r.fin === null,
    origen: r.origen,
    pausa_automatica: r.pausa_automatica,
    confirmado: r.confirmado,
    motivo: r.motivo,
    inicio_dispositivo: r.inicio_dispositivo ? r.inicio_dispositivo.toISOString() : null,
    inicio_desfase_ms: r.inicio_desfase_ms === null ? null : Math.round(r.inicio_desfase_ms),
    fin_dispositivo: r.fin_dispositivo ? r.fin_dispositivo.toISOString() : null,
    fin_desfase_ms: r.fin_desfase_ms === null ? null : Math.round(r.fin_desfase_ms),
    corregido_por:
      r.corregido_por_uuid && r.corregido_por_nombre !== null
        ? { uuid: r.corregido_por_uuid, nombre: r.corregido_por_nombre, apellido: r.corregido_por_apellido ?? '' }
        : null,
    corregido_en: r.corregido_en ? r.corregido_en.toISOString() : null,
    creado_en: r.creado_en.toISOString(),
  };
}
