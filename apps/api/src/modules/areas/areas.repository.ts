import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { containsPattern } from '../users/users.repository';

export interface AreaRow {
  uuid: string;
  nombre: string;
}

export interface AreaUserRow {
  area_uuid: string;
  uuid: string;
  nombre: string;
  apellido: string;
  username: string;
}

@Injectable()
export class AreasRepository {
  constructor(private readonly ds: DataSource) {}

  /** One page ordered by name; `scope` null = every area. */
  async list(q: { page: number; limit: number; nombre?: string; scope: readonly string[] | null }): Promise<{ rows: AreaRow[]; total: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (q.scope) {
      params.push(q.scope);
      where.push(`uuid = ANY($${params.length}::uuid[])`);
    }
    if (q.nombre) {
      params.push(containsPattern(q.nombre));
      where.push(`lower(f_unaccent(nombre)) LIKE lower(f_unaccent($${params.length}))`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.ds.query(`SELECT count(*)::int AS total FROM areas ${whereSql}`, params);
    const rows: AreaRow[] = await this.ds.query(
      `SELECT uuid, nombre FROM areas ${whereSql} ORDER BY lower(nombre), uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return { rows, total };
  }

  async all(scope: readonly string[] | null): Promise<AreaRow[]> {
    return scope
      ? this.ds.query(`SELECT uuid, nombre FROM areas WHERE uuid = ANY($1::uuid[]) ORDER BY lower(nombre), uuid`, [scope])
      : this.ds.query(`SELECT uuid, nombre FROM areas ORDER BY lower(nombre), uuid`);
  }

  /** Active users of the given areas, one row per (area, user). */
  activeUsersOf(areaUuids: readonly string[]): Promise<AreaUserRow[]> {
    return this.ds.query(
      `SELECT ua.area_uuid, u.uuid, u.nombre, u.apellido, u.username
         FROM usuario_areas ua JOIN usuarios u ON u.uuid = ua.usuario_uuid
        WHERE u.activo AND ua.area_uuid = ANY($1::uuid[])
        ORDER BY lower(u.nombre), lower(u.apellido), u.uuid`,
      [areaUuids],
    );
  }

  async userExists(userUuid: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM usuarios WHERE uuid = $1`, [userUuid]);
    return rows.length > 0;
  }

  ofUser(userUuid: string): Promise<AreaRow[]> {
    return this.ds.query(
      `SELECT a.uuid, a.nombre FROM areas a JOIN usuario_areas ua ON ua.area_uuid = a.uuid
        WHERE ua.usuario_uuid = $1 ORDER BY lower(a.nombre), a.uuid`,
      [userUuid],
    );
  }

  async findOne(uuid: string, em: EntityManager = this.ds.manager): Promise<AreaRow | null> {
    const rows: AreaRow[] = await em.query(`SELECT uuid, nombre FROM areas WHERE uuid = $1`, [uuid]);
    return rows[0] ?? null;
  }

  async insert(nombre: string): Promise<AreaRow> {
    const [row]: AreaRow[] = await this.ds.query(`INSERT INTO areas (nombre) VALUES ($1) RETURNING uuid, nombre`, [nombre]);
    return row;
  }

  async update(uuid: string, nombre: string): Promise<AreaRow | null> {
    const [rows]: [AreaRow[], number] = await this.ds.query(
      `UPDATE areas SET nombre = $2, updated_at = now() WHERE uuid = $1 RETURNING uuid, nombre`,
      [uuid, nombre],
    );
    return rows[0] ?? null;
  }

  async lock(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM areas WHERE uuid = $1 FOR UPDATE`, [uuid]);
    return rows.length > 0;
  }

  /** True when a user (active or not) or a task belongs to the area. */
  async inUse(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `SELECT 1 WHERE EXISTS (SELECT 1 FROM usuario_areas WHERE area_uuid = $1) OR EXISTS (SELECT 1 FROM tareas WHERE area_uuid = $1)`,
      [uuid],
    );
    return rows.length > 0;
  }

  async delete(em: EntityManager, uuid: string): Promise<void> {
    await em.query(`DELETE FROM areas WHERE uuid = $1`, [uuid]);
  }
}
