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

  async isOpen(sesion: string, usuario: string): Promise<boolean> {
    const row = await this.db.one<{ open: boolean }>(sql`
      SELECT cerrada_en IS NULL AND vence_en > now() AS open
        FROM sesiones WHERE uuid = ${sesion} AND usuario_uuid = ${usuario}`);
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
