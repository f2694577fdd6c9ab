import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { MAX_LEAD_DAYS, type NonWorkingPolicy } from '@gestar/contracts';
import { paginate, PageRequest, sql } from '../../database/sql';

/** What every schedule row carries: its task and area, and how its series runs. Dates are `YYYY-MM-DD`. */
/** A date column of `programaciones_tareas` read as `YYYY-MM-DD` text. */
type Day<C extends 'inicio' | 'fin' | 'proxima_ejecucion'> = AsText<Column<'programaciones_tareas', C>>;

/** The schedule's own columns that say how its series runs (dates as text, the policy narrowed). */
type SeriesFields = Columns<
  'programaciones_tareas',
  'tarea_uuid' | 'intervalo_repeticion' | 'regla' | 'repeticiones' | 'fechas_generadas' | 'anticipacion_dias'
> & {
  inicio: Day<'inicio'>;
  fin: Day<'fin'>;
  proxima_ejecucion: Day<'proxima_ejecucion'>;
  /** A CHECK constraint in the schema: narrowed here. */
  dias_no_laborables: Column<'programaciones_tareas', 'dias_no_laborables'> & NonWorkingPolicy;
};

/** What every schedule row carries: its task and area, and how its series runs. Dates are `YYYY-MM-DD`. */
type ScheduleSeriesRow = Columns<'programaciones_tareas', 'uuid'> &
  Columns<'tareas', 'titulo' | 'area_uuid'> &
  SeriesFields;

/** A schedule with the task and area it shows. Dates are `YYYY-MM-DD` in the company time zone. */
export type ScheduleRow = ScheduleSeriesRow &
  Columns<'programaciones_tareas', 'dias_vencimiento' | 'activo' | 'ultima_ejecucion' | 'total_generadas'> & {
    area_nombre: Column<'areas', 'nombre'>;
    /** The task's machine (all three null when it names none). */
    equipo_uuid: Column<'tareas', 'equipo_uuid'>;
    equipo_codigo: Column<'equipos', 'codigo'> | null;
    equipo_nombre: Column<'equipos', 'nombre'> | null;
  };

export type TaskRef = Columns<'tareas', 'uuid' | 'area_uuid'>;

export type ScheduleWrite = Omit<SeriesFields, 'fechas_generadas'> &
  Columns<'programaciones_tareas', 'activo'> & {
    /** The due date's offset from each occurrence date (the task form sets it; omitted: 0, or unchanged). */
    dias_vencimiento?: Column<'programaciones_tareas', 'dias_vencimiento'>;
  };

/** A due schedule, locked by the transaction that claimed it. Dates are `YYYY-MM-DD`. */
export type ClaimedSchedule = ScheduleSeriesRow & Columns<'programaciones_tareas', 'dias_vencimiento'>;

export interface ScheduleAdvance {
  uuid: string;
  next: string;
  generated: number;
  /** Occurrence dates produced by this run (what `repeticiones` counts). */
  dates: number;
  /** No date is left: the schedule turns itself off. */
  ends: boolean;
}

/** The rule columns as `YYYY-MM-DD` text. */
const RULE_COLUMNS = sql`p.regla, to_char(p.inicio, 'YYYY-MM-DD') AS inicio, to_char(p.fin, 'YYYY-MM-DD') AS fin,
         p.repeticiones, p.fechas_generadas, p.dias_no_laborables, p.anticipacion_dias`;

const SELECT_ROW = sql`
  SELECT p.uuid, p.tarea_uuid, t.titulo, t.area_uuid, a.nombre AS area_nombre,
         t.equipo_uuid, eq.codigo AS equipo_codigo, eq.nombre AS equipo_nombre, p.intervalo_repeticion, ${RULE_COLUMNS},
         to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, p.activo, p.ultima_ejecucion, p.total_generadas,
         p.dias_vencimiento
    FROM programaciones_tareas p
    JOIN tareas t ON t.uuid = p.tarea_uuid
    JOIN areas a ON a.uuid = t.area_uuid
    LEFT JOIN equipos eq ON eq.uuid = t.equipo_uuid`;

/**
 * The only writer of `programaciones_tareas`: the schedules screen, the task form (through
 * ScheduledTasksService) and the generator. Dates travel as `YYYY-MM-DD` text (never through
 * JS Date, which would shift them by the server's zone).
 */
@Injectable()
export class ScheduledTasksRepository {
  constructor(private readonly db: Db) {}

