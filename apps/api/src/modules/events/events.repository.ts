import { Injectable } from '@nestjs/common';
import type { Client } from 'pg';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** A session that is still open, with its person's current role and areas (the person active). */
export type StreamHolderRow = Columns<'roles', 'permisos'> & {
  sesion_uuid: Column<'sesiones', 'uuid'>;
  usuario_uuid: Column<'usuarios', 'uuid'>;
  rol_uuid: Column<'roles', 'uuid'>;
  areas: Column<'usuario_areas', 'area_uuid'>[] | null;
};

/** The PostgreSQL channel every API process listens on. */
export const EVENTS_CHANNEL = 'gestar_events';

@Injectable()
export class EventsRepository {
  constructor(private readonly db: Db) {}

  /** Sends every payload as a NOTIFY on the events channel, in order, in one statement. */
  async notify(payloads: readonly string[]): Promise<void> {
    await this.db.query(sql`
      SELECT pg_notify(${EVENTS_CHANNEL}, x.p) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS x(p, n) ORDER BY x.n`);
  }

  /** Starts listening on the events channel on a dedicated connection (outside the pool). */
  async listen(client: Client): Promise<void> {
    const { text } = sql`LISTEN ${sql.ident(EVENTS_CHANNEL, [EVENTS_CHANNEL])}`.toQuery();
    await client.query(text);
  }

  /**
   * Of the given sessions, those still open whose person is active, read now (no cache): what an
   * open stream is checked against before each event goes down it.
   */
  streamHolders(sesiones: readonly string[]): Promise<StreamHolderRow[]> {
    return this.db.query<StreamHolderRow>(sql`
      SELECT s.uuid AS sesion_uuid, u.uuid AS usuario_uuid, r.uuid AS rol_uuid, r.permisos,
             (SELECT array_agg(ua.area_uuid) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid) AS areas
        FROM sesiones s
        JOIN usuarios u ON u.uuid = s.usuario_uuid
        JOIN roles r ON r.uuid = u.rol_uuid
       WHERE s.uuid = ANY(${sesiones}::uuid[]) AND s.cerrada_en IS NULL AND s.vence_en > now() AND u.activo`);
  }
}
