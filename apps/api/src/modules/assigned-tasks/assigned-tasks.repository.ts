import { Injectable } from '@nestjs/common';
import type { AssignedTaskHistoryType, StatusCategory } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { Sql, sql } from '../../database/sql';
import { CHECKLIST_PROGRESS_JOIN } from './checklist-progress.sql';

/** Where a board query looks: `null` lists mean "no restriction". */
export interface BoardFilter {
  /** Only this employee's tasks (a caller without either read permission). */
  onlyEmployee?: string;
  /** Areas the caller may watch; the caller's own tasks are always included. */
  scopeAreas: readonly string[] | null;
  caller: string;
  areas: readonly string[] | null;
  users: readonly string[] | null;
  /** One machine's tasks: its uuid or its code (any case). */
  equipo?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface NewOccurrence {
  tareaUuid: string;
  empleadoUuid: string;
  estadoUuid: string;
  fechaVencimiento: string;
  asignadoPor: string;
}

export interface NewHistory {
  tareaAsignadaUuid: string;
  tipo: AssignedTaskHistoryType;
  detalle: string;
  usuarioUuid: string | null;
}

/** The row an access decision needs. */
export type AssignedTaskAccessRow = Columns<'tareas_asignadas', 'uuid' | 'tarea_uuid' | 'empleado_uuid' | 'estado_uuid' | 'archivada'> &
  Columns<'tareas', 'area_uuid'>;

/** A column of the schedule a card shows: null when the task has none (LEFT JOIN). */
type CardSchedule<C extends 'uuid' | 'intervalo_repeticion' | 'regla' | 'activo'> = Column<'programaciones_tareas', C> | null;

/** What a card shows, one flat row (see `AssignedTasksRepository.cards`). */
export type CardRow = Columns<
  'tareas_asignadas',
  'uuid' | 'estado_uuid' | 'fecha_asignacion' | 'empleado_uuid' | 'tarea_uuid' | 'archivada' | 'calificacion' | 'observaciones'
> &
  Columns<'tareas', 'tipo_tarea_uuid' | 'area_uuid'> & {
    estado_nombre: Column<'estados', 'nombre'>;
    estado_color: Column<'estados', 'color'>;
    estado_order: Column<'estados', 'order'>;
    /** `YYYY-MM-DD` in APP_TIMEZONE, or null (due the day it was assigned). */
    fecha_vencimiento: AsText<Column<'tareas_asignadas', 'fecha_vencimiento'>>;
    empleado_nombre: Column<'usuarios', 'nombre'>;
    empleado_apellido: Column<'usuarios', 'apellido'>;
    empleado_username: Column<'usuarios', 'username'>;
    tarea_titulo: Column<'tareas', 'titulo'>;
    tarea_descripcion: Column<'tareas', 'descripcion'>;
    tipo_tarea_nombre: Column<'tipos_tarea', 'nombre'>;
    area_nombre: Column<'areas', 'nombre'>;
    /** The task's machine (all three null when it names none). */
    equipo_uuid: Column<'tareas', 'equipo_uuid'>;
    equipo_codigo: Column<'equipos', 'codigo'> | null;
    equipo_nombre: Column<'equipos', 'nombre'> | null;
    /** The task's schedule, when it has one (all four null otherwise). */
    programacion_uuid: CardSchedule<'uuid'>;
    intervalo_repeticion: CardSchedule<'intervalo_repeticion'>;
    regla: CardSchedule<'regla'>;
    proxima_ejecucion: AsText<Column<'programaciones_tareas', 'proxima_ejecucion'>> | null;
    programacion_activa: CardSchedule<'activo'>;
    checklist_hechos: number;
    checklist_total: number;
  };

/** One step of an occurrence's checklist, with who ticked it. */
export type ChecklistItemRow = Columns<
  'tarea_asignada_checklist',
  'uuid' | 'texto' | 'requiere_foto' | 'requiere_nota' | 'hecho' | 'nota' | 'hecho_en'
> & {
  hecho_por_nombre: Column<'usuarios', 'nombre'> | null;
  hecho_por_apellido: Column<'usuarios', 'apellido'> | null;
};

export type StatusRow = Columns<'estados', 'uuid' | 'nombre' | 'order' | 'categoria'> & {
  /** A CHECK constraint in the schema: narrowed here. */
  categoria: StatusCategory;
};

export type HistoryRow = Columns<'historial_tareas_asignadas', 'uuid' | 'tipo' | 'detalle' | 'fecha'> & {
  /** A CHECK constraint in the schema: narrowed here. */
  tipo: AssignedTaskHistoryType;
  /** Null for entries written by the scheduler. */
  usuario_nombre: Column<'usuarios', 'nombre'> | null;
  usuario_apellido: Column<'usuarios', 'apellido'> | null;
  /** The shared terminal the change was made at (issue 34), by name; null elsewhere. */
  terminal_nombre?: Column<'terminales', 'nombre'> | null;
};

/** A date column of `tareas_asignadas` read as `YYYY-MM-DD` text, never null here. */
type Day<C extends 'fecha_ocurrencia' | 'fecha_vencimiento'> = NonNullable<AsText<Column<'tareas_asignadas', C>>>;

/** One occurrence a schedule owes: its date and due date, `YYYY-MM-DD`. */
export type ScheduledOccurrence = {
  programacion_uuid: NonNullable<Column<'tareas_asignadas', 'programacion_uuid'>>;
  fecha_ocurrencia: Day<'fecha_ocurrencia'>;
  fecha_vencimiento: Day<'fecha_vencimiento'>;
};

export type InsertedOccurrence = Columns<'tareas_asignadas', 'uuid' | 'tarea_uuid' | 'empleado_uuid'> & ScheduledOccurrence;

const CHECKLIST_SELECT = sql`
  SELECT c.uuid, c.texto, c.requiere_foto, c.requiere_nota, c.hecho, c.nota, c.hecho_en,
         u.nombre AS hecho_por_nombre, u.apellido AS hecho_por_apellido
    FROM tarea_asignada_checklist c LEFT JOIN usuarios u ON u.uuid = c.hecho_por_uuid`;

/**
 * The only writer of `tareas_asignadas`, `historial_tareas_asignadas` and
 * `tarea_asignada_checklist` (whose rows a trigger copies from the task when an occurrence is inserted).
 */
@Injectable()
export class AssignedTasksRepository {
  constructor(private readonly db: Db) {}

