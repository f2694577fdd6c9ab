import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';
import { SHORT_INTERVAL } from './hours.repository';

/** Seconds of one occurrence on one day (`dia` 0 = Monday) of the week. */
export interface TimesheetRecord {
  tarea_asignada_uuid: string;
  titulo: string;
  area: string;
  dia: number;
  segundos: number;
}

export type TimesheetPerson = Columns<'usuarios', 'uuid' | 'nombre' | 'apellido' | 'username'>;

@Injectable()
export class TimesheetRepository {
  constructor(private readonly db: Db) {}

  async person(uuid: string): Promise<TimesheetPerson | null> {
    const [row] = await this.db.query<TimesheetPerson>(
      sql`SELECT uuid, nombre, apellido, username FROM usuarios WHERE uuid = ${uuid}`,
    );
    return row ?? null;
  }

  /**
   * The person's intervals overlapping the week, cut at each company midnight: those starting from
   * SHORT_INTERVAL before the week (`intervalos_tiempo_usuario_idx`) and the long ones starting
   * earlier (`intervalos_tiempo_largos_idx`). A running interval counts until `now`.
   */
  week(usuario: string, monday: string, timeZone: string, now: Date): Promise<TimesheetRecord[]> {
    const start = sql`(${monday}::date::timestamp AT TIME ZONE ${timeZone})`;
    const end = sql`((${monday}::date + 7)::timestamp AT TIME ZONE ${timeZone})`;
    const overlaps = sql`i.usuario_uuid = ${usuario} AND i.inicio < ${end} AND coalesce(i.fin, 'infinity') > ${start}`;
    return this.db.query<TimesheetRecord>(sql`
      WITH d AS (
        SELECT k AS dia, ((${monday}::date + k)::timestamp AT TIME ZONE ${timeZone}) AS ini,
          ((${monday}::date + k + 1)::timestamp AT TIME ZONE ${timeZone}) AS fin
        FROM generate_series(0, 6) k
      ),
      i AS (
        SELECT i.tarea_asignada_uuid, i.inicio, least(coalesce(i.fin, ${now}::timestamptz), ${now}::timestamptz) AS fin
        FROM intervalos_tiempo i WHERE ${overlaps} AND i.inicio >= ${start} - ${SHORT_INTERVAL}::interval
        UNION ALL
        SELECT i.tarea_asignada_uuid, i.inicio, least(coalesce(i.fin, ${now}::timestamptz), ${now}::timestamptz) AS fin
        FROM intervalos_tiempo i WHERE ${overlaps} AND i.inicio < ${start} - ${SHORT_INTERVAL}::interval
          AND (i.fin IS NULL OR i.fin - i.inicio > ${SHORT_INTERVAL}::interval)
      )
      SELECT i.tarea_asignada_uuid, t.titulo, a.nombre AS area, d.dia,
        round(sum(extract(epoch FROM least(i.fin, d.fin) - greatest(i.inicio, d.ini))))::int AS segundos
      FROM i JOIN d ON i.inicio < d.fin AND i.fin > d.ini
      JOIN tareas_asignadas ta ON ta.uuid = i.tarea_asignada_uuid
      JOIN tareas t ON t.uuid = ta.tarea_uuid
      JOIN areas a ON a.uuid = t.area_uuid
      GROUP BY i.tarea_asignada_uuid, t.titulo, a.nombre, d.dia`);
  }

  /** Intervals of the week auto-paused and not confirmed yet. */
  async unconfirmed(usuario: string, monday: string, timeZone: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM intervalos_tiempo i
      WHERE i.usuario_uuid = ${usuario} AND NOT i.confirmado
        AND i.inicio < ((${monday}::date + 7)::timestamp AT TIME ZONE ${timeZone})
        AND coalesce(i.fin, 'infinity') > (${monday}::date::timestamp AT TIME ZONE ${timeZone})`);
    return row?.n ?? 0;
  }
}
