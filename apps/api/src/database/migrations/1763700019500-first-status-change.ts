import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lead and cycle time (issue 35 §4) without a probe of the history per occurrence: each occurrence
 * keeps the moment of its first status change (`primer_cambio_estado`, the earliest `estado` entry
 * of its history, null while it has none), kept by a trigger on the history so that every writer
 * (status change, bulk, offline replay, terminals, SQL) fills it. The completed-in-a-period index
 * carries it, so a period's occurrences are one index range. Existing rows are filled from the history.
 */
export class FirstStatusChange1763700019500 implements MigrationInterface {
  name = 'FirstStatusChange1763700019500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tareas_asignadas ADD COLUMN primer_cambio_estado timestamptz`);
    // One statement per insert into the history; the occurrence is written only when the new entry
    // is its first status change (or earlier than the one it has), so the later changes cost a lookup.
    await q.query(`
      CREATE FUNCTION f_primer_cambio_estado() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM nuevas n JOIN tareas_asignadas ta ON ta.uuid = n.tarea_asignada_uuid
                    WHERE n.tipo = 'estado' AND (ta.primer_cambio_estado IS NULL OR ta.primer_cambio_estado > n.fecha)) THEN
          UPDATE tareas_asignadas ta SET primer_cambio_estado = n.fecha
            FROM (SELECT tarea_asignada_uuid, min(fecha) AS fecha FROM nuevas WHERE tipo = 'estado' GROUP BY 1) n
           WHERE ta.uuid = n.tarea_asignada_uuid
             AND (ta.primer_cambio_estado IS NULL OR ta.primer_cambio_estado > n.fecha);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER historial_primer_cambio_estado AFTER INSERT ON historial_tareas_asignadas
      REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION f_primer_cambio_estado()`);

    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_completada_idx`);
    // The fill changes no figure of the report summary: its trigger is off meanwhile.
    await q.query(`ALTER TABLE tareas_asignadas DISABLE TRIGGER tareas_asignadas_resumen_upd`);
    await q.query(`
      UPDATE tareas_asignadas ta SET primer_cambio_estado = h.fecha
        FROM (SELECT tarea_asignada_uuid, min(fecha) AS fecha FROM historial_tareas_asignadas
               WHERE tipo = 'estado' GROUP BY 1) h
       WHERE ta.uuid = h.tarea_asignada_uuid`);
    await q.query(`ALTER TABLE tareas_asignadas ENABLE TRIGGER tareas_asignadas_resumen_upd`);
    await q.query(`CREATE INDEX tareas_asignadas_completada_idx ON tareas_asignadas (fecha_completada)
      INCLUDE (tarea_uuid, fecha_asignacion, empleado_uuid, primer_cambio_estado) WHERE fecha_completada IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS historial_primer_cambio_estado ON historial_tareas_asignadas`);
    await q.query(`DROP FUNCTION IF EXISTS f_primer_cambio_estado()`);
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_completada_idx`);
    await q.query(`ALTER TABLE tareas_asignadas DROP COLUMN IF EXISTS primer_cambio_estado`);
    await q.query(`CREATE INDEX tareas_asignadas_completada_idx ON tareas_asignadas (fecha_completada)
      INCLUDE (tarea_uuid, fecha_asignacion, empleado_uuid) WHERE fecha_completada IS NOT NULL`);
  }
}
