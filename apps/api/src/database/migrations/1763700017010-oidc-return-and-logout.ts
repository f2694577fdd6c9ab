import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A company sign-in carries the path to return to (a task link) through the provider, and a
 * session opened with OpenID keeps its ID token, so «Salir» can end the provider's session too
 * (RP-initiated logout, `id_token_hint`). The token is cleared when the session is closed.
 */
export class OidcReturnAndLogout1763700017010 implements MigrationInterface {
  name = 'OidcReturnAndLogout1763700017010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE oidc_intentos ADD COLUMN volver varchar(500)`);
    await q.query(`ALTER TABLE sesiones ADD COLUMN oidc_id_token text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sesiones DROP COLUMN IF EXISTS oidc_id_token`);
    await q.query(`ALTER TABLE oidc_intentos DROP COLUMN IF EXISTS volver`);
  }
}