  /**
   * Cards: the assigned tasks matching `where`, with everything a card shows, in one statement
   * (every join is many-to-one). Only the columns a card needs, flat: no entity hydration.
   */
  private cards(where: Sql, orderBy: Sql): Promise<CardRow[]> {
    return this.db.query(sql`
      SELECT ta.uuid, ta.estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color, e."order" AS estado_order,
             ta.fecha_vencimiento::text AS fecha_vencimiento, ta.fecha_asignacion,
             ta.empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido, u.username AS empleado_username,
             ta.tarea_uuid, t.titulo AS tarea_titulo, t.descripcion AS tarea_descripcion,
             t.tipo_tarea_uuid, tt.nombre AS tipo_tarea_nombre, t.area_uuid, a.nombre AS area_nombre,
             t.equipo_uuid, eq.codigo AS equipo_codigo, eq.nombre AS equipo_nombre,
             p.uuid AS programacion_uuid, p.intervalo_repeticion, p.regla, p.proxima_ejecucion::text AS proxima_ejecucion,
             p.activo AS programacion_activa,
             ta.archivada, ta.calificacion, ta.observaciones,
             cl.hechos AS checklist_hechos, cl.total AS checklist_total
        FROM tareas_asignadas ta
        JOIN estados e ON e.uuid = ta.estado_uuid
        JOIN usuarios u ON u.uuid = ta.empleado_uuid
        JOIN tareas t ON t.uuid = ta.tarea_uuid
        JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
        JOIN areas a ON a.uuid = t.area_uuid
        LEFT JOIN programaciones_tareas p ON p.tarea_uuid = t.uuid
        LEFT JOIN equipos eq ON eq.uuid = t.equipo_uuid
        ${CHECKLIST_PROGRESS_JOIN}
       ${where}
       ORDER BY ${orderBy}`);
  }

