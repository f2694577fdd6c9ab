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

/** A machine as the first statement answers it: uuid, code, name, area and the area's name. */
type MachineCells = [string, string, string, string, string];
/** A machine's seconds detenido, en mantenimiento and operativo, and its failures. */
type StateCells = [string, number, number, number, number];
/** A machine's preventive occurrences, on time, late and overdue, and its corrective ones. */
type WorkCells = [string, number, number, number, number, number];

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
   * Every machine in the filters with its figures, read by three statements run at once on
   * separate connections, each answering one JSON array (one value to parse, not a row object
   * per machine): the machines; the state intervals that overlap the period (found by
   * `equipo_estados_rango_idx`) summed per state; and the machines' occurrences assigned in the
   * period, read from `tareas_asignadas_tarea_fecha_idx` alone (one probe per machine task), each
   * looked up once (`OFFSET 0` keeps the subquery whole, so the lookup is not repeated per figure)
   * in a hash of the reports' links read from `solicitudes_tarea_idx`: corrective work. The two
   * sides cost about the same, so running them side by side halves the wait of a long period.
   * Without an area filter no machine list is built for the two sides: every interval and every
   * machine task is a machine's.
   */
  async machines(f: DowntimeWhere): Promise<DowntimeRecord[]> {
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
    const [list, states, work] = await Promise.all([
      this.db.one<{ cells: MachineCells[] | null }>(sql`
        SELECT json_agg(json_build_array(e.uuid, e.codigo, e.nombre, e.area_uuid, a.nombre)) AS cells
        FROM equipos e JOIN areas a ON a.uuid = e.area_uuid
        ${sql.where(areas)}`),
      this.db.one<{ cells: StateCells[] | null }>(sql`
        SELECT json_agg(json_build_array(st.equipo_uuid, st.det, st.mant, st.oper, st.fallas)) AS cells
        FROM (
          SELECT s.equipo_uuid,
            COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'detenido'), 0) AS det,
            COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'mantenimiento'), 0) AS mant,
            COALESCE(sum(${secs}) FILTER (WHERE s.estado = 'operativo'), 0) AS oper,
            count(*) FILTER (WHERE s.estado = 'detenido' AND s.solicitud_uuid IS NOT NULL
              AND s.desde >= ${f.from}::timestamptz)::int AS fallas
          FROM equipo_estados s
          WHERE tstzrange(s.desde, s.hasta) && tstzrange(${f.from}::timestamptz, ${f.end}::timestamptz)
            ${inAreas(sql`s.equipo_uuid`)}
          GROUP BY s.equipo_uuid
        ) st`),
      this.db.one<{ cells: WorkCells[] | null }>(sql`
        SELECT json_agg(json_build_array(pv.equipo_uuid, pv.prev, pv.a_tiempo, pv.tarde, pv.vencidas, pv.corr)) AS cells
        FROM (
          SELECT ta.equipo_uuid,
            count(*) FILTER (WHERE ${preventive})::int AS prev,
            count(*) FILTER (WHERE ${preventive} AND ${done} <= ${due})::int AS a_tiempo,
            count(*) FILTER (WHERE ${preventive} AND ${done} > ${due})::int AS tarde,
            count(*) FILTER (WHERE ${preventive} AND ta.fecha_completada IS NULL AND NOT ta.archivada
              AND ${due} < ${f.today}::date)::int AS vencidas,
            count(*) FILTER (WHERE ta.correctiva)::int AS corr
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
        ) pv`),
    ]);
    const stateOf = new Map((states?.cells ?? []).map((c) => [c[0], c]));
    const workOf = new Map((work?.cells ?? []).map((c) => [c[0], c]));
    return (list?.cells ?? []).map(([uuid, codigo, nombre, area_uuid, area_nombre]) => {
      const st = stateOf.get(uuid);
      const pv = workOf.get(uuid);
      return {
        uuid,
        codigo,
        nombre,
        area_uuid,
        area_nombre,
        seg_detenido: st?.[1] ?? 0,
        seg_mantenimiento: st?.[2] ?? 0,
        seg_operativo: st?.[3] ?? 0,
        fallas: st?.[4] ?? 0,
        preventivas: pv?.[1] ?? 0,
        preventivas_a_tiempo: pv?.[2] ?? 0,
        preventivas_tarde: pv?.[3] ?? 0,
        preventivas_vencidas: pv?.[4] ?? 0,
        correctivas: pv?.[5] ?? 0,
      };
    });
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
