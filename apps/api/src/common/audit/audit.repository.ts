import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditResource } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns, Holding } from '../../database/rows';
import { paginate, sql, Sql } from '../../database/sql';

export interface AuditRecord {
  actorUuid: string | null;
  accion: AuditAction;
  recurso: AuditResource;
  recursoUuid?: string | null;
  detalle?: Record<string, unknown>;
  ip?: string | null;
}

export type AuditRow = Columns<
  'auditoria',
  'id' | 'en' | 'actor_uuid' | 'accion' | 'recurso' | 'recurso_uuid' | 'ip' | 'veces' | 'ultima_en'
> & {
  actor_nombre: Column<'usuarios', 'nombre'> | null;
  actor_apellido: Column<'usuarios', 'apellido'> | null;
  actor_username: Column<'usuarios', 'username'> | null;
  /** The shared terminal the change was made at (issue 34), and its name. */
  terminal_uuid: Column<'auditoria', 'terminal_uuid'>;
  terminal_nombre: Column<'terminales', 'nombre'> | null;
  /** Free text columns in the schema: narrowed here. */
  accion: AuditAction;
  recurso: AuditResource;
  detalle: Holding<Column<'auditoria', 'detalle'>, Record<string, unknown>>;
};

export interface AuditWhere {
  actorUuid?: string;
  accion?: AuditAction;
  recurso?: AuditResource;
  /** One record's entries, whatever their resource. */
  recursoUuid?: string;
  /** Inclusive bounds, as instants (company midnights). */
  from?: Date;
  to?: Date;
}

/**
 * The one writer of `auditoria` besides its triggers (the row changes). The table refuses
 * UPDATE and DELETE; only `prune` may delete, declaring itself in its own transaction.
 */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(r: AuditRecord): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO auditoria (actor_uuid, accion, recurso, recurso_uuid, detalle, ip)
      VALUES (${r.actorUuid}, ${r.accion}, ${r.recurso}, ${r.recursoUuid ?? null}, ${JSON.stringify(r.detalle ?? {})}::jsonb,
              ${r.ip?.slice(0, 100) ?? null})`);
  }

  /**
   * A refused call (403), counted into the entry of the same person, method and route begun
   * within the last `withinSeconds`, or a new entry: `auditoria_rechazo` does both under a lock
   * per person and route (migration AuditRepeatedRefusals), so parallel refusals make one entry.
   */
  async insertOrCountRefusal(r: AuditRecord & { actorUuid: string; detalle: { metodo: string; ruta: string } }, withinSeconds: number): Promise<void> {
    await this.db.query(sql`
      SELECT auditoria_rechazo(${r.actorUuid}, ${r.recurso}, ${JSON.stringify(r.detalle)}::jsonb, ${r.ip ?? null}, ${withinSeconds})`);
  }

  private where(w: AuditWhere): Sql {
    const parts: Sql[] = [];
    if (w.actorUuid) parts.push(sql`a.actor_uuid = ${w.actorUuid}`);
    if (w.accion) parts.push(sql`a.accion = ${w.accion}`);
    if (w.recurso) parts.push(sql`a.recurso = ${w.recurso}`);
    if (w.recursoUuid) parts.push(sql`a.recurso_uuid = ${w.recursoUuid}`);
    if (w.from) parts.push(sql`a.en >= ${w.from}`);
    if (w.to) parts.push(sql`a.en < ${w.to}`);
    return parts.length ? sql`WHERE ${sql.join(parts, ' AND ')}` : sql.empty;
  }

  private readonly select = sql`
    SELECT a.id::text AS id, a.en, a.actor_uuid, u.nombre AS actor_nombre, u.apellido AS actor_apellido,
           u.username AS actor_username, a.accion, a.recurso, a.recurso_uuid, a.detalle, a.ip,
           a.veces, a.ultima_en, a.terminal_uuid, tm.nombre AS terminal_nombre
      FROM auditoria a LEFT JOIN usuarios u ON u.uuid = a.actor_uuid
      LEFT JOIN terminales tm ON tm.uuid = a.terminal_uuid`;

  async page(w: AuditWhere, q: { page: number; limit: number }): Promise<{ rows: AuditRow[]; total: number }> {
    const where = this.where(w);
    const [counted] = await this.db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM auditoria a ${where}`);
    const rows = await this.db.query<AuditRow>(sql`${this.select} ${where} ORDER BY a.en DESC, a.id DESC ${paginate(q)}`);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Every matching entry, newest first, for the export (bounded by the caller). */
  all(w: AuditWhere, max: number): Promise<AuditRow[]> {
    return this.db.query<AuditRow>(sql`${this.select} ${this.where(w)} ORDER BY a.en DESC, a.id DESC LIMIT ${max}`);
  }

  /** Deletes entries older than `days`; answers how many. */
  async prune(days: number): Promise<number> {
    const session = await this.db.session();
    try {
      await session.begin('READ COMMITTED');
      await session.query(sql`SELECT set_config('gestar.audit_prune', 'on', true)`);
      const [row] = await session.query<{ n: number }>(sql`
        WITH gone AS (DELETE FROM auditoria WHERE en < now() - make_interval(days => ${days}) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`);
      await session.commit();
      return row?.n ?? 0;
    } finally {
      await session.release();
    }
  }
}
