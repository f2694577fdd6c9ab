import { companyMidnight } from '@gestar/contracts';
import type { ScheduledTaskResponse } from '@gestar/contracts';
import type { ScheduleRow } from './scheduled-tasks.repository';

/** Row -> the scheduled-task response; the calendar date travels as its midnight in the company zone. */
export function toScheduledTaskResponse(r: ScheduleRow, timeZone: string): ScheduledTaskResponse {
  return {
    uuid: r.uuid,
    tarea_uuid: r.tarea_uuid,
    tarea: { uuid: r.tarea_uuid, titulo: r.titulo, area: { uuid: r.area_uuid, nombre: r.area_nombre } },
    intervalo_repeticion: r.intervalo_repeticion,
    proxima_ejecucion: companyMidnight(r.proxima_ejecucion, timeZone).toISOString(),
    activo: r.activo,
    ultima_ejecucion: r.ultima_ejecucion ? new Date(r.ultima_ejecucion).toISOString() : null,
    total_generadas: r.total_generadas,
  };
}
