import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in with the company's directory (DECISIONS.md, "Company sign-in"): where each user comes
 * from and its identity there, and the pending OpenID Connect sign-ins (state, nonce and PKCE
 * verifier, single use, kept in the database so any API process can finish them).
 */
export class DirectorySignIn1763700013200 implements MigrationInterface {
  name = 'DirectorySignIn1763700013200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE usuarios ADD COLUMN origen varchar(10) NOT NULL DEFAULT 'local'
      CHECK (origen IN ('local', 'oidc', 'ldap'))`);
    await q.query(`ALTER TABLE usuarios ADD COLUMN externo_id varchar(300)`);
    await q.query(`CREATE UNIQUE INDEX usuarios_externo_key ON usuarios (origen, externo_id) WHERE externo_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE oidc_intentos (
        estado varchar(100) PRIMARY KEY,
        nonce varchar(100) NOT NULL,
        verificador varchar(200) NOT NULL,
        vence_en timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS oidc_intentos`);
    await q.query(`DROP INDEX IF EXISTS usuarios_externo_key`);
    await q.query(`ALTER TABLE usuarios DROP COLUMN IF EXISTS externo_id`);
    await q.query(`ALTER TABLE usuarios DROP COLUMN IF EXISTS origen`);
  }
}
