import { Injectable } from '@nestjs/common';
import { FLOW_BUCKET_HOURS } from '@gestar/contracts';
import { Db } from '../../database/db';
import { Sql, sql } from '../../database/sql';

/** What the time reports read: `from` inclusive, `to` exclusive (company midnights). `scopeAreas` null = every area. */
export interface TimeWhere {
  scopeAreas: readonly string[] | null;
  areaUuids?: readonly string[];
  employeeUuids?: readonly string[];
  from: Date;
  to: Date;
}

/** One group's distributions, in hours: `kind` says which grouping the row belongs to. */
export interface FlowRecord {
  kind: 'general' | 'tipo' | 'area';
  uuid: string | null;
  nombre: string | null;
  ocurrencias: number;
  /** [mean, p25, median, p75, p90, max] of each phase. */
  espera: number[];
  en_curso: number[];
  total: number[];
  /** Occurrences per span of the chart (index in FLOW_BUCKET_HOURS), by total and by time in progress. */
  por_total: number[];
  por_en_curso: number[];
}


/** The mean over the exact hours (numeric), the percentiles and max over the same hours as float8 (cast once per row). */
const stats = (exact: Sql, f: Sql) => sql`ARRAY[
  avg(${exact}), percentile_cont(0.25) WITHIN GROUP (ORDER BY ${f}), percentile_cont(0.5) WITHIN GROUP (ORDER BY ${f}),
  percentile_cont(0.75) WITHIN GROUP (ORDER BY ${f}), percentile_cont(0.9) WITHIN GROUP (ORDER BY ${f}), max(${f})
]::float8[]`;

@Injectable()
export class FlowRepository {
  constructor(private readonly db: Db) {}

  /**
   * The completed occurrences of the period, each with the moment of its first status change
   * (`primer_cambio_estado`, kept by a trigger on the history), all read from
   * `tareas_asignadas_completada_idx`, split into hours waiting, in progress and in all.
   */
  private occurrences(f: TimeWhere): Sql {
    const parts: Sql[] = [sql`ta.fecha_completada >= ${f.from}::timestamptz`, sql`ta.fecha_completada < ${f.to}::timestamptz`];
    if (f.scopeAreas) parts.push(sql`t.area_uuid = ANY(${f.scopeAreas}::uuid[])`);
    if (f.areaUuids?.length) parts.push(sql`t.area_uuid = ANY(${f.areaUuids}::uuid[])`);
    if (f.employeeUuids?.length) parts.push(sql`ta.empleado_uuid = ANY(${f.employeeUuids}::uuid[])`);
    const bounds = FLOW_BUCKET_HOURS.slice(1) as readonly number[];
    return sql`
      o AS MATERIALIZED (
        SELECT t.tipo_tarea_uuid, t.area_uuid, h.espera, h.en_curso, h.total,
          h.espera::float8 AS espera_f, h.en_curso::float8 AS en_curso_f, h.total::float8 AS total_f,
          width_bucket(h.total::float8, ${bounds}::float8[]) AS total_span,
          width_bucket(h.en_curso::float8, ${bounds}::float8[]) AS en_curso_span
        FROM tareas_asignadas ta
        JOIN tareas t ON t.uuid = ta.tarea_uuid
        CROSS JOIN LATERAL (
          SELECT least(ta.fecha_completada, greatest(ta.fecha_asignacion, COALESCE(ta.primer_cambio_estado, ta.fecha_completada))) AS ini
        ) s
        CROSS JOIN LATERAL (
          SELECT extract(epoch FROM s.ini - ta.fecha_asignacion) / 3600 AS espera,
            extract(epoch FROM ta.fecha_completada - s.ini) / 3600 AS en_curso,
            extract(epoch FROM ta.fecha_completada - ta.fecha_asignacion) / 3600 AS total
        ) h
        ${sql.where(parts)}
      )`;
  }

  /** Every group's distributions in one statement; the general row carries the chart's counts. */
  async flow(f: TimeWhere): Promise<FlowRecord[]> {
    const counts = (span: Sql) =>
      sql`ARRAY[${sql.join(FLOW_BUCKET_HOURS.map((_, k) => sql`count(*) FILTER (WHERE ${span} = ${k}::int)`))}]::int[]`;
    return this.db.query<FlowRecord>(sql`
      WITH ${this.occurrences(f)},
      g AS (
        SELECT CASE WHEN GROUPING(tipo_tarea_uuid) = 0 THEN 'tipo' WHEN GROUPING(area_uuid) = 0 THEN 'area' ELSE 'general' END AS kind,
          COALESCE(tipo_tarea_uuid, area_uuid) AS uuid,
          count(*)::int AS ocurrencias,
          ${stats(sql`espera`, sql`espera_f`)} AS espera, ${stats(sql`en_curso`, sql`en_curso_f`)} AS en_curso,
          ${stats(sql`total`, sql`total_f`)} AS total,
          ${counts(sql`total_span`)} AS por_total, ${counts(sql`en_curso_span`)} AS por_en_curso
        FROM o GROUP BY GROUPING SETS ((tipo_tarea_uuid), (area_uuid), ())
      )
      SELECT g.kind, g.uuid, COALESCE(tt.nombre, a.nombre) AS nombre, g.ocurrencias, g.espera, g.en_curso, g.total,
        g.por_total, g.por_en_curso
      FROM g LEFT JOIN tipos_tarea tt ON g.kind = 'tipo' AND tt.uuid = g.uuid
      LEFT JOIN areas a ON g.kind = 'area' AND a.uuid = g.uuid`);
  }
}