  /** A page of schedules of tasks in the given areas (`null`: every area). */
  async page(areaUuids: readonly string[] | null, q: PageRequest): Promise<{ rows: ScheduleRow[]; total: number }> {
    if (areaUuids && !areaUuids.length) return { rows: [], total: 0 };
    const where = areaUuids ? sql`WHERE t.area_uuid = ANY(${areaUuids}::uuid[])` : sql.empty;
    const rows = await this.db.query<ScheduleRow>(
      sql`${SELECT_ROW} ${where} ORDER BY lower(t.titulo), p.uuid ${paginate(q)}`,
    );
    const count = await this.db.one<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM programaciones_tareas p JOIN tareas t ON t.uuid = p.tarea_uuid ${where}`,
    );
    return { rows, total: count?.total ?? 0 };
  }

  findOne(uuid: string): Promise<ScheduleRow | null> {
    return this.db.one(sql`${SELECT_ROW} WHERE p.uuid = ${uuid}`);
  }

  /** Locks the schedule row for an edit (inside a transaction), so the generator skips it meanwhile. */
  async lock(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM programaciones_tareas WHERE uuid = ${uuid} FOR UPDATE`)) !== null;
  }

  findTask(uuid: string): Promise<TaskRef | null> {
    return this.db.one(sql`SELECT uuid, area_uuid FROM tareas WHERE uuid = ${uuid}`);
  }

  async scheduleOfTask(tareaUuid: string): Promise<string | null> {
    return (
      (
        await this.db.one<Columns<'programaciones_tareas', 'uuid'>>(
          sql`SELECT uuid FROM programaciones_tareas WHERE tarea_uuid = ${tareaUuid}`,
        )
      )?.uuid ?? null
    );
  }

  async insert(input: ScheduleWrite): Promise<string> {
    const [row] = await this.db.query<Columns<'programaciones_tareas', 'uuid'>>(sql`
      INSERT INTO programaciones_tareas
             (tarea_uuid, intervalo_repeticion, regla, inicio, fin, repeticiones, dias_no_laborables, anticipacion_dias,
              proxima_ejecucion, activo, dias_vencimiento)
      VALUES (${input.tarea_uuid}, ${input.intervalo_repeticion}, ${input.regla}, ${input.inicio}::date, ${input.fin}::date,
              ${input.repeticiones}, ${input.dias_no_laborables}, ${input.anticipacion_dias},
              ${input.proxima_ejecucion}::date, ${input.activo}, ${input.dias_vencimiento ?? 0})
      RETURNING uuid`);
    return row.uuid;
  }

  async update(uuid: string, input: ScheduleWrite): Promise<void> {
    await this.db.execute(sql`
      UPDATE programaciones_tareas
         SET tarea_uuid = ${input.tarea_uuid}, intervalo_repeticion = ${input.intervalo_repeticion},
             regla = ${input.regla}, inicio = ${input.inicio}::date, fin = ${input.fin}::date,
             repeticiones = ${input.repeticiones}, dias_no_laborables = ${input.dias_no_laborables},
             anticipacion_dias = ${input.anticipacion_dias}, proxima_ejecucion = ${input.proxima_ejecucion}::date,
             activo = ${input.activo},
             dias_vencimiento = COALESCE(${input.dias_vencimiento ?? null}::int, dias_vencimiento), updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  /** Assigned tasks it produced stay (their `programacion_uuid` becomes null). */
  async delete(uuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM programaciones_tareas WHERE uuid = ${uuid}`);
  }

  async deleteOfTask(tareaUuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM programaciones_tareas WHERE tarea_uuid = ${tareaUuid}`);
  }

  async deactivateOfTask(tareaUuid: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE programaciones_tareas SET activo = false, updated_at = now() WHERE tarea_uuid = ${tareaUuid}`,
    );
  }

  /**
   * Locks up to `limit` due schedules of active tasks (inside the generator's transaction). SKIP LOCKED
   * lets another process claim other rows at the same time instead of waiting for these; a row
   * another process has just advanced no longer matches `proxima_ejecucion <= today`.
   */
  claimDue(today: string, limit: number): Promise<ClaimedSchedule[]> {
    return this.db.query(sql`
      SELECT p.uuid, p.tarea_uuid, t.titulo, t.area_uuid, p.intervalo_repeticion, ${RULE_COLUMNS},
             to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, p.dias_vencimiento
        FROM programaciones_tareas p
        JOIN tareas t ON t.uuid = p.tarea_uuid
       WHERE p.activo AND t.activo AND p.proxima_ejecucion <= ${today}::date + ${MAX_LEAD_DAYS}::int
         AND p.proxima_ejecucion - p.anticipacion_dias <= ${today}::date
       ORDER BY p.proxima_ejecucion, p.uuid
       LIMIT ${limit}
       FOR UPDATE OF p SKIP LOCKED`);
  }

  /** Moves each schedule to its next date and records the run. */
  async advance(advances: readonly ScheduleAdvance[], at: Date): Promise<void> {
    if (!advances.length) return;
    await this.db.execute(sql`
      UPDATE programaciones_tareas p
         SET proxima_ejecucion = u.next, ultima_ejecucion = ${at},
             total_generadas = p.total_generadas + u.generated,
             fechas_generadas = p.fechas_generadas + u.dates,
             activo = p.activo AND NOT u.ends, updated_at = now()
        FROM unnest(${advances.map((a) => a.uuid)}::uuid[], ${advances.map((a) => a.next)}::date[], ${advances.map((a) => a.generated)}::int[],
                    ${advances.map((a) => a.dates)}::int[], ${advances.map((a) => a.ends)}::boolean[])
             AS u(uuid, next, generated, dates, ends)
       WHERE p.uuid = u.uuid`);
  }
}
