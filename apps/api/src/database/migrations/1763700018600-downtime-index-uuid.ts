import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The downtime report reads a machine task's occurrences in a period from the index alone: the
 * occurrence's own key joins it to the reports that became it (corrective work), so it is
 * included too, and no row of `tareas_asignadas` is visited.
 */
export class DowntimeIndexUuid1763700018600 implements MigrationInterface {
  name = 'DowntimeIndexUuid1763700018600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_tarea_fecha_idx`);
    await q.query(`CREATE INDEX tareas_asignadas_tarea_fecha_idx ON tareas_asignadas (tarea_uuid, fecha_asignacion)
      INCLUDE (uuid, fecha_vencimiento, fecha_completada, programacion_uuid, archivada)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_tarea_fecha_idx`);
    await q.query(`CREATE INDEX tareas_asignadas_tarea_fecha_idx ON tareas_asignadas (tarea_uuid, fecha_asignacion)
      INCLUDE (fecha_vencimiento, fecha_completada, programacion_uuid, archivada)`);
  }
}
