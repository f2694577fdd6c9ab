import { MigrationInterface, QueryRunner } from 'typeorm';
import { ALL_PERMISSIONS, OPERARIO_PERMISSIONS, ROLE_NAMES, SUPERVISOR_PERMISSIONS } from '@gestar/contracts';

/** The three roles of DECISIONS section 2 (a migration, not the demo seed). */
export class SeedRoles1763700000100 implements MigrationInterface {
  name = 'SeedRoles1763700000100';

  async up(q: QueryRunner): Promise<void> {
    const roles: [string, readonly string[]][] = [
      [ROLE_NAMES.admin, ALL_PERMISSIONS],
      [ROLE_NAMES.supervisor, SUPERVISOR_PERMISSIONS],
      [ROLE_NAMES.operario, OPERARIO_PERMISSIONS],
    ];
    for (const [nombre, permisos] of roles) {
      await q.query(
        `INSERT INTO roles (nombre, permisos) VALUES ($1, $2)
         ON CONFLICT (nombre) DO UPDATE SET permisos = EXCLUDED.permisos`,
        [nombre, [...permisos]],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM roles WHERE nombre = ANY($1)`, [Object.values(ROLE_NAMES)]);
  }
}
