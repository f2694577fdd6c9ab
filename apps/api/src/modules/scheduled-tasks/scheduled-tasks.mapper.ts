import { companyMidnight, describeRecurrence, formatRecurrence, scheduleRecurrence } from '@gestar/contracts';
import type { NonWorkingPolicy, ScheduledTaskResponse } from '@gestar/contracts';
import type { AsText, Column, Columns } from '../../database/rows';
import type { ScheduleRow } from './scheduled-tasks.repository';

/** The columns that say how a series repeats and ends (`fin` as `YYYY-MM-DD`). */
export type SeriesColumns = Columns<
  'programaciones_tareas',
  'intervalo_repeticion' | 'regla' | 'repeticiones' | 'anticipacion_dias'
> & {
  fin: AsText<Column<'programaciones_tareas', 'fin'>>;
  /** A CHECK constraint in the schema: narrowed here. */
  dias_no_laborables: Column<'programaciones_tareas', 'dias_no_laborables'> & NonWorkingPolicy;
};

/** How a series repeats and ends, as the schedules and the tasks answer it. */
export function toSeriesResponse(r: SeriesColumns, timeZone: string) {
  const rule = scheduleRecurrence(r.regla, r.intervalo_repeticion);
  return {
    regla: formatRecurrence(rule),
    regla_descripcion: describeRecurrence(rule),
    fin: r.fin ? companyMidnight(r.fin, timeZone).toISOString() : null,
    repeticiones: r.repeticiones,
    dias_no_laborables: r.dias_no_laborables,
    anticipacion_dias: r.anticipacion_dias,
  };
}

/** Row -> the scheduled-task response; the calendar date travels as its midnight in the company zone. */
export function toScheduledTaskResponse(r: ScheduleRow, timeZone: string): ScheduledTaskResponse {
  return {
    uuid: r.uuid,
    tarea_uuid: r.tarea_uuid,
    tarea: {
      uuid: r.tarea_uuid,
      titulo: r.titulo,
      area: { uuid: r.area_uuid, nombre: r.area_nombre },
      equipo:
        r.equipo_uuid && r.equipo_codigo !== null && r.equipo_nombre !== null
          ? { uuid: r.equipo_uuid, codigo: r.equipo_codigo, nombre: r.equipo_nombre }
          : null,
    },
    intervalo_repeticion: r.intervalo_repeticion,
    ...toSeriesResponse(r, timeZone),
    fechas_generadas: r.fechas_generadas,
    proxima_ejecucion: companyMidnight(r.proxima_ejecucion, timeZone).toISOString(),
    activo: r.activo,
    ultima_ejecucion: r.ultima_ejecucion ? new Date(r.ultima_ejecucion).toISOString() : null,
    total_generadas: r.total_generadas,
  };
}
