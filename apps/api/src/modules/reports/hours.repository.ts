import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { Sql, sql } from '../../database/sql';
import type { TimeWhere } from './flow.repository';

/**
 * An interval longer than this is «long»: `intervalos_tiempo_largos_idx` lists those, so the
 * intervals overlapping a period are found by their start alone (starting in the period or up to
 * this much before it) plus the few long ones.
 */
export const SHORT_INTERVAL = '1 day';

export interface HoursWhere extends TimeWhere {
  /** The period clipped to now: a running timer counts until now. */
  end: Date;
  fromDate: string;
  timeZone: string;
  /** Days per bucket of the chart: 1 or 7 (weeks from the Monday on or before `fromDate`). */
  step: number;
  /** The first bucket's first day (`fromDate`, or its Monday). */
  firstDay: string;
  /** The instants where each bucket after the first begins (company midnights), ascending. */
  bounds: readonly Date[];
  /**
   * The day after the one holding the instant before `end`, and its midnight (not before `from`):
   * the summary gives the closed intervals starting from `from` to this midnight, less their part
   * after `end` (read from the intervals), and the intervals give the rest.
   */
  summaryEndDay: string;
  summaryEnd: Date;
}

/** One group's seconds: `kind` says which grouping; `bucket` is set for the chart's rows. */
export interface HoursRecord {
  kind: 'persona' | 'tarea' | 'tipo' | 'equipo' | 'area' | 'periodo' | 'total';
  uuid: string | null;
  nombre: string | null;
  apellido: string | null;
  bucket: number | null;
  segundos: number;
  ocurrencias: number;
  personas: number;
}

export interface EstimateRecord {
  kind: 'tipo' | 'total';
  uuid: string | null;
  nombre: string | null;
  terminadas: number;
  sin_tiempo: number;
  estimadas: number;
  segundos_estimados: number;
  segundos_reales: number;
}

export interface UntrackedRecord {
  tarea_asignada_uuid: string;
  titulo: string;
  area: string;
  nombre: string;
  apellido: string;
  completada: Date;
}

@Injectable()
export class HoursRepository {
  constructor(private readonly db: Db) {}

  /** The conditions on the task (scope, areas), its area being `area` (`t.area_uuid` by default). */
  private taskConditions(f: TimeWhere, area: Sql = sql`t.area_uuid`): Sql[] {
    const parts: Sql[] = [];
    if (f.scopeAreas) parts.push(sql`${area} = ANY(${f.scopeAreas}::uuid[])`);
    if (f.areaUuids?.length) parts.push(sql`${area} = ANY(${f.areaUuids}::uuid[])`);
    return parts;
  }