  board(f: BoardFilter): Promise<CardRow[]> {
    const conditions: Sql[] = [sql`ta.archivada = false`];
    if (f.onlyEmployee) conditions.push(sql`ta.empleado_uuid = ${f.onlyEmployee}`);
    if (f.scopeAreas)
      conditions.push(sql`(t.area_uuid = ANY(${f.scopeAreas}::uuid[]) OR ta.empleado_uuid = ${f.caller})`);
    if (f.areas) conditions.push(sql`t.area_uuid = ANY(${f.areas}::uuid[])`);
    if (f.users) conditions.push(sql`ta.empleado_uuid = ANY(${f.users}::uuid[])`);
    if (f.equipo) {
      conditions.push(
        UUID.test(f.equipo)
          ? sql`t.equipo_uuid = ${f.equipo}::uuid`
          : sql`t.equipo_uuid = (SELECT uuid FROM equipos WHERE upper(codigo) = upper(${f.equipo}))`,
      );
    }
    return this.cards(
      sql.where(conditions),
      sql`ta.fecha_vencimiento ASC NULLS LAST, ta.fecha_asignacion ASC, ta.uuid ASC`,
    );
  }

  findCards(uuids: readonly string[]): Promise<CardRow[]> {
    if (uuids.length === 0) return Promise.resolve([]);
    return this.cards(sql`WHERE ta.uuid = ANY(${uuids}::uuid[])`, sql`u.nombre ASC, u.apellido ASC, ta.uuid ASC`);
  }

  /** One card: by equality, so its prepared plan does not depend on the parameter (an array's length does). */
  async findCard(uuid: string): Promise<CardRow | null> {
    return (await this.cards(sql`WHERE ta.uuid = ${uuid}`, sql`ta.uuid`))[0] ?? null;
  }

  /** The access row, locked for the rest of the transaction when `lock` is set (serialises concurrent changes). */
  findAccessRow(uuid: string, lock = false): Promise<AssignedTaskAccessRow | null> {
    return this.db.one(sql`
      SELECT ta.uuid, ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid, ta.archivada, t.area_uuid
        FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
       WHERE ta.uuid = ${uuid} ${lock ? sql`FOR UPDATE OF ta` : sql.empty}`);
  }

  /**
   * The access rows of a set, in one statement, locked in uuid order for the rest of the transaction
   * (two bulk calls over overlapping sets take their locks in the same order). Missing ids are absent.
   */
  lockAccessRows(uuids: readonly string[]): Promise<AssignedTaskAccessRow[]> {
    return this.db.query(sql`
      SELECT ta.uuid, ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid, ta.archivada, t.area_uuid
        FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
       WHERE ta.uuid = ANY(${uuids}::uuid[])
       ORDER BY ta.uuid FOR UPDATE OF ta`);
  }

  statuses(): Promise<StatusRow[]> {
    return this.db.query(
      sql`SELECT uuid, nombre, "order", categoria FROM estados ORDER BY "order" ASC, created_at ASC, uuid ASC`,
    );
  }

  /** The status new assigned tasks start in: the lowest `order`. */
  firstStatus(): Promise<StatusRow | null> {
    return this.db.one(
      sql`SELECT uuid, nombre, "order", categoria FROM estados ORDER BY "order" ASC, created_at ASC, uuid ASC LIMIT 1`,
    );
  }

  /** The uuid given to each employee's new occurrence. */
  insertOccurrences(rows: readonly NewOccurrence[]): Promise<Columns<'tareas_asignadas', 'uuid' | 'empleado_uuid'>[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return this.db.query(sql`
      INSERT INTO tareas_asignadas
             (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid, fecha_completada)
      SELECT v.tarea_uuid, v.empleado_uuid, v.estado_uuid, v.fecha_vencimiento, v.asignado_por_uuid,
             CASE WHEN e.categoria = 'terminada' THEN now() END
        FROM (VALUES ${sql.join(rows.map((r) => sql`(${r.tareaUuid}::uuid, ${r.empleadoUuid}::uuid, ${r.estadoUuid}::uuid, ${r.fechaVencimiento}::date, ${r.asignadoPor}::uuid)`))})
             AS v (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
        JOIN estados e ON e.uuid = v.estado_uuid
      RETURNING uuid, empleado_uuid`);
  }

