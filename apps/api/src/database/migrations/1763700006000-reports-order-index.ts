import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports page and export by (fecha_asignacion DESC, uuid DESC); the uuid
 * makes the order total, so keyset batches never skip or repeat a row.
 */
export class ReportsOrderIndex1763700006000 implements MigrationInterface {
  name = 'ReportsOrderIndex1763700006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX tareas_asignadas_reporte_idx ON tareas_asignadas (fecha_asignacion DESC, uuid DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_reporte_idx`);
  }
}
