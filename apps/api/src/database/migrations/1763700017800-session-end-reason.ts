import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a session ended (issue 36): the refused refresh answers it, so the login page tells the
 * person that the session was closed from another device, by a password change or a deactivation.
 */
export class SessionEndReason1763700017800 implements MigrationInterface {
  name = 'SessionEndReason1763700017800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sesiones ADD COLUMN motivo_cierre varchar(20)
        CHECK (motivo_cierre IN ('otro_dispositivo', 'contrasena', 'desactivada', 'cuenta_empresa', 'seguridad', 'cierre'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sesiones DROP COLUMN IF EXISTS motivo_cierre`);
  }
}
