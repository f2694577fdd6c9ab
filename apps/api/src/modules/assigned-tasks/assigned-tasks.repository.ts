import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AssignedTaskHistoryType } from '@gestar/contracts';
import { AssignedTaskHistoryEntity, CommentEntity } from './assigned-task.entity';

/** Where a board query looks: `null` lists mean "no restriction". */
export interface BoardFilter {
  /** Only this employee's tasks (a caller without either read permission). */
  onlyEmployee?: string;
  /** Areas the caller may watch; the caller's own tasks are always included. */
  scopeAreas: readonly string[] | null;
  caller: string;
  areas: readonly string[] | null;
  users: readonly string[] | null;
}

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
export interface AssignedTaskAccessRow {
  uuid: string;
  tarea_uuid: string;
  empleado_uuid: string;
  estado_uuid: string;
  archivada: boolean;
  area_uuid: string;
}

/** What a card shows, one flat row (see `AssignedTasksRepository.cards`). */
export interface CardRow {
  uuid: string;
  estado_uuid: string;
  estado_nombre: string;
  estado_color: string;
  estado_order: number;
  /** `YYYY-MM-DD` in APP_TIMEZONE, or null (due the day it was assigned). */
  fecha_vencimiento: string | null;
  fecha_asignacion: Date;
  empleado_uuid: string;
  empleado_nombre: string;
  empleado_apellido: string;
  empleado_username: string;
  tarea_uuid: string;
  tarea_titulo: string;
  tarea_descripcion: string;
  tipo_tarea_uuid: string;
  tipo_tarea_nombre: string;
  area_uuid: string;
  area_nombre: string;
  /** The task's schedule, when it has one (all four null otherwise). */
  programacion_uuid: string | null;
  intervalo_repeticion: number | null;
  proxima_ejecucion: string | null;
  programacion_activa: boolean | null;
  archivada: boolean;
  calificacion: number | null;
  observaciones: string | null;
}

export interface StatusRow {
  uuid: string;
  nombre: string;
  order: number;
}