  /**
   * One assigned task per current, active default assignee of each schedule's task,
   * each with its 'asignacion' history entry by nobody (the system), in one statement.
   * The unique key (schedule, occurrence date, employee) makes a second insert of the
   * same occurrence a no-op, whoever attempts it (and a no-op writes no history).
   */
  insertScheduledOccurrences(
    occurrences: readonly ScheduledOccurrence[],
    estadoUuid: string,
    at: Date,
    detalle: string,
  ): Promise<InsertedOccurrence[]> {
    if (!occurrences.length) return Promise.resolve([]);
    return this.db.query(sql`
      WITH inserted AS (
        INSERT INTO tareas_asignadas
               (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento, programacion_uuid, fecha_ocurrencia, asignado_por_uuid)
        SELECT p.tarea_uuid, tu.usuario_uuid, ${estadoUuid}, ${at}, o.fecha_vencimiento, p.uuid, o.fecha_ocurrencia, NULL
          FROM unnest(${occurrences.map((o) => o.programacion_uuid)}::uuid[], ${occurrences.map((o) => o.fecha_ocurrencia)}::date[],
                      ${occurrences.map((o) => o.fecha_vencimiento)}::date[]) AS o(programacion_uuid, fecha_ocurrencia, fecha_vencimiento)
          JOIN programaciones_tareas p ON p.uuid = o.programacion_uuid
          JOIN tarea_usuarios tu ON tu.tarea_uuid = p.tarea_uuid
          JOIN usuarios u ON u.uuid = tu.usuario_uuid AND u.activo
         ORDER BY p.uuid, tu.usuario_uuid
        ON CONFLICT (programacion_uuid, fecha_ocurrencia, empleado_uuid) WHERE programacion_uuid IS NOT NULL DO NOTHING
        RETURNING uuid, programacion_uuid, tarea_uuid, empleado_uuid, fecha_ocurrencia, fecha_vencimiento
      ), history AS (
        INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
        SELECT i.uuid, 'asignacion', ${detalle}, NULL, ${at} FROM inserted i
      )
      SELECT uuid, programacion_uuid, tarea_uuid, empleado_uuid,
             to_char(fecha_ocurrencia, 'YYYY-MM-DD') AS fecha_ocurrencia,
             to_char(fecha_vencimiento, 'YYYY-MM-DD') AS fecha_vencimiento
        FROM inserted`);
  }

  async addHistory(rows: readonly NewHistory[]): Promise<void> {
    if (rows.length === 0) return;
    // clock_timestamp(), not now(): entries written in one transaction keep their order (status before archive).
    await this.db.execute(sql`
      INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
      SELECT u.*, clock_timestamp()
        FROM unnest(${rows.map((r) => r.tareaAsignadaUuid)}::uuid[], ${rows.map((r) => r.tipo)}::varchar[],
                    ${rows.map((r) => r.detalle)}::text[], ${rows.map((r) => r.usuarioUuid)}::uuid[]) AS u`);
  }

  /** Newest first. */
  history(uuid: string): Promise<HistoryRow[]> {
    return this.db.query(sql`
      SELECT h.uuid, h.tipo, h.detalle, h.fecha, u.nombre AS usuario_nombre, u.apellido AS usuario_apellido,
             tm.nombre AS terminal_nombre
        FROM historial_tareas_asignadas h LEFT JOIN usuarios u ON u.uuid = h.usuario_uuid
        LEFT JOIN terminales tm ON tm.uuid = h.terminal_uuid
       WHERE h.tarea_asignada_uuid = ${uuid}
       ORDER BY h.fecha DESC, h.uuid DESC`);
  }

  /**
   * The status and, in the same statement, the completion moment: kept when moving between
   * `terminada` statuses (the first move into one counts), set to now on entering one, cleared
   * on leaving (a task moved back is no longer complete).
   */
  /** The new status; completion is the first move into a finished one, at `at` (now by default). */
  /**
   * After a status changed category: its tasks become complete from the moment they entered it
   * (their last status change, else their assignment) or stop being complete.
   */
  async syncCompletionOfStatus(uuid: string, finished: boolean): Promise<void> {
    if (finished) {
      await this.db.execute(sql`
        UPDATE tareas_asignadas ta
           SET fecha_completada = coalesce(
                 (SELECT max(h.fecha) FROM historial_tareas_asignadas h
                   WHERE h.tarea_asignada_uuid = ta.uuid AND h.tipo = 'estado'),
                 ta.fecha_asignacion)
         WHERE ta.estado_uuid = ${uuid} AND ta.fecha_completada IS NULL`);
    } else {
      await this.db.execute(sql`
        UPDATE tareas_asignadas SET fecha_completada = NULL
         WHERE estado_uuid = ${uuid} AND fecha_completada IS NOT NULL`);
    }
  }

