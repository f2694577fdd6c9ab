import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface StatusRow {
  uuid: string;
  nombre: string;
  descripcion: string;
  order: number;
  color: string;
}

export interface StatusWrite {
  nombre: string;
  descripcion: string;
  order: number;
  color: string;
}

const COLUMNS = `uuid, nombre, descripcion, "order", color`;

@Injectable()
export class StatusesRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by `order` (then name), the order the board shows its columns in. */
  async list(q: { page: number; limit: number }): Promise<{ rows: StatusRow[]; total: number }> {
    const [{ total }]: { total: number }[] = await this.ds.query(`SELECT count(*)::int AS total FROM estados`);
    const rows: StatusRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM estados ORDER BY "order", lower(nombre), uuid LIMIT $1 OFFSET $2`,
      [q.limit, (q.page - 1) * q.limit],
    );
    return { rows, total };
  }

  async insert(input: StatusWrite): Promise<StatusRow> {
    const [row]: StatusRow[] = await this.ds.query(
      `INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [input.nombre, input.descripcion, input.order, input.color],
    );
    return row;
  }

  async update(uuid: string, input: StatusWrite): Promise<StatusRow | null> {
    const [rows]: [StatusRow[], number] = await this.ds.query(
      `UPDATE estados SET nombre = $2, descripcion = $3, "order" = $4, color = $5, updated_at = now() WHERE uuid = $1 RETURNING ${COLUMNS}`,
      [uuid, input.nombre, input.descripcion, input.order, input.color],
    );
    return rows[0] ?? null;
  }

  async lock(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM estados WHERE uuid = $1 FOR UPDATE`, [uuid]);
    return rows.length > 0;
  }

  /** True when any assigned task, archived or not, is in this status. */
  async inUse(em: EntityManager, uuid: string): Promise<boolean> {
    const rows: unknown[] = await em.query(`SELECT 1 FROM tareas_asignadas WHERE estado_uuid = $1 LIMIT 1`, [uuid]);
    return rows.length > 0;
  }

  async delete(em: EntityManager, uuid: string): Promise<void> {
    await em.query(`DELETE FROM estados WHERE uuid = $1`, [uuid]);
  }
}
