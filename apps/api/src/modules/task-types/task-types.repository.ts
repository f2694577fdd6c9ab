import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { containsPattern } from '../users/users.repository';

export interface TaskTypeRow {
  uuid: string;
  nombre: string;
  descripcion: string;
}

@Injectable()
export class TaskTypesRepository {
  constructor(private readonly ds: DataSource) {}

  async list(q: { page: number; limit: number; nombre?: string }): Promise<{ rows: TaskTypeRow[]; total: number }> {
    const params: unknown[] = q.nombre ? [containsPattern(q.nombre)] : [];
    const whereSql = q.nombre ? `WHERE lower(f_unaccent(nombre)) LIKE lower(f_unaccent($1))` : '';
    const [{ total }]: { total: number }[] = await this.ds.query(`SELECT count(*)::int AS total FROM tipos_tarea ${whereSql}`, params);
    const rows: TaskTypeRow[] = await this.ds.query(
      `SELECT uuid, nombre, descripcion FROM tipos_tarea ${whereSql}
        ORDER BY lower(nombre), uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return { rows, total };
  }

  async findOne(uuid: string): Promise<TaskTypeRow | null> {
    const rows: TaskTypeRow[] = await this.ds.query(`SELECT uuid, nombre, descripcion FROM tipos_tarea WHERE uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  async insert(input: { nombre: string; descripcion: string }): Promise<TaskTypeRow> {
    const [row]: TaskTypeRow[] = await this.ds.query(
      `INSERT INTO tipos_tarea (nombre, descripcion) VALUES ($1, $2) RETURNING uuid, nombre, descripcion`,
      [input.nombre, input.descripcion],
    );
    return row;
  }

  async update(uuid: string, input: { nombre: string; descripcion: string }): Promise<TaskTypeRow | null> {
    const [rows]: [TaskTypeRow[], number] = await this.ds.query(
      `UPDATE tipos_tarea SET nombre = $2, descripcion = $3, updated_at = now() WHERE uuid = $1 RETURNING uuid, nombre, descripcion`,
      [uuid, input.nombre, input.descripcion],
    );
    return rows[0] ?? null;
  }

  async lock(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM tipos_tarea WHERE uuid = $1 FOR UPDATE`, [uuid]);
    return rows.length > 0;
  }

  /** True when any task (active or not) is of this type. */
  async inUse(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM tareas WHERE tipo_tarea_uuid = $1 LIMIT 1`, [uuid]);
    return rows.length > 0;
  }

  async delete(em: EntityManager, uuid: string): Promise<void> {
    await em.query(`DELETE FROM tipos_tarea WHERE uuid = $1`, [uuid]);
  }
}
