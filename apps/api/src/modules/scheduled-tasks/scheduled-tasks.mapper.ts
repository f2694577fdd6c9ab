import { companyMidnight, describeRule, formatRule, scheduleRule } from '@gestar/contracts';
import type { ScheduledTaskResponse } from '@gestar/contracts';
import type { ScheduleRow } from './scheduled-tasks.repository';

/** Row -> the scheduled-task response; the calendar date travels as its midnight in the company zone. */
export function toScheduledTaskResponse(r: ScheduleRow, timeZone: string): ScheduledTaskResponse {
  const rule = scheduleRule(r.regla, r.intervalo_repeticion);
  return {
    uuid: r.uuid,
    tarea_uuid: r.tarea_uuid,
    tarea: { uuid: r.tarea_uuid, titulo: r.titulo, area: { uuid: r.area_uuid, nombre: r.area_nombre } },
    intervalo_repeticion: r.intervalo_repeticion,
    regla: formatRule(rule),
    regla_descripcion: describeRule(rule),
    fin: r.fin ? companyMidnight(r.fin, timeZone).toISOString() : null,
    repeticiones: r.repeticiones,
    fechas_generadas: r.fechas_generadas,
    dias_no_laborables: r.dias_no_laborables,
    anticipacion_dias: r.anticipacion_dias,
    proxima_ejecucion: companyMidnight(r.proxima_ejecucion, timeZone).toISOString(),
    activo: r.activo,
    ultima_ejecucion: r.ultima_ejecucion ? new Date(r.ultima_ejecucion).toISOString() : null,
    total_generadas: r.total_generadas,
  };
}