  /**
   * The seconds worked in [from, end) per occurrence, person and bucket, with the occurrence's task
   * (`w`): the closed intervals starting on the company days from `fromDate` to the day before
   * `summaryEndDay` from `resumen_horas`, and from the intervals themselves only the rest: those
   * starting before the period (`intervalos_tiempo_inicio_idx`, and `intervalos_tiempo_largos_idx`
   * for the long ones), the running ones, and, as negative seconds, the part after `end` of summed
   * ones ending after it (all of those starting after it).
   */
  private worked(f: HoursWhere): Sql {
    const people = (column: Sql) =>
      f.employeeUuids?.length ? sql`AND ${column} = ANY(${f.employeeUuids}::uuid[])` : sql.empty;
    const from = sql`${f.from}::timestamptz`;
    const end = sql`${f.end}::timestamptz`;
    const cut = sql`${f.summaryEnd}::timestamptz`;
    const short = sql`${SHORT_INTERVAL}::interval`;
    const overlaps = sql`coalesce(i.fin, 'infinity') > ${from} AND i.inicio < ${end} ${people(sql`i.usuario_uuid`)}`;
    const clipped = sql`extract(epoch FROM least(coalesce(i.fin, ${end}), ${end}) - greatest(i.inicio, ${from}))`;
    const cols = sql`i.tarea_asignada_uuid, i.usuario_uuid, i.inicio`;
    // The bucket by a binary search over its boundaries: no time-zone conversion per interval.
    const bucket = f.bounds.length
      ? sql`width_bucket(greatest(i.inicio, ${from}), ${f.bounds.map((d) => d.toISOString())}::timestamptz[])`
      : sql`0`;
    const dayBucket = f.bounds.length ? sql`(r.dia - ${f.firstDay}::date) / ${f.step}` : sql`0`;
    return sql`
      iv AS (
        SELECT i.tarea_asignada_uuid, i.usuario_uuid, ${bucket} AS bucket, (sum(i.segundos) * 1000000)::bigint AS us
        FROM (
          SELECT ${cols}, ${clipped} AS segundos FROM intervalos_tiempo i
          WHERE i.inicio >= ${from} - ${short} AND i.inicio < ${from} AND ${overlaps}
          UNION ALL
          SELECT ${cols}, ${clipped} FROM intervalos_tiempo i
          WHERE (i.fin IS NULL OR i.fin - i.inicio > ${short}) AND i.inicio < ${from} - ${short} AND ${overlaps}
          UNION ALL
          SELECT ${cols}, ${clipped} FROM intervalos_tiempo i
          WHERE i.inicio >= ${cut} AND ${overlaps}
          UNION ALL
          SELECT ${cols}, ${clipped} FROM intervalos_tiempo i
          WHERE i.fin IS NULL AND i.inicio >= ${from} AND i.inicio < ${cut} AND ${overlaps}
          UNION ALL
          SELECT ${cols}, -extract(epoch FROM i.fin - greatest(i.inicio, ${end})) FROM intervalos_tiempo i
          WHERE i.fin > ${end} AND i.inicio >= greatest(${from}, ${cut} - ${short}) AND i.inicio < ${cut} ${people(sql`i.usuario_uuid`)}
          UNION ALL
          SELECT ${cols}, -extract(epoch FROM i.fin - greatest(i.inicio, ${end})) FROM intervalos_tiempo i
          WHERE (i.fin IS NULL OR i.fin - i.inicio > ${short}) AND i.fin > ${end}
            AND i.inicio >= ${from} AND i.inicio < ${cut} - ${short} ${people(sql`i.usuario_uuid`)}
        ) i
        GROUP BY 1, 2, 3
      ),
      w AS (
        SELECT iv.tarea_asignada_uuid, iv.usuario_uuid, iv.bucket, iv.us, x.tarea_uuid
        FROM iv
        -- One primary-key probe per occurrence read live (the period's edges, the running ones):
        -- OFFSET 0 keeps the planner from turning it into a hash join.
        CROSS JOIN LATERAL (
          SELECT t.uuid AS tarea_uuid, t.area_uuid
          FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
          WHERE ta.uuid = iv.tarea_asignada_uuid
          OFFSET 0
        ) x
        ${sql.where(this.taskConditions(f, sql`x.area_uuid`))}
        UNION ALL
        SELECT r.tarea_asignada_uuid, r.usuario_uuid, ${dayBucket}, (r.segundos * 1000000)::bigint, r.tarea_uuid
        FROM resumen_horas r
        WHERE r.dia >= ${f.fromDate}::date AND r.dia < ${f.summaryEndDay}::date ${people(sql`r.usuario_uuid`)}
          ${sql.join(
            this.taskConditions(f, sql`r.area_uuid`).map((c) => sql`AND ${c}`),
            ' ',
          )}
      )`;
  }

  /**
   * Seconds per person, task, task type, machine, area and bucket, and the total: two statements
   * run at once, each from the worked rows (`w`, one per occurrence, person and bucket, in
   * microseconds: integer sums) — the people's and the buckets', and the tasks'. Every grouping is
   * a plain count and sum over narrow keys (uuids only: hashing the summary's copied columns on
   * each row cost more than the rest). The tasks' statement sums per occurrence, then per task;
   * the task's type, machine and area (its current ones, which the summary's copies follow) are
   * read once per task, and their groupings and the total are one pass of grouping sets over the
   * tasks. The seconds stay integer microseconds until answered.
   */
  async hours(f: HoursWhere, top?: number): Promise<HoursRecord[]> {
    const [people, tasks] = await Promise.all([
      this.db.query<HoursRecord & { todas: number }>(this.peopleHours(f, top)),
      this.db.query<HoursRecord>(this.taskHours(f, top)),
    ]);
    const personas = people[0]?.todas ?? 0;
    return [
      ...people.map(({ todas: _todas, ...r }) => r),
      ...tasks.map((r) => ({ ...r, personas })),
    ];
  }

