import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { Sql, sql } from '../../database/sql';
import { companyDate } from './reports.filters';

/**
 * What the downtime figures read. `from` is inclusive and `to` exclusive (company midnights);
 * `end` is `to` or now, whichever is earlier (an open interval counts until now), never before
 * `from`. `scopeAreas` null = every area.
 */
export interface DowntimeWhere {
  scopeAreas: readonly string[] | null;
  areaUuids?: readonly string[];
  from: Date;
  to: Date;
  end: Date;
  /** Today in the company calendar (`YYYY-MM-DD`): an open occurrence due before it is overdue. */
  today: string;
  timeZone: string;
}

/** One machine's raw figures: seconds per state in the period and the occurrence counts. */
export type DowntimeRecord = Columns<'equipos', 'uuid' | 'codigo' | 'nombre' | 'area_uuid'> & {
  area_nombre: Column<'areas', 'nombre'>;
  seg_detenido: number;
  seg_mantenimiento: number;
  seg_operativo: number;
  fallas: number;
  preventivas: number;
  preventivas_a_tiempo: number;
  preventivas_tarde: number;
  preventivas_vencidas: number;
  correctivas: number;
};

/** Seconds stopped of one machine in one bucket (a day or a week starting on `desde`). */
export type DowntimeBucketRecord = Columns<'equipo_estados', 'equipo_uuid'> & { desde: string; segundos: number };

/**
 * The clipped length in seconds of an interval `s` inside [lower, upper), as float8 (`date_part`,
 * not `extract`, whose numeric result is several times slower to sum).
 */
const clippedSeconds = (lower: Sql, upper: Sql) =>
  sql`date_part('epoch', least(s.hasta, ${upper}) - greatest(s.desde, ${lower}))`;

