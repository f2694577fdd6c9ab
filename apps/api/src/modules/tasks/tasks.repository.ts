import { Injectable } from '@nestjs/common';
import type { SeriesColumns } from '../scheduled-tasks/scheduled-tasks.mapper';
import { Db } from '../../database/db';
import type { AsText, Column, Columns } from '../../database/rows';
import { likePattern, paginate, Sql, sql } from '../../database/sql';

export interface TaskPageFilter {
  /** `null`: every area. */
  areas: readonly string[] | null;
  titulo?: string;
  areaUuid?: string;
  userUuid?: string;
  activo: boolean;
  page: number;
  limit: number;
}

export type TaskRow = Columns<'tareas', 'uuid' | 'area_uuid' | 'activo' | 'titulo' | 'equipo_uuid'>;

export type SuggestionRow = Columns<'sugerencias', 'uuid' | 'descripcion' | 'creado_por_uuid' | 'fecha_creacion'>;

/**
 * A task with what its response shows (its checklist too): names of its type, area and author, its schedule, its
 * default assignees and its suggestions (oldest first). Suggestion dates are PostgreSQL's text
 * output, read with the driver's own timestamptz parser.
 */
export type TaskListRow = Columns<
  'tareas',
  'uuid' | 'titulo' | 'descripcion' | 'tipo_tarea_uuid' | 'area_uuid' | 'activo' | 'creado_por_uuid' | 'fecha_creacion' | 'minutos_estimados'
> & {
  tipo_tarea_nombre: Column<'tipos_tarea', 'nombre'>;
  area_nombre: Column<'areas', 'nombre'>;
  creado_por_nombre: Column<'usuarios', 'nombre'>;
  creado_por_apellido: Column<'usuarios', 'apellido'>;
  programacion:
    | (SeriesColumns &
        Columns<'programaciones_tareas', 'uuid' | 'activo'> & {
          proxima_ejecucion: AsText<Column<'programaciones_tareas', 'proxima_ejecucion'>>;
        })
    | null;
  asignados: Columns<'usuarios', 'uuid' | 'nombre' | 'apellido'>[] | null;
  sugerencias:
    | (Columns<'sugerencias', 'uuid' | 'descripcion' | 'creado_por_uuid'> & {
        fecha_creacion: AsText<Column<'sugerencias', 'fecha_creacion'>>;
      })[]
    | null;
  checklist: Columns<'tarea_checklist', 'uuid' | 'texto' | 'requiere_foto' | 'requiere_nota' | 'minutos_estimados'>[] | null;
  equipo: Columns<'equipos', 'uuid' | 'codigo' | 'nombre'> | null;
};

export type ChecklistStep = Columns<'tarea_checklist', 'texto' | 'requiere_foto' | 'requiere_nota'> & {
  minutos_estimados?: number | null;
};

const TASK_COLUMNS = sql`t.uuid, t.titulo, t.descripcion, t.tipo_tarea_uuid, tt.nombre AS tipo_tarea_nombre,
  t.area_uuid, a.nombre AS area_nombre, t.activo,
  t.creado_por_uuid, cu.nombre AS creado_por_nombre, cu.apellido AS creado_por_apellido, t.fecha_creacion, t.minutos_estimados,
  CASE WHEN pr.uuid IS NOT NULL THEN json_build_object('uuid', pr.uuid, 'intervalo_repeticion', pr.intervalo_repeticion,
    'proxima_ejecucion', to_char(pr.proxima_ejecucion, 'YYYY-MM-DD'), 'activo', pr.activo, 'regla', pr.regla,
    'fin', to_char(pr.fin, 'YYYY-MM-DD'), 'repeticiones', pr.repeticiones, 'dias_no_laborables', pr.dias_no_laborables,
    'anticipacion_dias', pr.anticipacion_dias) END AS programacion,
  (SELECT json_agg(json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido))
     FROM tarea_usuarios tu JOIN usuarios u ON u.uuid = tu.usuario_uuid
    WHERE tu.tarea_uuid = t.uuid) AS asignados,
  (SELECT json_agg(json_build_object('uuid', s.uuid, 'descripcion', s.descripcion, 'creado_por_uuid', s.creado_por_uuid,
            'fecha_creacion', s.fecha_creacion::text) ORDER BY s.fecha_creacion, s.uuid)
     FROM sugerencias s WHERE s.tarea_uuid = t.uuid) AS sugerencias,
  (SELECT json_agg(json_build_object('uuid', c.uuid, 'texto', c.texto, 'requiere_foto', c.requiere_foto,
            'requiere_nota', c.requiere_nota, 'minutos_estimados', c.minutos_estimados) ORDER BY c.orden)
     FROM tarea_checklist c WHERE c.tarea_uuid = t.uuid) AS checklist,
  CASE WHEN eq.uuid IS NOT NULL THEN json_build_object('uuid', eq.uuid, 'codigo', eq.codigo, 'nombre', eq.nombre) END AS equipo`;

