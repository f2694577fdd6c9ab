import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns, Holding } from '../../database/rows';
import { sql } from '../../database/sql';

export type IdempotencyRow = Columns<'claves_idempotencia', 'huella' | 'completada' | 'codigo_http'> & {
  /** The stored response body, handed back as it was. */
  respuesta: Holding<Column<'claves_idempotencia', 'respuesta'>, unknown>;
  /** Seconds since the row was claimed. */
  edad_s: number;
};

/** The one writer of `claves_idempotencia`. */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims (user, key) for a request with this fingerprint. True when this call owns the key
   * now: no live row existed (an expired one is taken over).
   */
  async claim(usuario: string, clave: string, huella: string, ttlHours: number): Promise<boolean> {
    const rows = await this.db.query<Columns<'claves_idempotencia', 'clave'>>(sql`
      INSERT INTO claves_idempotencia (usuario_uuid, clave, huella, expira_en)
      VALUES (${usuario}, ${clave}, ${huella}, now() + make_interval(hours => ${ttlHours}))
      ON CONFLICT (usuario_uuid, clave) DO UPDATE
        SET huella = EXCLUDED.huella, completada = false, codigo_http = NULL, respuesta = NULL,
            creado_en = now(), expira_en = EXCLUDED.expira_en
        WHERE claves_idempotencia.expira_en <= now()
      RETURNING clave`);
    return rows.length > 0;
  }

  async find(usuario: string, clave: string): Promise<IdempotencyRow | null> {
    return this.db.one<IdempotencyRow>(sql`
      SELECT huella, completada, codigo_http, respuesta,
             extract(epoch FROM now() - creado_en)::int AS edad_s
        FROM claves_idempotencia
       WHERE usuario_uuid = ${usuario} AND clave = ${clave} AND expira_en > now()`);
  }

  /** Takes over a claim whose request never finished (its process stopped). */
  async reclaimStale(usuario: string, clave: string, huella: string, staleSeconds: number): Promise<boolean> {
    const n = await this.db.execute(sql`
      UPDATE claves_idempotencia SET creado_en = now()
       WHERE usuario_uuid = ${usuario} AND clave = ${clave} AND huella = ${huella} AND NOT completada
         AND creado_en <= now() - make_interval(secs => ${staleSeconds})`);
    return n > 0;
  }

  async complete(usuario: string, clave: string, codigo: number, respuesta: unknown): Promise<void> {
    await this.db.execute(sql`
      UPDATE claves_idempotencia SET completada = true, codigo_http = ${codigo}, respuesta = ${JSON.stringify(respuesta ?? null)}::jsonb
       WHERE usuario_uuid = ${usuario} AND clave = ${clave}`);
  }

  /** Deletes expired keys; answers how many. */
  async prune(): Promise<number> {
    return this.db.execute(sql`DELETE FROM claves_idempotencia WHERE expira_en <= now()`);
  }
}