  /**
   * With `top`, a grouping keeps the groups with at least the time of its `top`-th less 36 s (its
   * hours rounded to hundredths may tie): the caller sorts and cuts, the names are read for those.
   */
  private kept(top: number | undefined): Sql {
    return top
      ? sql`
      ranked AS (
        SELECT r.*, nth_value(r.us, ${top}) OVER (PARTITION BY r.kind ORDER BY r.us DESC
          ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS corte
        FROM r
      ),
      kept AS (SELECT kind, uuid, us, n, titulo FROM ranked WHERE kind = 'total' OR corte IS NULL OR us >= corte - 36000000),`
      : sql`kept AS (SELECT * FROM r),`;
  }

  /** Per person (seconds, occurrences) and per bucket; `todas`, how many people worked. */
  private peopleHours(f: HoursWhere, top?: number): Sql {
    return sql`
      WITH ${this.worked(f)},
      per AS (
        SELECT usuario_uuid, sum(us)::bigint AS us, count(*)::int AS n
        FROM (SELECT usuario_uuid, tarea_asignada_uuid, sum(us)::bigint AS us FROM w GROUP BY usuario_uuid, tarea_asignada_uuid) p
        GROUP BY usuario_uuid
      ),
      r AS (SELECT 'persona' AS kind, usuario_uuid AS uuid, us, n, NULL::text AS titulo FROM per),
      ${this.kept(top)}
      g AS (
        SELECT kind, uuid, NULL::int AS bucket, us, n AS ocurrencias FROM kept
        UNION ALL
        SELECT 'periodo', NULL, bucket, sum(us)::bigint, 0 FROM w GROUP BY bucket
      )
      SELECT g.kind, g.uuid, g.bucket, (g.us / 1000000.0)::float8 AS segundos, g.ocurrencias,
        CASE g.kind WHEN 'persona' THEN 1 ELSE 0 END AS personas, (SELECT count(*) FROM per)::int AS todas,
        u.nombre, u.apellido
      FROM g LEFT JOIN usuarios u ON g.kind = 'persona' AND u.uuid = g.uuid`;
  }

  /** Per task, task type, machine and area (seconds, occurrences), and the total. */
  private taskHours(f: HoursWhere, top?: number): Sql {
    const set = sql`GROUPING(tipo_tarea_uuid, equipo_uuid, area_uuid)`;
    return sql`
      WITH ${this.worked(f)},
      gt AS (
        SELECT o.tarea_uuid, o.us, o.n, t.titulo, t.tipo_tarea_uuid, t.equipo_uuid, t.area_uuid
        FROM (
          SELECT tarea_uuid, sum(us)::bigint AS us, count(*)::int AS n
          FROM (SELECT tarea_asignada_uuid, tarea_uuid, sum(us)::bigint AS us FROM w GROUP BY tarea_asignada_uuid, tarea_uuid) occ
          GROUP BY tarea_uuid
        ) o
        LEFT JOIN tareas t ON t.uuid = o.tarea_uuid
      ),
      r AS (
        SELECT 'tarea' AS kind, tarea_uuid AS uuid, us, n, titulo FROM gt
        UNION ALL
        SELECT CASE ${set} WHEN 3 THEN 'tipo' WHEN 5 THEN 'equipo' WHEN 6 THEN 'area' ELSE 'total' END,
          CASE ${set} WHEN 3 THEN tipo_tarea_uuid WHEN 5 THEN equipo_uuid WHEN 6 THEN area_uuid END,
          COALESCE(sum(us), 0)::bigint, COALESCE(sum(n), 0)::int, NULL
        FROM gt GROUP BY GROUPING SETS ((tipo_tarea_uuid), (equipo_uuid), (area_uuid), ())
      ),
      ${this.kept(top)}
      g AS (SELECT kind, uuid, us, n AS ocurrencias, titulo FROM kept)
      SELECT g.kind, g.uuid, NULL::int AS bucket, (g.us / 1000000.0)::float8 AS segundos, g.ocurrencias,
        CASE g.kind WHEN 'tarea' THEN g.titulo WHEN 'tipo' THEN tt.nombre
          WHEN 'equipo' THEN e.codigo || ' · ' || e.nombre WHEN 'area' THEN a.nombre END AS nombre,
        NULL::text AS apellido
      FROM g
      LEFT JOIN tipos_tarea tt ON g.kind = 'tipo' AND tt.uuid = g.uuid
      LEFT JOIN equipos e ON g.kind = 'equipo' AND e.uuid = g.uuid
      LEFT JOIN areas a ON g.kind = 'area' AND a.uuid = g.uuid`;
  }

