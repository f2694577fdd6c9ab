import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The time reports (issue 35 §3): the occurrences completed in a period with the columns the lead
 * and cycle times read (from the index alone), and each occurrence's status changes in order, so its
 * first one is a single probe that never visits the table. The time intervals of a period: by
 * their start with what the hours read (`intervalos_tiempo_inicio_idx`), plus the few running or
 * longer than a day (`intervalos_tiempo_largos_idx`), which may start long before the period; and
 * the seconds of each occurrence from the index alone (`intervalos_tiempo_ocurrencia_fin_idx`).
 * Statistics on an interval's length let the planner see how few the long ones are (without
 * them it guesses a third of the table, and the statements' cost reaches JIT compilation).
 */
export class TimeReports1763700019200 implements MigrationInterface {
  name = 'TimeReports1763700019200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX tareas_asignadas_completada_idx ON tareas_asignadas (fecha_completada)
      INCLUDE (tarea_uuid, fecha_asignacion, empleado_uuid) WHERE fecha_completada IS NOT NULL`);
    await q.query(`CREATE INDEX historial_estado_idx ON historial_tareas_asignadas (tarea_asignada_uuid, fecha)
      WHERE tipo = 'estado'`);
    await q.query(`CREATE INDEX intervalos_tiempo_inicio_idx ON intervalos_tiempo (inicio)
      INCLUDE (fin, usuario_uuid, tarea_asignada_uuid)`);
    await q.query(`CREATE INDEX intervalos_tiempo_largos_idx ON intervalos_tiempo (inicio)
      INCLUDE (fin, usuario_uuid, tarea_asignada_uuid) WHERE fin IS NULL OR fin - inicio > interval '1 day'`);
    await q.query(`CREATE INDEX intervalos_tiempo_ocurrencia_fin_idx ON intervalos_tiempo (tarea_asignada_uuid)
      INCLUDE (inicio, fin)`);
    await q.query(`CREATE STATISTICS intervalos_tiempo_duracion_stat ON (fin - inicio) FROM intervalos_tiempo`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP STATISTICS IF EXISTS intervalos_tiempo_duracion_stat`);
    await q.query(`DROP INDEX IF EXISTS intervalos_tiempo_ocurrencia_fin_idx`);
    await q.query(`DROP INDEX IF EXISTS intervalos_tiempo_largos_idx`);
    await q.query(`DROP INDEX IF EXISTS intervalos_tiempo_inicio_idx`);
    await q.query(`DROP INDEX IF EXISTS historial_estado_idx`);
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_completada_idx`);
  }
}
