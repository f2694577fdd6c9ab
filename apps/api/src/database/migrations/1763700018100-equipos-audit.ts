import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Machines are audited like the other catalogs (issue 33): every create, edit, state change
 * (estado and estado_desde before and after) and delete of `equipos` is a row of the audit log,
 * by the person the request acts for.
 */
export class EquiposAudit1763700018100 implements MigrationInterface {
  name = 'EquiposAudit1763700018100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TRIGGER equipos_auditoria AFTER INSERT OR UPDATE OR DELETE ON equipos
      FOR EACH ROW EXECUTE FUNCTION auditar_fila('equipo')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS equipos_auditoria ON equipos`);
  }
}
