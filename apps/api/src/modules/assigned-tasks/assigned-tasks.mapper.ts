import { calendarDateIn, companyMidnightIso, describeRecurrence, scheduleRecurrence } from '@gestar/contracts';
import type {
  AssignedTaskHistoryEntry,
  AssignedTaskResponse,
  AttachmentResponse,
  ChecklistItemResponse,
  CommentResponse,
} from '@gestar/contracts';
import type { CardRow, ChecklistItemRow, HistoryRow } from './assigned-tasks.repository';
import type { CommentRow } from './comments.repository';

/** History rows written by the scheduler have no user. */
const SYSTEM_AUTHOR = { nombre: 'Sistema', apellido: '' };

export function toHistoryEntry(h: HistoryRow): AssignedTaskHistoryEntry {
  return {
    uuid: h.uuid,
    tipo: h.tipo,
    detalle: h.detalle,
    usuario:
      h.usuario_nombre !== null ? { nombre: h.usuario_nombre, apellido: h.usuario_apellido ?? '' } : SYSTEM_AUTHOR,
    fecha: h.fecha.toISOString(),
    ...(h.terminal_nombre !== undefined ? { terminal: h.terminal_nombre } : {}),
  };
}

/** A rule in words, once per distinct rule: a board's cards share a few schedules. */
const ruleTexts = new Map<string, string>();
function ruleText(regla: string | null, interval: number): string {
  const key = `${interval}|${regla ?? ''}`;
  let text = ruleTexts.get(key);
  if (text === undefined) {
    text = describeRecurrence(scheduleRecurrence(regla, interval));
    if (ruleTexts.size > 1000) ruleTexts.clear();
    ruleTexts.set(key, text);
  }
  return text;
}

/** A card row (with its history, for the detail) -> the assigned task response of SPEC section 3. */
export function toAssignedTaskResponse(a: CardRow, timeZone: string, historial?: HistoryRow[]): AssignedTaskResponse {
  const due = a.fecha_vencimiento ?? calendarDateIn(a.fecha_asignacion, timeZone);
  const response: AssignedTaskResponse = {
    uuid: a.uuid,
    estado_uuid: a.estado_uuid,
    estado: { uuid: a.estado_uuid, nombre: a.estado_nombre, color: a.estado_color, order: a.estado_order },
    fecha_vencimiento: companyMidnightIso(due, timeZone)!,
    fecha_asignacion: a.fecha_asignacion.toISOString(),
    empleado: {
      uuid: a.empleado_uuid,
      nombre: a.empleado_nombre,
      apellido: a.empleado_apellido,
      username: a.empleado_username,
    },
    tarea: {
      uuid: a.tarea_uuid,
      titulo: a.tarea_titulo,
      descripcion: a.tarea_descripcion,
      tipo_tarea: { uuid: a.tipo_tarea_uuid, nombre: a.tipo_tarea_nombre },
      area: { uuid: a.area_uuid, nombre: a.area_nombre },
      equipo:
        a.equipo_uuid && a.equipo_codigo !== null && a.equipo_nombre !== null
          ? { uuid: a.equipo_uuid, codigo: a.equipo_codigo, nombre: a.equipo_nombre }
          : null,
      programaciones_tareas: a.programacion_uuid
        ? {
            uuid: a.programacion_uuid,
            intervalo_repeticion: a.intervalo_repeticion!,
            regla_descripcion: ruleText(a.regla, a.intervalo_repeticion!),
            proxima_ejecucion: companyMidnightIso(a.proxima_ejecucion, timeZone)!,
            activo: a.programacion_activa!,
          }
        : null,
    },
    archivada: a.archivada,
    calificacion: a.calificacion,
    observaciones: a.observaciones,
    checklist_progreso: { hechos: a.checklist_hechos, total: a.checklist_total },
  };
  // Added only to the detail, after the literal: a board's 500 cards keep one object shape.
  if (historial) response.historial = historial.map(toHistoryEntry);
  return response;
}

export function toCommentResponse(c: CommentRow): CommentResponse {
  return {
    uuid: c.uuid,
    texto: c.texto,
    usuario: { nombre: c.usuario_nombre, apellido: c.usuario_apellido },
    usuario_uuid: c.usuario_uuid,
    fecha_creacion: c.fecha_creacion.toISOString(),
    editado: c.editado,
  };
}

export function toChecklistItemResponse(c: ChecklistItemRow, fotos: AttachmentResponse[]): ChecklistItemResponse {
  return {
    uuid: c.uuid,
    texto: c.texto,
    requiere_foto: c.requiere_foto,
    requiere_nota: c.requiere_nota,
    hecho: c.hecho,
    nota: c.nota,
    fotos,
    hecho_por: c.hecho_por_nombre !== null ? { nombre: c.hecho_por_nombre, apellido: c.hecho_por_apellido ?? '' } : null,
    hecho_en: c.hecho_en ? c.hecho_en.toISOString() : null,
  };
}
