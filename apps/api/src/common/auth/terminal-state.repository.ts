import { Injectable } from '@nestjs/common';
import { TERMINAL_LIMITS } from '@gestar/contracts';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

export type DeviceRow = Columns<'terminales', 'uuid' | 'nombre' | 'area_uuid' | 'minutos_inactividad' | 'revocada_en'>;

export interface TerminalSessionRow {
  terminal_uuid: string;
  token_hash: string;
  revocada_en: Date | null;
  area_uuid: string;
  minutos_inactividad: number;
  cerrada_en: Date | null;
  vence_en: Date;
  creada_en: Date;
  idle: boolean;
}

export interface ReplayRow {
  sesion_uuid: string;
  usuario_uuid: string;
  terminal_uuid: string;
  token_hash: string;
  revocada_en: Date | null;
  creada_en: Date;
  cerrada_en: Date | null;
  replay_vence_en: Date | null;
}

const GRACE = TERMINAL_LIMITS.serverIdleGraceSeconds;

/**
 * What the guard reads of terminals on every terminal request (no cache: a revocation or an idle
 * expiry holds from the next request), the last-use marks it leaves, and `tickets_terminal`, the
 * single-use passes of the wall board's stream.
 */
@Injectable()
export class TerminalStateRepository {
  constructor(private readonly db: Db) {}

  device(tokenHash: string): Promise<DeviceRow | null> {
    return this.db.one(sql`
      SELECT uuid, nombre, area_uuid, minutos_inactividad, revocada_en FROM terminales WHERE token_hash = ${tokenHash}`);
  }

  /** Marks the terminal used now (at most every few seconds, to spare writes). */
  async touchDevice(uuid: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE terminales SET ultimo_uso_en = now()
       WHERE uuid = ${uuid} AND (ultimo_uso_en IS NULL OR ultimo_uso_en < now() - interval '5 seconds')`);
  }

  /** The terminal side of a session: null when the session was not opened at a terminal. */
  session(sesion: string, usuario: string): Promise<TerminalSessionRow | null> {
    return this.db.one(sql`
      SELECT t.uuid AS terminal_uuid, t.token_hash, t.revocada_en, t.area_uuid, t.minutos_inactividad,
             s.cerrada_en, s.vence_en, s.creada_en,
             s.ultimo_uso_en < now() - make_interval(secs => t.minutos_inactividad * 60 + ${GRACE}) AS idle
        FROM sesiones s JOIN terminales t ON t.uuid = s.terminal_uuid
       WHERE s.uuid = ${sesion} AND s.usuario_uuid = ${usuario}`);
  }

  /** A request of the session: its idle time starts again. */
  async touchSession(sesion: string): Promise<void> {
    await this.db.execute(sql`UPDATE sesiones SET ultimo_uso_en = now() WHERE uuid = ${sesion} AND cerrada_en IS NULL`);
  }

  /** Ends a terminal session left idle past its minutes (server side of the idle sign-out). */
  async closeIdle(sesion: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE sesiones SET cerrada_en = now(), motivo_cierre = 'inactividad' WHERE uuid = ${sesion} AND cerrada_en IS NULL`);
  }

  replay(replayHash: string): Promise<ReplayRow | null> {
    return this.db.one(sql`
      SELECT s.uuid AS sesion_uuid, s.usuario_uuid, t.uuid AS terminal_uuid, t.token_hash, t.revocada_en,
             s.creada_en, s.cerrada_en, s.replay_vence_en
        FROM sesiones s JOIN terminales t ON t.uuid = s.terminal_uuid
       WHERE s.replay_hash = ${replayHash}`);
  }

  async insertTicket(hash: string, terminal: string, ttlSeconds: number): Promise<Date> {
    const [row] = await this.db.query<{ vence_en: Date }>(sql`
      INSERT INTO tickets_terminal (ticket_hash, terminal_uuid, vence_en)
      VALUES (${hash}, ${terminal}, now() + make_interval(secs => ${ttlSeconds}))
      RETURNING vence_en`);
    await this.db.execute(sql`DELETE FROM tickets_terminal WHERE vence_en < now() - interval '1 minute'`);
    return row.vence_en;
  }

  consumeTicket(hash: string): Promise<{ terminal_uuid: string } | null> {
    return this.db.one(sql`
      DELETE FROM tickets_terminal WHERE ticket_hash = ${hash} AND vence_en > now() RETURNING terminal_uuid`);
  }

  deviceByUuid(uuid: string): Promise<(DeviceRow & { token_hash: string }) | null> {
    return this.db.one(sql`
      SELECT uuid, nombre, area_uuid, minutos_inactividad, revocada_en, token_hash FROM terminales WHERE uuid = ${uuid}`);
  }
}
