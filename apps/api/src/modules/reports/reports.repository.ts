import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { likePattern, Sql, sql } from '../../database/sql';
import { CHECKLIST_PROGRESS_JOIN } from '../assigned-tasks/checklist-progress.sql';
import {
  companyDate,
  conditionsOf,
  countedSums,
  dueDate,
  EXCEL_EPOCH,
  FROM,
  onTime,
  type ReportWhere,
  SUMMARY_SUMS,
  summaryConditions,
} from './reports.filters';

export type { ReportWhere } from './reports.filters';

/** One report row as read (flat), before mapping. */
export type ReportRowRecord = Columns<
  'tareas_asignadas',
  | 'uuid'
  | 'fecha_asignacion'
  | 'fecha_completada'
  | 'calificacion'
  | 'observaciones'
  | 'archivada'
  | 'empleado_uuid'
  | 'tarea_uuid'
  | 'estado_uuid'
> &
  Columns<'tareas', 'titulo' | 'area_uuid'> & {
    /** `fecha_asignacion` as PostgreSQL text: microsecond-exact, the keyset cursor. */
    cursor_ts: string;
    /** Calendar date `YYYY-MM-DD` (the assignment's own date when it has no due date). */
    fecha_vencimiento: string;
    /** Completed on or before its due date (company calendar dates); null while not completed. */
    a_tiempo: boolean | null;
    empleado_nombre: Column<'usuarios', 'nombre'>;
    empleado_apellido: Column<'usuarios', 'apellido'>;
    area_nombre: Column<'areas', 'nombre'>;
    estado_nombre: Column<'estados', 'nombre'>;
    estado_color: Column<'estados', 'color'>;
    checklist_hechos: number;
    checklist_total: number;
  };

/**
 * One row of an XLSX export: ids of its task, employee and status (their
 * names travel once per export, see `ExportBatch`) and its two calendar dates
 * as Excel day serials (days since 1899-12-30) in the company time zone.
 */
export type ExportRecord = Columns<
  'tareas_asignadas',
  'tarea_uuid' | 'empleado_uuid' | 'estado_uuid' | 'calificacion' | 'observaciones'
> & {
  creada: number;
  vence: number;
  /** Excel day serial of the completion's company date; null while not completed. */
  completada: number | null;
  a_tiempo: boolean | null;
  checklist_hechos: number;
  checklist_total: number;
};

export interface ExportBatch {
  rows: ExportRecord[];
  /** Tasks, employees and statuses first met in this batch (none seen in an earlier one). */
  tasks: (Columns<'tareas', 'uuid' | 'titulo'> & { area_nombre: Column<'areas', 'nombre'> })[];
  employees: Columns<'usuarios', 'uuid' | 'nombre' | 'apellido'>[];
  states: Columns<'estados', 'uuid' | 'nombre'>[];
  /** Suggestions of the tasks in `tasks`, in the order of creation. */
  suggestions: SuggestionRecord[];
}

export type SuggestionRecord = Columns<'sugerencias', 'uuid' | 'tarea_uuid' | 'descripcion'>;

export interface ReportBatch {
  rows: ReportRowRecord[];
  suggestions: SuggestionRecord[];
}

/** Counts of one (area, status) pair: the stats are sums of these. */
export type AreaStatusCount = Columns<'tareas', 'area_uuid'> &
  Columns<'tareas_asignadas', 'estado_uuid'> & {
    area_nombre: Column<'areas', 'nombre'>;
    estado_nombre: Column<'estados', 'nombre'>;
    estado_color: Column<'estados', 'color'>;
    estado_order: Column<'estados', 'order'>;
  } & Counts & {
    vencidas: number;
  };

/** The sums a report's stats add up (both groupings). */
interface Counts {
  total: number;
  archivadas: number;
  completadas: number;
  a_tiempo: number;
  suma_calificacion: number;
  calificadas: number;
}

