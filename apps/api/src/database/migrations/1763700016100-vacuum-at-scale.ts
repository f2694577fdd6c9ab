import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Measured at ten million assignments (issue 21, section 3; docs/PERFORMANCE.md «Ten million rows»):
 *
 * - `tareas_asignadas_fecha_idx` (fecha_asignacion DESC) is covered by the reports' order index
 *   (fecha_asignacion DESC, uuid DESC): 214 MB written on every insert for no plan of its own.
 * - Autovacuum by default waits for a fifth of a table to be dead rows: two million at that size.
 *   The assignments, their history and the reports' summary (whose rows every write updates) are
 *   vacuumed and analysed after 2% (1% for statistics) instead, so the visibility map that
 *   index-only scans rely on stays current and plans follow the data.
 */
const TUNED = ['tareas_asignadas', 'historial_tareas_asignadas', 'comentarios', 'resumen_asignaciones'];

export class VacuumAtScale1763700016100 implements MigrationInterface {
  name = 'VacuumAtScale1763700016100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_fecha_idx`);
    for (const table of TUNED)
      await q.query(
        `ALTER TABLE ${table} SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.01)`,
      );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TUNED)
      await q.query(`ALTER TABLE ${table} RESET (autovacuum_vacuum_scale_factor, autovacuum_analyze_scale_factor)`);
    await q.query(`CREATE INDEX IF NOT EXISTS tareas_asignadas_fecha_idx ON tareas_asignadas (fecha_asignacion DESC)`);
  }
}
