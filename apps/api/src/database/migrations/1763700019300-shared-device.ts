import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in on a shared device (issue 34, section 5): a session opened with «Dispositivo compartido»
 * keeps its idle minutes (null for every other session) and ends, with reason `inactividad`, when
 * it goes unused that long; a company sign-in carries the choice through the provider.
 */
export class SharedDevice1763700019300 implements MigrationInterface {
  name = 'SharedDevice1763700019300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sesiones ADD COLUMN inactividad_minutos smallint CHECK (inactividad_minutos BETWEEN 1 AND 1440)`);
    // The close reason `inactividad` is already allowed by the terminals' migration (1763700019000).
    await q.query(`ALTER TABLE oidc_intentos ADD COLUMN compartido boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE oidc_intentos DROP COLUMN IF EXISTS compartido`);
    await q.query(`ALTER TABLE sesiones DROP COLUMN IF EXISTS inactividad_minutos`);
  }
}