export type EmployeeCount = Columns<'tareas_asignadas', 'empleado_uuid'> & Columns<'usuarios', 'nombre' | 'apellido'> & Counts;

const suggestionsOfTasks = (tareas: readonly string[]) => sql`
  SELECT uuid, tarea_uuid, descripcion FROM sugerencias WHERE tarea_uuid = ANY(${tareas}::uuid[]) ORDER BY fecha_creacion, uuid`;

/** The ids in `key` of `rows` that are not in `seen` yet (added to it), each once. */
function firstSeen(
  seen: Set<string>,
  rows: readonly ExportRecord[],
  key: 'tarea_uuid' | 'empleado_uuid' | 'estado_uuid',
): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const id = row[key];
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}


/** Tables whose names `namesOf` reads. */
const NAMED = ['estados', 'areas'] as const;

/** Report queries in plain SQL: one statement for the rows, one for their suggestions (no N+1). */
@Injectable()
export class ReportsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Tasks whose title contains `text`, accent- and case-insensitively. A
   * statement of its own over `tareas`, so the trigram index on this very
   * expression (`tareas_titulo_trgm`) is a path the planner can take: joined
   * to the assignments, a full scan of the primary key (kept for its order)
   * always looked as cheap. The uuids then filter the report by task.
   */
  async tasksTitled(text: string): Promise<string[]> {
    const rows = await this.db.query<Columns<'tareas', 'uuid'>>(
      sql`SELECT uuid FROM tareas WHERE lower(f_unaccent(titulo)) LIKE lower(f_unaccent(${likePattern(text)}))`,
    );
    return rows.map((r) => r.uuid);
  }

  /** How many rows match: added up from the summary, or counted when the title filters by task. */
  async count(f: ReportWhere): Promise<number> {
    const row = await this.db.one<{ total: number }>(
      f.titleTaskUuids
        ? sql`SELECT count(*)::int AS total ${FROM} ${sql.where(conditionsOf(f))}`
        : sql`SELECT COALESCE(sum(r.total), 0)::int AS total FROM resumen_asignaciones r ${sql.where(summaryConditions(f))}`,
    );
    return row?.total ?? 0;
  }

  /** The rows of the report in its order; `filtered: false` when `extra` already selects them. */
  private selectRows(f: ReportWhere, extra: Sql = sql.empty, { filtered = true } = {}): Sql {
    return sql`SELECT ta.uuid, ta.fecha_asignacion, ta.fecha_asignacion::text AS cursor_ts,
        ${dueDate(f.timeZone)}::text AS fecha_vencimiento, ta.fecha_completada,
        ${onTime(f.timeZone)} AS a_tiempo,
        ta.calificacion, ta.observaciones, ta.archivada,
        u.uuid AS empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido,
        t.uuid AS tarea_uuid, t.titulo, a.uuid AS area_uuid, a.nombre AS area_nombre,
        e.uuid AS estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color,
        cl.hechos AS checklist_hechos, cl.total AS checklist_total
      ${FROM}
      JOIN areas a ON a.uuid = t.area_uuid
      JOIN usuarios u ON u.uuid = ta.empleado_uuid
      JOIN estados e ON e.uuid = ta.estado_uuid
      ${CHECKLIST_PROGRESS_JOIN}
      ${sql.where([...(filtered ? conditionsOf(f) : []), extra])}
      ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC`;
  }

  /**
   * One page and the suggestions of its tasks. The OFFSET walks the order's index alone (ids and
   * the columns filtered on), then only the page's rows are joined and read: page 500 skips
   * index entries, not 5,000 joined rows.
   */
  async page(f: ReportWhere, limit: number, offset: number): Promise<ReportBatch> {
    const byTask = f.scopeAreas || f.areaUuids?.length || f.titleTaskUuids;
    const ids = sql`SELECT ta.uuid FROM tareas_asignadas ta ${byTask ? sql`JOIN tareas t ON t.uuid = ta.tarea_uuid` : sql.empty}
      ${sql.where(conditionsOf(f))}
      ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC LIMIT ${limit} OFFSET ${offset}`;
    const rows = await this.db.query<ReportRowRecord>(
      this.selectRows(f, sql`ta.uuid IN (${ids})`, { filtered: false }),
    );
    return { rows, suggestions: await this.suggestionsOf(rows) };
  }

  /**
   * Every matching row, `size` at a time, by keyset on (fecha_asignacion, uuid):
   * memory holds one batch, and rows added meanwhile never shift the cursor.
   */
  async *batches(f: ReportWhere, size: number): AsyncGenerator<ReportBatch> {
    let cursor: { ts: string; uuid: string } | null = null;
    for (;;) {
      const after: Sql = cursor
        ? sql`(ta.fecha_asignacion, ta.uuid) < (${cursor.ts}::timestamptz, ${cursor.uuid}::uuid)`
        : sql.empty;
      const rows: ReportRowRecord[] = await this.db.query<ReportRowRecord>(
        sql`${this.selectRows(f, after)} LIMIT ${size}`,
      );
      if (rows.length === 0) return;
      yield { rows, suggestions: await this.suggestionsOf(rows) };
      if (rows.length < size) return;
      const last = rows[rows.length - 1]!;
      cursor = { ts: last.cursor_ts, uuid: last.uuid };
    }
  }

  /**
   * Every matching row for an XLSX export, `size` at a time, from one cursor
   * in one REPEATABLE READ transaction: the statement runs once (no re-walk of
   * the order per batch), memory holds one batch, and rows and names come
   * from the same snapshot. A row carries ids only; each name is read once,
   * in the batch where its id first appears.
   */
  async *exportBatches(f: ReportWhere, size: number): AsyncGenerator<ExportBatch> {
    const created = companyDate(sql`ta.fecha_asignacion`, f.timeZone);
    const select = sql`SELECT ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid,
        ${created} - ${EXCEL_EPOCH} AS creada,
        COALESCE(ta.fecha_vencimiento, ${created}) - ${EXCEL_EPOCH} AS vence,
        ${companyDate(sql`ta.fecha_completada`, f.timeZone)} - ${EXCEL_EPOCH} AS completada,
        ${onTime(f.timeZone)} AS a_tiempo,
        ta.calificacion, ta.observaciones, cl.hechos AS checklist_hechos, cl.total AS checklist_total
      ${FROM} ${CHECKLIST_PROGRESS_JOIN} ${sql.where(conditionsOf(f))}
      ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC`;
    const session = await this.db.session();
    try {
      await session.begin('REPEATABLE READ');
      // Every row is read: plan for the whole result, not for its first tenth.
      await session.query(sql`SET LOCAL cursor_tuple_fraction = 1`);
      await session.query(sql`DECLARE reporte_export NO SCROLL CURSOR FOR ${select}`);
      const named = <T>(statement: (ids: string[]) => Sql, ids: string[]): Promise<T[]> =>
        ids.length ? session.query<T>(statement(ids)) : Promise.resolve([]);
      const seenTasks = new Set<string>();
      const seenEmployees = new Set<string>();
      const seenStates = new Set<string>();
      for (;;) {
        const rows = await session.query<ExportRecord>(sql`FETCH ${sql.int(Math.trunc(size))} FROM reporte_export`);
        if (rows.length === 0) break;
        const tasks = firstSeen(seenTasks, rows, 'tarea_uuid');
        yield {
          rows,
          tasks: await named(
            (ids) =>
              sql`SELECT t.uuid, t.titulo, a.nombre AS area_nombre FROM tareas t JOIN areas a ON a.uuid = t.area_uuid WHERE t.uuid = ANY(${ids}::uuid[])`,
            tasks,
          ),
          suggestions: await named(suggestionsOfTasks, tasks),
          employees: await named(
            (ids) => sql`SELECT uuid, nombre, apellido FROM usuarios WHERE uuid = ANY(${ids}::uuid[])`,
            firstSeen(seenEmployees, rows, 'empleado_uuid'),
          ),
          states: await named(
            (ids) => sql`SELECT uuid, nombre FROM estados WHERE uuid = ANY(${ids}::uuid[])`,
            firstSeen(seenStates, rows, 'estado_uuid'),
          ),
        };
        if (rows.length < size) break;
      }
      await session.commit();
    } finally {
      await session.release();
    }
  }

  private async suggestionsOf(rows: readonly ReportRowRecord[]): Promise<SuggestionRecord[]> {
    const tareas = [...new Set(rows.map((r) => r.tarea_uuid))];
    if (tareas.length === 0) return [];
    return this.db.query(suggestionsOfTasks(tareas));
  }

  /**
   * Counts per (area, status) over the filtered rows, with completion and rating sums: from the
   * summary, or from the assignments when the title filters by task.
   */
  areaStatusCounts(f: ReportWhere, today: string): Promise<AreaStatusCount[]> {
    const due = dueDate(f.timeZone);
    const grouped = f.titleTaskUuids
      ? sql`SELECT t.area_uuid, ta.estado_uuid, ${countedSums(f.timeZone)},
          count(*) FILTER (WHERE NOT ta.archivada AND ta.fecha_completada IS NULL AND ${due} < ${today}::date)::int AS vencidas
        ${FROM} ${sql.where(conditionsOf(f))}
        GROUP BY t.area_uuid, ta.estado_uuid`
      : sql`SELECT r.area_uuid, r.estado_uuid, ${SUMMARY_SUMS},
          COALESCE(sum(r.total) FILTER (WHERE r.vence < ${today}::date), 0)::int AS vencidas
        FROM resumen_asignaciones r ${sql.where(summaryConditions(f))}
        GROUP BY r.area_uuid, r.estado_uuid HAVING sum(r.total) <> 0`;
    return this.db.query(sql`
      SELECT g.*, a.nombre AS area_nombre, e.nombre AS estado_nombre, e.color AS estado_color, e."order" AS estado_order
      FROM (${grouped}) g JOIN areas a ON a.uuid = g.area_uuid JOIN estados e ON e.uuid = g.estado_uuid`);
  }

  /** Counts per employee, most assignments first: from the summary, or the assignments when the title filters. */
  employeeCounts(f: ReportWhere): Promise<EmployeeCount[]> {
    const grouped = f.titleTaskUuids
      ? sql`SELECT ta.empleado_uuid, ${countedSums(f.timeZone)}
        ${FROM} ${sql.where(conditionsOf(f))}
        GROUP BY ta.empleado_uuid`
      : sql`SELECT r.empleado_uuid, ${SUMMARY_SUMS}
        FROM resumen_asignaciones r ${sql.where(summaryConditions(f))}
        GROUP BY r.empleado_uuid HAVING sum(r.total) <> 0`;
    return this.db.query(sql`
      SELECT g.*, u.nombre, u.apellido
      FROM (${grouped}) g JOIN usuarios u ON u.uuid = g.empleado_uuid
      ORDER BY g.total DESC, u.apellido, u.nombre`);
  }

  /** Names for the PDF's "filters used" line. */
  async namesOf(table: (typeof NAMED)[number], uuids: readonly string[]): Promise<string[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db.query<{ nombre: string }>(
      sql`SELECT nombre FROM ${sql.ident(table, NAMED)} WHERE uuid = ANY(${uuids}::uuid[]) ORDER BY nombre`,
    );
    return rows.map((r) => r.nombre);
  }

  async employeeNamesOf(uuids: readonly string[]): Promise<string[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db.query<{ nombre: string }>(
      sql`SELECT nombre || ' ' || apellido AS nombre FROM usuarios WHERE uuid = ANY(${uuids}::uuid[]) ORDER BY apellido, nombre`,
    );
    return rows.map((r) => r.nombre);
  }
}