@Injectable()
export class AssignedTasksRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Cards: the assigned tasks matching `where`, with everything a card shows, in one statement
   * (every join is many-to-one). Only the columns a card needs, flat: no entity hydration.
   */
  private cards(em: EntityManager, where: string, params: unknown[], orderBy: string): Promise<CardRow[]> {
    return em.query(
      `SELECT ta.uuid, ta.estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color, e."order" AS estado_order,
              ta.fecha_vencimiento::text AS fecha_vencimiento, ta.fecha_asignacion,
              ta.empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido, u.username AS empleado_username,
              ta.tarea_uuid, t.titulo AS tarea_titulo, t.descripcion AS tarea_descripcion,
              t.tipo_tarea_uuid, tt.nombre AS tipo_tarea_nombre, t.area_uuid, a.nombre AS area_nombre,
              p.uuid AS programacion_uuid, p.intervalo_repeticion, p.proxima_ejecucion::text AS proxima_ejecucion,
              p.activo AS programacion_activa,
              ta.archivada, ta.calificacion, ta.observaciones
         FROM tareas_asignadas ta
         JOIN estados e ON e.uuid = ta.estado_uuid
         JOIN usuarios u ON u.uuid = ta.empleado_uuid
         JOIN tareas t ON t.uuid = ta.tarea_uuid
         JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
         JOIN areas a ON a.uuid = t.area_uuid
         LEFT JOIN programaciones_tareas p ON p.tarea_uuid = t.uuid
        WHERE ${where}
        ORDER BY ${orderBy}`,
      params,
    );
  }

  board(f: BoardFilter): Promise<CardRow[]> {
    const params: unknown[] = [];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = ['ta.archivada = false'];
    if (f.onlyEmployee) where.push(`ta.empleado_uuid = ${p(f.onlyEmployee)}`);
    if (f.scopeAreas) where.push(`(t.area_uuid = ANY(${p(f.scopeAreas)}::uuid[]) OR ta.empleado_uuid = ${p(f.caller)})`);
    if (f.areas) where.push(`t.area_uuid = ANY(${p(f.areas)}::uuid[])`);
    if (f.users) where.push(`ta.empleado_uuid = ANY(${p(f.users)}::uuid[])`);
    return this.cards(
      this.ds.manager,
      where.join(' AND '),
      params,
      'ta.fecha_vencimiento ASC NULLS LAST, ta.fecha_asignacion ASC, ta.uuid ASC',
    );
  }

  findCards(uuids: readonly string[], em: EntityManager = this.ds.manager): Promise<CardRow[]> {
    if (uuids.length === 0) return Promise.resolve([]);
    return this.cards(em, 'ta.uuid = ANY($1::uuid[])', [uuids], 'u.nombre ASC, u.apellido ASC, ta.uuid ASC');
  }

  async findCard(uuid: string, em: EntityManager = this.ds.manager): Promise<CardRow | null> {
    return (await this.findCards([uuid], em))[0] ?? null;
  }

  /** The access row, locked for the rest of the transaction when `lock` is set (serialises concurrent changes). */
  async findAccessRow(
    uuid: string,
    em: EntityManager = this.ds.manager,
    lock = false,
  ): Promise<AssignedTaskAccessRow | null> {
    const rows: AssignedTaskAccessRow[] = await em.query(
      `SELECT ta.uuid, ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid, ta.archivada, t.area_uuid
         FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
        WHERE ta.uuid = $1${lock ? ' FOR UPDATE OF ta' : ''}`,
      [uuid],
    );
    return rows[0] ?? null;
  }

  statuses(em: EntityManager = this.ds.manager): Promise<StatusRow[]> {
    return em.query(`SELECT uuid, nombre, "order" FROM estados ORDER BY "order" ASC, created_at ASC, uuid ASC`);
  }

  async firstStatus(em: EntityManager = this.ds.manager): Promise<StatusRow | null> {
    return (await this.statuses(em))[0] ?? null;
  }

  async insertOccurrences(em: EntityManager, rows: readonly NewOccurrence[]): Promise<string[]> {
    const uuids: string[] = [];
    for (const r of rows) {
      const [row]: { uuid: string }[] = await em.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
         VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [r.tareaUuid, r.empleadoUuid, r.estadoUuid, r.fechaVencimiento, r.asignadoPor],
      );
      uuids.push(row.uuid);
    }
    return uuids;
  }

  async addHistory(em: EntityManager, rows: readonly NewHistory[]): Promise<void> {
    if (rows.length === 0) return;
    // clock_timestamp(), not now(): entries written in one transaction keep their order (status before archive).
    await em.query(
      `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
       SELECT u.*, clock_timestamp() FROM unnest($1::uuid[], $2::varchar[], $3::text[], $4::uuid[]) AS u`,
      [
        rows.map((r) => r.tareaAsignadaUuid),
        rows.map((r) => r.tipo),
        rows.map((r) => r.detalle),
        rows.map((r) => r.usuarioUuid),
      ],
    );
  }

  history(uuid: string, em: EntityManager = this.ds.manager): Promise<AssignedTaskHistoryEntity[]> {
    return em.getRepository(AssignedTaskHistoryEntity).find({
      where: { tarea_asignada_uuid: uuid },
      relations: { usuario: true },
      order: { fecha: 'DESC', uuid: 'DESC' },
    });
  }

  async setStatus(em: EntityManager, uuid: string, estadoUuid: string, completed: boolean): Promise<void> {
    await em.query(
      `UPDATE tareas_asignadas
          SET estado_uuid = $2,
              fecha_completada = CASE WHEN $3 THEN coalesce(fecha_completada, now()) ELSE NULL END,
              updated_at = now()
        WHERE uuid = $1`,
      [uuid, estadoUuid, completed],
    );
  }

  async archive(
    em: EntityManager,
    uuid: string,
    calificacion: number | null,
    observaciones: string | null,
  ): Promise<void> {
    await em.query(
      `UPDATE tareas_asignadas
          SET archivada = true, calificacion = $2, observaciones = $3, fecha_archivado = now(), updated_at = now()
        WHERE uuid = $1`,
      [uuid, calificacion, observaciones],
    );
  }

  async unarchive(em: EntityManager, uuid: string): Promise<void> {
    await em.query(
      `UPDATE tareas_asignadas SET archivada = false, fecha_archivado = NULL, updated_at = now() WHERE uuid = $1`,
      [uuid],
    );
  }

  comments(uuid: string): Promise<CommentEntity[]> {
    return this.ds.getRepository(CommentEntity).find({
      where: { tarea_asignada_uuid: uuid },
      relations: { usuario: true },
      order: { fecha_creacion: 'ASC', uuid: 'ASC' },
    });
  }

  findComment(uuid: string, commentUuid: string, em: EntityManager = this.ds.manager): Promise<CommentEntity | null> {
    return em.getRepository(CommentEntity).findOne({
      where: { uuid: commentUuid, tarea_asignada_uuid: uuid },
      relations: { usuario: true },
    });
  }

  async insertComment(em: EntityManager, uuid: string, usuarioUuid: string, texto: string): Promise<string> {
    const [row]: { uuid: string }[] = await em.query(
      `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) VALUES ($1, $2, $3) RETURNING uuid`,
      [uuid, usuarioUuid, texto],
    );
    return row.uuid;
  }

  async updateComment(em: EntityManager, commentUuid: string, texto: string): Promise<void> {
    await em.query(`UPDATE comentarios SET texto = $2, updated_at = now() WHERE uuid = $1`, [commentUuid, texto]);
  }

  async deleteComment(em: EntityManager, commentUuid: string): Promise<void> {
    await em.query(`DELETE FROM comentarios WHERE uuid = $1`, [commentUuid]);
  }

  /** Users among `uuids` that are active and belong to `areaUuid`. */
  async activeUsersOfArea(
    uuids: readonly string[],
    areaUuid: string,
    em: EntityManager = this.ds.manager,
  ): Promise<{ uuid: string; nombre: string; apellido: string }[]> {
    return em.query(
      `SELECT u.uuid, u.nombre, u.apellido FROM usuarios u
         JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = $2
        WHERE u.uuid = ANY($1::uuid[]) AND u.activo`,
      [[...uuids], areaUuid],
    );
  }
}
