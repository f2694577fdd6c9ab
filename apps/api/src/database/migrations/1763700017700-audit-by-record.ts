import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One record's history in the audit log (issue 36): «everything that happened to this user»
 * reads the entries of one `recurso_uuid`, newest first.
 */
export class AuditByRecord1763700017700 implements MigrationInterface {
  name = 'AuditByRecord1763700017700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX auditoria_recurso_uuid_idx ON auditoria (recurso_uuid, en DESC, id DESC) WHERE recurso_uuid IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS auditoria_recurso_uuid_idx`);
  }
}
