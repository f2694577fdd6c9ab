import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The downtime report (issue 33 §5): the state intervals that overlap a period, found by their
 * range (an open interval is unbounded above), whatever the period's age; and the occurrences of
 * one task in a period, with the columns the figures read, so the machines' tasks are read from
 * the index alone.
 */
export class DowntimeIndexes1763700018500 implements MigrationInterface {
  name = 'DowntimeIndexes1763700018500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX equipo_estados_rango_idx ON equipo_estados USING gist (tstzrange(desde, hasta))`);
    await q.query(`CREATE INDEX tareas_asignadas_tarea_fecha_idx ON tareas_asignadas (tarea_uuid, fecha_asignacion)
      INCLUDE (fecha_vencimiento, fecha_completada, programacion_uuid, archivada)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_tarea_fecha_idx`);
    await q.query(`DROP INDEX IF EXISTS equipo_estados_rango_idx`);
  }
}
