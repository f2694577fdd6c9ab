import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { sql } from '../../database/sql';

export interface StreamTicketRow {
  usuario_uuid: string;
  sesion_uuid: string;
  token_vence_en: Date;
}

/**
 * Reads whether a session is still open (the guard asks on every call, cached for seconds), and
 * owns `tickets_eventos`, the single-use passes of the live-event stream.
 */
@Injectable()
export class SessionStateRepository {
  constructor(private readonly db: Db) {}

  /**
   * Whether the session is open. A shared-device session (`inactividad_minutos`) is open only
   * while it has been used within its idle minutes, and this very check is its use: it moves
   * `ultimo_uso_en` (the one write here to `sesiones`, in the same statement). One left unused
   * longer is refused here; its refresh closes it with reason `inactividad` (AuthService).
   */
  async isOpen(sesion: string, usuario: string): Promise<boolean> {
    const row = await this.db.one<{ open: boolean }>(sql`
      WITH s AS (
        SELECT uuid, cerrada_en IS NULL AND vence_en > now() AS vigente, inactividad_minutos,
               ultimo_uso_en > now() - make_interval(mins => coalesce(inactividad_minutos, 0)) AS en_uso
          FROM sesiones WHERE uuid = ${sesion} AND usuario_uuid = ${usuario}),
      usada AS (
        UPDATE sesiones x SET ultimo_uso_en = now() FROM s
         WHERE x.uuid = s.uuid AND s.vigente AND s.inactividad_minutos IS NOT NULL AND s.en_uso
        RETURNING x.uuid)
      SELECT s.vigente AND (s.inactividad_minutos IS NULL OR EXISTS (SELECT 1 FROM usada)) AS open FROM s`);
    return row?.open ?? false;
  }

  async insertTicket(hash: string, usuario: string, sesion: string, tokenExpiresAt: Date, ttlSeconds: number): Promise<Date> {
    const [row] = await this.db.query<{ vence_en: Date }>(sql`
      INSERT INTO tickets_eventos (ticket_hash, usuario_uuid, sesion_uuid, token_vence_en, vence_en)
      VALUES (${hash}, ${usuario}, ${sesion}, ${tokenExpiresAt}, now() + make_interval(secs => ${ttlSeconds}))
      RETURNING vence_en`);
    // Tickets nobody used are worthless after their minute: the table stays a handful of rows.
    await this.db.execute(sql`DELETE FROM tickets_eventos WHERE vence_en < now() - interval '1 minute'`);
    return row.vence_en;
  }

  /** Uses a ticket up: answers its owner when it existed and had not expired. */
  consumeTicket(hash: string): Promise<StreamTicketRow | null> {
    return this.db.one<StreamTicketRow>(sql`
      DELETE FROM tickets_eventos WHERE ticket_hash = ${hash} AND vence_en > now()
      RETURNING usuario_uuid, sesion_uuid, token_vence_en`);
  }
}
