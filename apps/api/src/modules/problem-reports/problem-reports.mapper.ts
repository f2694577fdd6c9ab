import type { ProblemReportResponse, ProblemReportStepResponse } from '@gestar/contracts';
import type { ProblemReportRow, StepRow } from './problem-reports.repository';
import { thumbnailUrl } from '../attachments/attachments.mapper';

export function toProblemReportResponse(r: ProblemReportRow): ProblemReportResponse {
  return {
    uuid: r.uuid,
    numero: r.numero,
    equipo:
      r.equipo_uuid && r.equipo_codigo !== null
        ? { uuid: r.equipo_uuid, codigo: r.equipo_codigo, nombre: r.equipo_nombre ?? '', estado: r.equipo_estado ?? 'operativo' }
        : null,
    area: { uuid: r.area_uuid, nombre: r.area_nombre },
    descripcion: r.descripcion,
    equipo_detenido: r.equipo_detenido,
    urgencia: r.urgencia,
    estado: r.estado,
    motivo_rechazo: r.motivo_rechazo,
    fusionada_en: r.fusionada_en_uuid && r.fusionada_en_numero !== null ? { uuid: r.fusionada_en_uuid, numero: r.fusionada_en_numero } : null,
    tarea_asignada_uuid: r.tarea_asignada_uuid,
    tarea_terminada: r.tarea_terminada,
    creado_por: { uuid: r.creado_por_uuid, nombre: r.creado_por_nombre, apellido: r.creado_por_apellido },
    creado_en: r.creado_en.toISOString(),
    revisada_por:
      r.revisada_por_uuid && r.revisada_por_nombre !== null
        ? { uuid: r.revisada_por_uuid, nombre: r.revisada_por_nombre, apellido: r.revisada_por_apellido ?? '' }
        : null,
    revisada_en: r.revisada_en ? r.revisada_en.toISOString() : null,
    fotos: r.fotos,
    miniatura_url: r.foto_uuid ? thumbnailUrl(r.foto_uuid) : null,
  };
}

export function toStepResponse(s: StepRow): ProblemReportStepResponse {
  return {
    uuid: s.uuid,
    tipo: s.tipo,
    detalle: s.detalle,
    usuario: s.usuario_uuid && s.usuario_nombre !== null ? { nombre: s.usuario_nombre, apellido: s.usuario_apellido ?? '' } : null,
    fecha: s.fecha.toISOString(),
  };
}
