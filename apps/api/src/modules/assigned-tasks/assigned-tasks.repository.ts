import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import type { AssignedTaskHistoryType } from '@gestar/contracts';
import { AssignedTaskEntity, AssignedTaskHistoryEntity, CommentEntity } from './assigned-task.entity';

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

export interface StatusRow {
  uuid: string;
  nombre: string;
  order: number;
}

@Injectable()
export class AssignedTasksRepository {
  constructor(private readonly ds: DataSource) {}

  /** Assigned tasks with everything a card shows, in one query (every join is many-to-one). */
  private withCard(em: EntityManager): SelectQueryBuilder<AssignedTaskEntity> {
    return em
      .getRepository(AssignedTaskEntity)
      .createQueryBuilder('ta')
      .innerJoinAndSelect('ta.estado', 'estado')
      .innerJoinAndSelect('ta.empleado', 'empleado')
      .innerJoinAndSelect('ta.tarea', 'tarea')
      .innerJoinAndSelect('tarea.tipo_tarea', 'tipo')
      .innerJoinAndSelect('tarea.area', 'area')
      .leftJoinAndSelect('tarea.programacion', 'prog');
  }

  board(f: BoardFilter): Promise<AssignedTaskEntity[]> {
    const q = this.withCard(this.ds.manager).where('ta.archivada = false');
    if (f.onlyEmployee) q.andWhere('ta.empleado_uuid = :only', { only: f.onlyEmployee });
    if (f.scopeAreas) {
      q.andWhere('(tarea.area_uuid = ANY(:scope) OR ta.empleado_uuid = :caller)', {
        scope: [...f.scopeAreas],
        caller: f.caller,
      });
    }
    if (f.areas) q.andWhere('tarea.area_uuid = ANY(:areas)', { areas: [...f.areas] });
    if (f.users) q.andWhere('ta.empleado_uuid = ANY(:users)', { users: [...f.users] });
    return q
      .orderBy('ta.fecha_vencimiento', 'ASC', 'NULLS LAST')
      .addOrderBy('ta.fecha_asignacion', 'ASC')
      .addOrderBy('ta.uuid', 'ASC')
      .getMany();
  }

  findCards(uuids: readonly string[], em: EntityManager = this.ds.manager): Promise<AssignedTaskEntity[]> {
    if (uuids.length === 0) return Promise.resolve([]);
    return this.withCard(em)
      .where('ta.uuid = ANY(:uuids)', { uuids: [...uuids] })
      .orderBy('empleado.nombre', 'ASC')
      .addOrderBy('empleado.apellido', 'ASC')
      .getMany();
  }

  async findCard(uuid: string, em: EntityManager = this.ds.manager): Promise<AssignedTaskEntity | null> {
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
