import { companyMidnightIso } from '@gestar/contracts';
import type { ReportRow } from '@gestar/contracts';
import type { ReportBatch, SuggestionRecord } from './reports.repository';

/** Suggestions grouped by task, in the order they were read. */
export function suggestionsByTask(suggestions: readonly SuggestionRecord[]): Map<string, SuggestionRecord[]> {
  const byTask = new Map<string, SuggestionRecord[]>();
  for (const s of suggestions) {
    const list = byTask.get(s.tarea_uuid);
    if (list) list.push(s);
    else byTask.set(s.tarea_uuid, [s]);
  }
  return byTask;
}

export function toReportRows(batch: ReportBatch, timeZone: string): ReportRow[] {
  const byTask = suggestionsByTask(batch.suggestions);
  return batch.rows.map((r) => ({
    uuid: r.uuid,
    empleado: { uuid: r.empleado_uuid, nombre: r.empleado_nombre, apellido: r.empleado_apellido },
    tarea: {
      uuid: r.tarea_uuid,
      titulo: r.titulo,
      area: { uuid: r.area_uuid, nombre: r.area_nombre },
      sugerencias: (byTask.get(r.tarea_uuid) ?? []).map((s) => ({ uuid: s.uuid, descripcion: s.descripcion })),
    },
    estado: { uuid: r.estado_uuid, nombre: r.estado_nombre, color: r.estado_color },
    fecha_asignacion: r.fecha_asignacion.toISOString(),
    fecha_vencimiento: companyMidnightIso(r.fecha_vencimiento, timeZone)!,
    fecha_completada: r.fecha_completada?.toISOString() ?? null,
    a_tiempo: r.a_tiempo,
    calificacion: r.calificacion,
    observaciones: r.observaciones,
    archivada: r.archivada,
    checklist_progreso: { hechos: r.checklist_hechos, total: r.checklist_total },
  }));
}