  /**
   * The occurrences completed in the period (`tareas_asignadas_completada_idx`, which carries each
   * one's closed time and interval count) with every second recorded on them, the running
   * intervals read live: per task type and in all, how many, how many without time, and the
   * estimated against the actual.
   */
  estimates(f: HoursWhere): Promise<EstimateRecord[]> {
    return this.db.query<EstimateRecord>(sql`
      WITH ${this.completed(f)},
      g AS (
        SELECT CASE WHEN GROUPING(tipo_tarea_uuid) = 0 THEN 'tipo' ELSE 'total' END AS kind,
          tipo_tarea_uuid AS uuid,
          count(*)::int AS terminadas,
          count(*) FILTER (WHERE segundos IS NULL)::int AS sin_tiempo,
          count(*) FILTER (WHERE minutos_estimados IS NOT NULL)::int AS estimadas,
          COALESCE(sum(minutos_estimados * 60), 0)::float8 AS segundos_estimados,
          COALESCE(sum(segundos) FILTER (WHERE minutos_estimados IS NOT NULL), 0)::float8 AS segundos_reales
        FROM c GROUP BY GROUPING SETS ((tipo_tarea_uuid), ())
      )
      SELECT g.*, tt.nombre FROM g LEFT JOIN tipos_tarea tt ON g.kind = 'tipo' AND tt.uuid = g.uuid`);
  }

  private completed(f: HoursWhere): Sql {
    const parts: Sql[] = [
      sql`ta.fecha_completada >= ${f.from}::timestamptz`,
      sql`ta.fecha_completada < ${f.to}::timestamptz`,
      ...this.taskConditions(f),
    ];
    if (f.employeeUuids?.length) parts.push(sql`ta.empleado_uuid = ANY(${f.employeeUuids}::uuid[])`);
    // The closed intervals' time and the count are on the occurrence (kept by triggers, carried by
    // the index); only the running intervals, one per person at most, are read.
    return sql`
      en_marcha AS (
        SELECT i.tarea_asignada_uuid, sum(extract(epoch FROM now() - i.inicio)) AS segundos
        FROM intervalos_tiempo i WHERE i.fin IS NULL GROUP BY 1
      ),
      c AS MATERIALIZED (
        SELECT ta.uuid, ta.fecha_completada, ta.empleado_uuid, t.titulo, t.area_uuid, t.tipo_tarea_uuid, t.minutos_estimados,
          CASE WHEN ta.intervalos > 0 THEN ta.tiempo_us / 1000000.0 + COALESCE(m.segundos, 0) END AS segundos
        FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
        LEFT JOIN en_marcha m ON m.tarea_asignada_uuid = ta.uuid
        ${sql.where(parts)}
      )`;
  }

  /** The newest `limit` occurrences completed in the period without any time recorded. */
  untracked(f: HoursWhere, limit: number): Promise<UntrackedRecord[]> {
    const parts: Sql[] = [
      sql`ta.fecha_completada >= ${f.from}::timestamptz`,
      sql`ta.fecha_completada < ${f.to}::timestamptz`,
      sql`ta.intervalos = 0`,
      ...this.taskConditions(f),
    ];
    if (f.employeeUuids?.length) parts.push(sql`ta.empleado_uuid = ANY(${f.employeeUuids}::uuid[])`);
    return this.db.query<UntrackedRecord>(sql`
      SELECT ta.uuid AS tarea_asignada_uuid, t.titulo, a.nombre AS area, u.nombre, u.apellido, ta.fecha_completada AS completada
      FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
      JOIN areas a ON a.uuid = t.area_uuid JOIN usuarios u ON u.uuid = ta.empleado_uuid
      ${sql.where(parts)}
      ORDER BY ta.fecha_completada DESC, ta.uuid
      LIMIT ${limit}`);
  }
}