const TASK_JOINS = sql`JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
  JOIN areas a ON a.uuid = t.area_uuid
  JOIN usuarios cu ON cu.uuid = t.creado_por_uuid
  LEFT JOIN programaciones_tareas pr ON pr.tarea_uuid = t.uuid
  LEFT JOIN equipos eq ON eq.uuid = t.equipo_uuid`;

/** Tables a task references, checked by `exists`. */

@Injectable()
export class TasksRepository {
  constructor(private readonly db: Db) {}

  /**
   * One page of tasks (newest first) with every relation the response shows, and the total that
   * match, in one statement: the page is read in the order of `tareas_lista_idx` (no sort of the
   * whole catalog), the total is counted apart in the same statement, and the relations are
   * joined onto the page's rows only. A page past the end has no row to carry the total: it is
   * counted alone.
   */
  async page(f: TaskPageFilter): Promise<{ tasks: TaskListRow[]; total: number }> {
    const conditions: Sql[] = [sql`t.activo = ${f.activo}`];
    if (f.areas) conditions.push(sql`t.area_uuid = ANY(${f.areas}::uuid[])`);
    if (f.titulo)
      conditions.push(sql`lower(f_unaccent(t.titulo)) LIKE lower(f_unaccent(${likePattern(f.titulo)})) ESCAPE '\\'`);
    if (f.areaUuid) conditions.push(sql`t.area_uuid = ${f.areaUuid}`);
    if (f.userUuid) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM tarea_usuarios tu WHERE tu.tarea_uuid = t.uuid AND tu.usuario_uuid = ${f.userUuid})`,
      );
    }
    const where = sql.where(conditions);
    const total = sql`SELECT count(*)::int AS total FROM tareas t ${where}`;
    const rows = await this.db.query<TaskListRow & { total: number }>(sql`
      WITH page AS (
        SELECT t.uuid, t.fecha_creacion
          FROM tareas t ${where}
         ORDER BY t.fecha_creacion DESC, t.uuid DESC
         ${paginate(f)}
      )
      SELECT ${TASK_COLUMNS}, (${total}) AS total
        FROM page JOIN tareas t ON t.uuid = page.uuid ${TASK_JOINS}
       ORDER BY page.fecha_creacion DESC, page.uuid DESC`);
    if (rows.length > 0) return { tasks: rows, total: rows[0].total };
    if (f.page === 1) return { tasks: [], total: 0 };
    const count = await this.db.one<{ total: number }>(total);
    return { tasks: [], total: count?.total ?? 0 };
  }

  /** One task with every relation the response shows (one statement), or null. */
  findOne(uuid: string): Promise<TaskListRow | null> {
    return this.db.one(sql`SELECT ${TASK_COLUMNS} FROM tareas t ${TASK_JOINS} WHERE t.uuid = ${uuid}`);
  }

  /** `lock`: row lock for the rest of the transaction. */
  findRow(uuid: string, lock = false): Promise<TaskRow | null> {
    return this.db.one(
      sql`SELECT uuid, area_uuid, activo, titulo, equipo_uuid FROM tareas WHERE uuid = ${uuid} ${lock ? sql`FOR UPDATE` : sql.empty}`,
    );
  }

  /** Whether the area and the task type a task refers to exist, in one statement. */
  async referencesExist(areaUuid: string, tipoUuid: string): Promise<{ area: boolean; tipo: boolean }> {
    return (await this.db.one<{ area: boolean; tipo: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM areas WHERE uuid = ${areaUuid}) AS area,
             EXISTS (SELECT 1 FROM tipos_tarea WHERE uuid = ${tipoUuid}) AS tipo`))!;
  }

  async insertTask(t: {
    titulo: string;
    descripcion: string;
    tipoTareaUuid: string;
    areaUuid: string;
    creadoPor: string;
    equipoUuid?: string | null;
    minutosEstimados?: number | null;
  }): Promise<string> {
    const [row] = await this.db.query<Columns<'tareas', 'uuid'>>(sql`
      INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid, equipo_uuid, minutos_estimados)
      VALUES (${t.titulo}, ${t.descripcion}, ${t.tipoTareaUuid}, ${t.areaUuid}, ${t.creadoPor}, ${t.equipoUuid ?? null},
              ${t.minutosEstimados ?? null}::int)
      RETURNING uuid`);
    return row.uuid;
  }

  /** The first task type (by name): a task accepted from a report without one. */
  async firstTaskType(): Promise<string | null> {
    const row = await this.db.one<Columns<'tipos_tarea', 'uuid'>>(sql`SELECT uuid FROM tipos_tarea ORDER BY nombre, uuid LIMIT 1`);
    return row?.uuid ?? null;
  }

  async updateTask(
    uuid: string,
    t: {
      titulo: string;
      descripcion?: string;
      tipoTareaUuid: string;
      areaUuid: string;
      activo?: boolean;
      /** Omitted: unchanged; null: cleared. */
      equipoUuid?: string | null;
      /** Omitted: unchanged; null: cleared. */
      minutosEstimados?: number | null;
    },
  ): Promise<void> {
    const equipo = t.equipoUuid === undefined ? sql`equipo_uuid` : sql`${t.equipoUuid}::uuid`;
    const minutos = t.minutosEstimados === undefined ? sql`minutos_estimados` : sql`${t.minutosEstimados}::int`;
    await this.db.execute(sql`
      UPDATE tareas
         SET titulo = ${t.titulo}, equipo_uuid = ${equipo}, minutos_estimados = ${minutos}, descripcion = coalesce(${t.descripcion ?? null}, descripcion), tipo_tarea_uuid = ${t.tipoTareaUuid},
             area_uuid = ${t.areaUuid}, activo = coalesce(${t.activo ?? null}::boolean, activo), updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async setDefaultAssignees(uuid: string, users: readonly string[]): Promise<void> {
    await this.db.execute(sql`DELETE FROM tarea_usuarios WHERE tarea_uuid = ${uuid}`);
    await this.addDefaultAssignees(uuid, users);
  }

  /** The default assignees of a task that has none yet (a new one). */
  async addDefaultAssignees(uuid: string, users: readonly string[]): Promise<void> {
    if (users.length === 0) return;
    await this.db.execute(
      sql`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT ${uuid}, unnest(${users}::uuid[])`,
    );
  }

  /** Replaces the task's checklist (the steps occurrences created from now on copy). */
  async setChecklist(uuid: string, steps: readonly ChecklistStep[]): Promise<void> {
    await this.db.execute(sql`DELETE FROM tarea_checklist WHERE tarea_uuid = ${uuid}`);
    await this.addChecklist(uuid, steps);
  }

  /** The checklist of a task that has none yet (a new one). */
  async addChecklist(uuid: string, steps: readonly ChecklistStep[]): Promise<void> {
    if (steps.length === 0) return;
    await this.db.execute(sql`
      INSERT INTO tarea_checklist (tarea_uuid, orden, texto, requiere_foto, requiere_nota, minutos_estimados)
      SELECT ${uuid}, s.orden, s.texto, s.requiere_foto, s.requiere_nota, s.minutos_estimados
        FROM unnest(${steps.map((_, i) => i + 1)}::int[], ${steps.map((c) => c.texto)}::text[],
                    ${steps.map((c) => c.requiere_foto)}::boolean[], ${steps.map((c) => c.requiere_nota)}::boolean[],
                    ${steps.map((c) => c.minutos_estimados ?? null)}::int[])
             AS s(orden, texto, requiere_foto, requiere_nota, minutos_estimados)`);
  }

  async hasOccurrences(tareaUuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM tareas_asignadas WHERE tarea_uuid = ${tareaUuid} LIMIT 1`)) !== null;
  }

  /** Keeps the task and its history for reports; it stops appearing in lists. */
  async deactivate(uuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE tareas SET activo = false, updated_at = now() WHERE uuid = ${uuid}`);
  }

  async deleteTask(uuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM tareas WHERE uuid = ${uuid}`);
  }

  /** Whether the user is among the task's default assignees or has an occurrence of it. */
  async isAssignedTo(tareaUuid: string, userUuid: string): Promise<boolean> {
    const row = await this.db.one(sql`
      SELECT 1 FROM tarea_usuarios WHERE tarea_uuid = ${tareaUuid} AND usuario_uuid = ${userUuid}
      UNION ALL SELECT 1 FROM tareas_asignadas WHERE tarea_uuid = ${tareaUuid} AND empleado_uuid = ${userUuid} LIMIT 1`);
    return row !== null;
  }

  /** Employees with open (non-archived) occurrences of the task, who should hear it changed. */
  async openOccurrenceEmployees(tareaUuid: string): Promise<string[]> {
    const rows = await this.db.query<Columns<'tareas_asignadas', 'empleado_uuid'>>(
      sql`SELECT DISTINCT empleado_uuid FROM tareas_asignadas WHERE tarea_uuid = ${tareaUuid} AND NOT archivada`,
    );
    return rows.map((r) => r.empleado_uuid);
  }

  findSuggestion(tareaUuid: string, uuid: string): Promise<SuggestionRow | null> {
    return this.db.one(sql`
      SELECT uuid, descripcion, creado_por_uuid, fecha_creacion FROM sugerencias WHERE uuid = ${uuid} AND tarea_uuid = ${tareaUuid}`);
  }

  async insertSuggestion(tareaUuid: string, creadoPor: string, descripcion: string): Promise<string> {
    const [row] = await this.db.query<Columns<'sugerencias', 'uuid'>>(sql`
      INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES (${tareaUuid}, ${creadoPor}, ${descripcion}) RETURNING uuid`);
    return row.uuid;
  }

  async updateSuggestion(uuid: string, descripcion: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE sugerencias SET descripcion = ${descripcion}, updated_at = now() WHERE uuid = ${uuid}`,
    );
  }

  async deleteSuggestion(uuid: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM sugerencias WHERE uuid = ${uuid}`);
  }
}
