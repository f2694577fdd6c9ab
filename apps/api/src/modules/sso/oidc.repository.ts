import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Columns } from '../../database/rows';
import { sql } from '../../database/sql';

/** The one writer of `oidc_intentos`: sign-ins sent to the provider and not back yet. */
@Injectable()
export class OidcRepository {
  constructor(private readonly db: Db) {}

  async insert(estado: string, nonce: string, verificador: string, volver: string | null, compartido: boolean, ttlSeconds: number): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO oidc_intentos (estado, nonce, verificador, volver, compartido, vence_en)
      VALUES (${estado}, ${nonce}, ${verificador}, ${volver}, ${compartido}, now() + make_interval(secs => ${ttlSeconds}))`);
    await this.db.execute(sql`DELETE FROM oidc_intentos WHERE vence_en < now() - interval '1 hour'`);
  }

  /** Uses a pending sign-in up (once): its nonce and PKCE verifier, if it exists and has not expired. */
  take(estado: string): Promise<Columns<'oidc_intentos', 'nonce' | 'verificador' | 'volver' | 'compartido'> | null> {
    return this.db.one(sql`
      DELETE FROM oidc_intentos WHERE estado = ${estado} AND vence_en > now() RETURNING nonce, verificador, volver, compartido`);
  }
}
