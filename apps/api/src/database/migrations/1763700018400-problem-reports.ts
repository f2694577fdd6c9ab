import { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS = `'mensaje', 'asignacion', 'vence_manana', 'vence_hoy', 'vencida', 'escalada', 'resumen', 'prueba'`;

/**
 * Problem reports (issue 33): a notification kind of their own (`solicitud`), which each person
 * may take by push and e-mail like the others (by push unless they said otherwise), and the
 * reports' changes in the audit log (every triage action is a row change of `solicitudes`).
 */
export class ProblemReports1763700018400 implements MigrationInterface {
  name = 'ProblemReports1763700018400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notificaciones DROP CONSTRAINT IF EXISTS notificaciones_tipo_check`);
    await q.query(`ALTER TABLE notificaciones ADD CONSTRAINT notificaciones_tipo_check CHECK (tipo IN (${KINDS}, 'solicitud'))`);
    // People who already chose their channels get the new kind as a newcomer would (by push).
    await q.query(`UPDATE preferencias_notificacion SET push = array_append(push, 'solicitud') WHERE NOT ('solicitud' = ANY(push))`);
    await q.query(`CREATE TRIGGER solicitudes_auditoria AFTER INSERT OR UPDATE OR DELETE ON solicitudes
      FOR EACH ROW EXECUTE FUNCTION auditar_fila('solicitud')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS solicitudes_auditoria ON solicitudes`);
    await q.query(`UPDATE preferencias_notificacion SET push = array_remove(push, 'solicitud'), email = array_remove(email, 'solicitud')`);
    await q.query(`DELETE FROM notificaciones WHERE tipo = 'solicitud'`);
    await q.query(`ALTER TABLE notificaciones DROP CONSTRAINT IF EXISTS notificaciones_tipo_check`);
    await q.query(`ALTER TABLE notificaciones ADD CONSTRAINT notificaciones_tipo_check CHECK (tipo IN (${KINDS}))`);
  }
}