@Injectable()
export class DowntimeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every machine in the filters with its figures, in one statement: the state intervals that
   * overlap the period (found by `equipo_estados_rango_idx`) summed per state, and the machines'
   * occurrences assigned in the period, read from `tareas_asignadas_tarea_fecha_idx` alone (one
   * probe per machine task), each looked up once (`OFFSET 0` keeps the subquery whole, so the
   * lookup is not repeated per figure) in a hash of the reports' links read from
   * `solicitudes_tarea_idx`: corrective work. Without an area filter no machine list is built for
   * the two sides: every interval and every machine task is a machine's.
   */
  machines(f: DowntimeWhere): Promise<DowntimeRecord[]> {
    const areas: Sql[] = [];
    if (f.scopeAreas) areas.push(sql`e.area_uuid = ANY(${f.scopeAreas}::uuid[])`);
    if (f.areaUuids?.length) areas.push(sql`e.area_uuid = ANY(${f.areaUuids}::uuid[])`);
    const filtered = areas.length > 0;
    const inAreas = (column: Sql) =>
      filtered ? sql`AND ${column} IN (SELECT e.uuid FROM equipos e ${sql.where(areas)})` : sql``;
    const secs = clippedSeconds(sql`${f.from}::timestamptz`, sql`${f.end}::timestamptz`);
    const due = sql`COALESCE(ta.fecha_vencimiento, ${companyDate(sql`ta.fecha_asignacion`, f.timeZone)})`;
    const done = companyDate(sql`ta.fecha_completada`, f.timeZone);
    const preventive = sql`NOT ta.correctiva AND ta.programacion_uuid IS NOT NULL`;
    return this.db.query<DowntimeRecord>(sql`
      WITH st AS (
        SELECT s.equipo_uuid,
          COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'detenido'), 0) AS seg_detenido,
          COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'mantenimiento'), 0) AS seg_mantenimiento,
          COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'operativo'), 0) AS seg_operativo,
          count(*) FILTER (WHERE s.estado = 'detenido' AND s.solicitud_uuid IS NOT NULL
            AND s.desde >= ${f.from}::timestamptz)::int AS fallas
        FROM equipo_estados s
        WHERE tstzrange(s.desde, s.hasta) && tstzrange(${f.from}::timestamptz, ${f.end}::timestamptz)
          ${inAreas(sql`s.equipo_uuid`)}
        GROUP BY s.equipo_uuid
      ),
      pv AS (
        SELECT ta.equipo_uuid,
          count(*) FILTER (WHERE ${preventive})::int AS preventivas,
          count(*) FILTER (WHERE ${preventive} AND ${done} <= ${due})::int AS preventivas_a_tiempo,
          count(*) FILTER (WHERE ${preventive} AND ${done} > ${due})::int AS preventivas_tarde,
          count(*) FILTER (WHERE ${preventive} AND ta.fecha_completada IS NULL AND NOT ta.archivada
            AND ${due} < ${f.today}::date)::int AS preventivas_vencidas,
          count(*) FILTER (WHERE ta.correctiva)::int AS correctivas
        FROM (
          SELECT t.equipo_uuid, ta.fecha_asignacion, ta.fecha_vencimiento, ta.fecha_completada,
            ta.programacion_uuid, ta.archivada,
            ta.uuid IN (SELECT so.tarea_asignada_uuid FROM solicitudes so WHERE so.tarea_asignada_uuid IS NOT NULL)
              AS correctiva
          FROM tareas t
          JOIN tareas_asignadas ta ON ta.tarea_uuid = t.uuid
          WHERE t.equipo_uuid IS NOT NULL ${inAreas(sql`t.equipo_uuid`)}
            AND ta.fecha_asignacion >= ${f.from}::timestamptz AND ta.fecha_asignacion < ${f.to}::timestamptz
          OFFSET 0
        ) ta
        GROUP BY ta.equipo_uuid
      )
      SELECT e.uuid, e.codigo, e.nombre, e.area_uuid, a.nombre AS area_nombre,
        COALESCE(st.seg_detenido, 0) AS seg_detenido,
        COALESCE(st.seg_mantenimiento, 0) AS seg_mantenimiento,
        COALESCE(st.seg_operativo, 0) AS seg_operativo,
        COALESCE(st.fallas, 0) AS fallas,
        COALESCE(pv.preventivas, 0) AS preventivas,
        COALESCE(pv.preventivas_a_tiempo, 0) AS preventivas_a_tiempo,
        COALESCE(pv.preventivas_tarde, 0) AS preventivas_tarde,
        COALESCE(pv.preventivas_vencidas, 0) AS preventivas_vencidas,
        COALESCE(pv.correctivas, 0) AS correctivas
      FROM equipos e JOIN areas a ON a.uuid = e.area_uuid
      LEFT JOIN st ON st.equipo_uuid = e.uuid LEFT JOIN pv ON pv.equipo_uuid = e.uuid
      ${sql.where(areas)}`);
  }

  /**
   * Seconds stopped per bucket of the given machines (the page's), buckets starting at each of
   * `starts` (company dates) and lasting `days`; buckets without a stop are absent.
   */
  buckets(
    f: DowntimeWhere,
    machines: readonly string[],
    starts: readonly string[],
    days: number,
  ): Promise<DowntimeBucketRecord[]> {
    if (machines.length === 0 || starts.length === 0) return Promise.resolve([]);
    const lower = sql`greatest(b.ini, ${f.from}::timestamptz)`;
    const upper = sql`least(b.fin, ${f.end}::timestamptz)`;
    return this.db.query<DowntimeBucketRecord>(sql`
      WITH b AS (
        SELECT d::text AS desde, (d::timestamp AT TIME ZONE ${f.timeZone}) AS ini,
          ((d + ${days}::int)::timestamp AT TIME ZONE ${f.timeZone}) AS fin
        FROM unnest(${starts}::date[]) d
      )
      SELECT s.equipo_uuid, b.desde, sum(${clippedSeconds(lower, upper)})::float8 AS segundos
      FROM equipo_estados s
      JOIN b ON tstzrange(s.desde, s.hasta) && tstzrange(b.ini, b.fin)
      WHERE s.equipo_uuid = ANY(${machines}::uuid[]) AND s.estado = 'detenido'
        AND tstzrange(s.desde, s.hasta) && tstzrange(${f.from}::timestamptz, ${f.end}::timestamptz)
        AND ${lower} < ${upper}
      GROUP BY s.equipo_uuid, b.desde`);
  }
}