  async setStatus(uuid: string, estadoUuid: string, completed: boolean, at: Date | null = null): Promise<void> {
    await this.db.execute(sql`
      UPDATE tareas_asignadas
         SET estado_uuid = ${estadoUuid},
             fecha_completada = CASE WHEN ${completed}::boolean
                                     THEN coalesce(fecha_completada, greatest(fecha_asignacion, coalesce(${at}::timestamptz, now())))
                                     ELSE NULL END,
             updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async setDueDate(uuid: string, due: string): Promise<void> {
    await this.db.execute(sql`UPDATE tareas_asignadas SET fecha_vencimiento = ${due}, updated_at = now() WHERE uuid = ${uuid}`);
  }

  async setAssignee(uuid: string, empleadoUuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE tareas_asignadas SET empleado_uuid = ${empleadoUuid}, updated_at = now() WHERE uuid = ${uuid}`);
  }

  async archive(uuid: string, calificacion: number | null, observaciones: string | null): Promise<void> {
    await this.db.execute(sql`
      UPDATE tareas_asignadas
         SET archivada = true, calificacion = ${calificacion}, observaciones = ${observaciones}, fecha_archivado = now(), updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async unarchive(uuid: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE tareas_asignadas SET archivada = false, fecha_archivado = NULL, updated_at = now() WHERE uuid = ${uuid}`,
    );
  }

  /** The occurrence's checklist, in order. */
  checklist(uuid: string): Promise<ChecklistItemRow[]> {
    return this.db.query(sql`${CHECKLIST_SELECT} WHERE c.tarea_asignada_uuid = ${uuid} ORDER BY c.orden`);
  }

  findChecklistItem(uuid: string, itemUuid: string): Promise<ChecklistItemRow | null> {
    return this.db.one(sql`${CHECKLIST_SELECT} WHERE c.tarea_asignada_uuid = ${uuid} AND c.uuid = ${itemUuid}`);
  }

  /** Ticks (with who and when) or unticks a step; `nota` undefined keeps the stored one. */
  async setChecklistItem(itemUuid: string, hecho: boolean, nota: string | null | undefined, by: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE tarea_asignada_checklist
         SET hecho = ${hecho},
             nota = CASE WHEN ${nota === undefined}::boolean THEN nota ELSE ${nota ?? null} END,
             hecho_por_uuid = CASE WHEN ${hecho}::boolean THEN ${by}::uuid END,
             hecho_en = CASE WHEN ${hecho}::boolean THEN now() END
       WHERE uuid = ${itemUuid}`);
  }

  /**
   * Texts of the steps not done, in order: not ticked, or ticked without the evidence they require
   * (a photo: an image attached to the step, a PDF does not count; a note).
   */
  async pendingChecklistItems(uuid: string): Promise<string[]> {
    const rows = await this.db.query<Columns<'tarea_asignada_checklist', 'texto'>>(sql`
      SELECT c.texto FROM tarea_asignada_checklist c
       WHERE c.tarea_asignada_uuid = ${uuid}
         AND (NOT c.hecho
              OR (c.requiere_foto AND NOT EXISTS (
                    SELECT 1 FROM adjuntos a WHERE a.checklist_item_uuid = c.uuid AND a.tipo LIKE 'image/%'))
              OR (c.requiere_nota AND coalesce(c.nota, '') = ''))
       ORDER BY c.orden`);
    return rows.map((r) => r.texto);
  }

  /** Users among `uuids` that are active and belong to `areaUuid`. */
  activeUsersOfArea(
    uuids: readonly string[],
    areaUuid: string,
  ): Promise<Columns<'usuarios', 'uuid' | 'nombre' | 'apellido'>[]> {
    return this.db.query(sql`
      SELECT u.uuid, u.nombre, u.apellido FROM usuarios u
        JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = ${areaUuid}
       WHERE u.uuid = ANY(${uuids}::uuid[]) AND u.activo`);
  }

  /** The task an assignment is made from. */
  findTask(uuid: string): Promise<Columns<'tareas', 'uuid' | 'area_uuid' | 'activo'> | null> {
    return this.db.one(sql`SELECT uuid, area_uuid, activo FROM tareas WHERE uuid = ${uuid}`);
  }

  taskTitles(uuids: readonly string[]): Promise<Columns<'tareas', 'uuid' | 'titulo'>[]> {
    return this.db.query(sql`SELECT uuid, titulo FROM tareas WHERE uuid = ANY(${uuids}::uuid[])`);
  }
}
