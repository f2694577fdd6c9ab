import { Injectable } from '@nestjs/common';
import type { NotificationType } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { paginate, PageRequest, Sql, sql } from '../../database/sql';

export type NotificationRow = Columns<
  'notificaciones',
  'uuid' | 'usuario_uuid' | 'titulo' | 'mensaje' | 'leida' | 'fecha_creacion' | 'tarea_asignada_uuid' | 'tipo'
> & {
  /** A CHECK constraint in the schema: narrowed here. */
  tipo: NotificationType;
};

export type RecipientRow = Columns<'usuarios', 'uuid' | 'activo'> & {
  area_uuids: Column<'usuario_areas', 'area_uuid'>[];
};

/** One notification for one recipient. */
export interface NotificationItem {
  usuarioUuid: string;
  titulo: string;
  mensaje: string;
  enviadoPor: string | null;
  /** The assigned task it is about. */
  tareaAsignadaUuid?: string | null;
  /** What it is about (each person chooses per kind which channels carry it); default `mensaje`. */
  tipo?: NotificationType;
}

const COLUMNS = sql`uuid, usuario_uuid, titulo, mensaje, leida, fecha_creacion, tarea_asignada_uuid, tipo`;

/** The only writer of `notificaciones` and `dispositivos`. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /** One device per token: a token registered again moves to the caller (the browser changed hands). */
  async upsertDevice(usuarioUuid: string, token: string, plataforma: string): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO dispositivos (usuario_uuid, token, plataforma) VALUES (${usuarioUuid}, ${token}, ${plataforma})
      ON CONFLICT (token) DO UPDATE SET usuario_uuid = EXCLUDED.usuario_uuid, plataforma = EXCLUDED.plataforma, updated_at = now()`);
  }

  /** The devices of several users at once: [user, token] pairs. */
  tokensByUser(usuarioUuids: readonly string[]): Promise<Columns<'dispositivos', 'usuario_uuid' | 'token'>[]> {
    if (!usuarioUuids.length) return Promise.resolve([]);
    return this.db.query(
      sql`SELECT usuario_uuid, token FROM dispositivos WHERE usuario_uuid = ANY(${usuarioUuids}::uuid[])`,
    );
  }

  async deleteTokens(tokens: readonly string[]): Promise<void> {
    if (!tokens.length) return;
    await this.db.execute(sql`DELETE FROM dispositivos WHERE token = ANY(${tokens}::varchar[])`);
  }

  findRecipient(uuid: string): Promise<RecipientRow | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.activo,
             coalesce(array_agg(ua.area_uuid) FILTER (WHERE ua.area_uuid IS NOT NULL), '{}')::uuid[] AS area_uuids
        FROM usuarios u LEFT JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid
       WHERE u.uuid = ${uuid} GROUP BY u.uuid`);
  }

  /** Active users, all (`areaUuids` null) or those belonging to at least one of the areas. */
  async activeUsers(areaUuids: readonly string[] | null): Promise<string[]> {
    const inAreas = areaUuids
      ? sql`AND EXISTS (SELECT 1 FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid AND ua.area_uuid = ANY(${areaUuids}::uuid[]))`
      : sql.empty;
    const rows = await this.db.query<{ uuid: string }>(
      sql`SELECT u.uuid FROM usuarios u WHERE u.activo ${inAreas} ORDER BY u.uuid`,
    );
    return rows.map((r) => r.uuid);
  }

  async activeAmong(uuids: readonly string[]): Promise<string[]> {
    if (!uuids.length) return [];
    const rows = await this.db.query<{ uuid: string }>(
      sql`SELECT uuid FROM usuarios WHERE activo AND uuid = ANY(${uuids}::uuid[]) ORDER BY uuid`,
    );
    return rows.map((r) => r.uuid);
  }

  /** One inbox row per recipient, in one statement. */
  insertMany(
    recipients: readonly string[],
    n: { titulo: string; mensaje: string; enviadoPor: string | null; tipo?: NotificationType },
  ): Promise<NotificationRow[]> {
    return this.db.query(sql`
      INSERT INTO notificaciones (usuario_uuid, titulo, mensaje, enviado_por_uuid, tipo)
      SELECT r, ${n.titulo}, ${n.mensaje}, ${n.enviadoPor}::uuid, ${n.tipo ?? 'mensaje'} FROM unnest(${recipients}::uuid[]) AS r
      RETURNING ${COLUMNS}`);
  }

  /**
   * One inbox row per item, each with its own recipient and text, in one statement (rows
   * come back in input order). With `activeOnly`, items for inactive users are left out.
   */
  insertEach(items: readonly NotificationItem[], activeOnly = false): Promise<NotificationRow[]> {
    if (!items.length) return Promise.resolve([]);
    const onlyActive = activeOnly
      ? sql`WHERE EXISTS (SELECT 1 FROM usuarios u WHERE u.uuid = i.usuario_uuid AND u.activo)`
      : sql.empty;
    return this.db.query(sql`
      INSERT INTO notificaciones (usuario_uuid, titulo, mensaje, enviado_por_uuid, tarea_asignada_uuid, tipo)
      SELECT i.usuario_uuid, i.titulo, i.mensaje, i.enviado_por_uuid, i.tarea_asignada_uuid, i.tipo
        FROM unnest(${items.map((i) => i.usuarioUuid)}::uuid[], ${items.map((i) => i.titulo)}::text[], ${items.map((i) => i.mensaje)}::text[],
                    ${items.map((i) => i.enviadoPor)}::uuid[], ${items.map((i) => i.tareaAsignadaUuid ?? null)}::uuid[],
                    ${items.map((i) => i.tipo ?? 'mensaje')}::text[])
             WITH ORDINALITY AS i(usuario_uuid, titulo, mensaje, enviado_por_uuid, tarea_asignada_uuid, tipo, n)
       ${onlyActive}
       ORDER BY i.n
      RETURNING ${COLUMNS}`);
  }

  async inbox(
    usuarioUuid: string,
    q: PageRequest & { leida?: boolean },
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const conditions: Sql[] = [sql`usuario_uuid = ${usuarioUuid}`];
    if (q.leida !== undefined) conditions.push(sql`leida = ${q.leida}`);
    const where = sql.where(conditions);
    const count = await this.db.one<{ total: number }>(sql`SELECT count(*)::int AS total FROM notificaciones ${where}`);
    const rows = await this.db.query<NotificationRow>(
      sql`SELECT ${COLUMNS} FROM notificaciones ${where} ORDER BY fecha_creacion DESC, uuid DESC ${paginate(q)}`,
    );
    return { rows, total: count?.total ?? 0 };
  }

  async unreadCount(usuarioUuid: string): Promise<number> {
    const row = await this.db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notificaciones WHERE usuario_uuid = ${usuarioUuid} AND NOT leida`,
    );
    return row?.n ?? 0;
  }

  /** Only the owner's row matches: someone else's notification looks like a missing one. */
  markRead(uuid: string, usuarioUuid: string): Promise<NotificationRow | null> {
    return this.db.one(
      sql`UPDATE notificaciones SET leida = true WHERE uuid = ${uuid} AND usuario_uuid = ${usuarioUuid} RETURNING ${COLUMNS}`,
    );
  }

  markAllRead(usuarioUuid: string): Promise<number> {
    return this.db.execute(
      sql`UPDATE notificaciones SET leida = true WHERE usuario_uuid = ${usuarioUuid} AND NOT leida`,
    );
  }
}
