import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { containsPattern } from '../users/users.repository';

export interface JobDescriptionRow {
  uuid: string;
  nombre: string;
  descripcion: string;
}

@Injectable()
export class JobDescriptionsRepository {
  constructor(private readonly ds: DataSource) {}

  async list(q: { page: number; limit: number; nombre?: string }): Promise<{ rows: JobDescriptionRow[]; total: number }> {
    const params: unknown[] = q.nombre ? [containsPattern(q.nombre)] : [];
    const whereSql = q.nombre ? `WHERE lower(f_unaccent(nombre)) LIKE lower(f_unaccent($1))` : '';
    const [{ total }]: { total: number }[] = await this.ds.query(`SELECT count(*)::int AS total FROM descripciones_puesto ${whereSql}`, params);
    const rows: JobDescriptionRow[] = await this.ds.query(
      `SELECT uuid, nombre, descripcion FROM descripciones_puesto ${whereSql}
        ORDER BY lower(nombre), uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return { rows, total };
  }

  async findOne(uuid: string): Promise<JobDescriptionRow | null> {
    const rows: JobDescriptionRow[] = await this.ds.query(`SELECT uuid, nombre, descripcion FROM descripciones_puesto WHERE uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  async insert(input: { nombre: string; descripcion: string }): Promise<JobDescriptionRow> {
    const [row]: JobDescriptionRow[] = await this.ds.query(
      `INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1, $2) RETURNING uuid, nombre, descripcion`,
      [input.nombre, input.descripcion],
    );
    return row;
  }

  async update(uuid: string, input: { nombre: string; descripcion: string }): Promise<JobDescriptionRow | null> {
    const [rows]: [JobDescriptionRow[], number] = await this.ds.query(
      `UPDATE descripciones_puesto SET nombre = $2, descripcion = $3, updated_at = now() WHERE uuid = $1 RETURNING uuid, nombre, descripcion`,
      [uuid, input.nombre, input.descripcion],
    );
    return rows[0] ?? null;
  }

  async lock(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM descripciones_puesto WHERE uuid = $1 FOR UPDATE`, [uuid]);
    return rows.length > 0;
  }

  /** True when any user (active or not) holds the position. */
  async inUse(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM usuarios WHERE descripcion_puesto_uuid = $1 LIMIT 1`, [uuid]);
    return rows.length > 0;
  }

  async delete(em: EntityManager, uuid: string): Promise<void> {
    await em.query(`DELETE FROM descripciones_puesto WHERE uuid = $1`, [uuid]);
  }
}
