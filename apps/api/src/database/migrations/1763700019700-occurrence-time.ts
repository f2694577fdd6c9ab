import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The hours report's estimates and «finished without time» (issue 35 §4) without a probe of the
 * intervals per completed occurrence: each occurrence keeps the microseconds of its closed
 * intervals (`tiempo_us`) and how many intervals it has, running ones included (`intervalos`).
 * The completed-in-a-period index carries both, so a month's completed occurrences are one index
 * range; only the running intervals (one per person at most, `intervalos_tiempo_en_marcha_key`)
 * are read live.
 *
 * Statement-level triggers on `intervalos_tiempo` keep them in the writer's transaction, as
 * `resumen_horas` is kept: each statement adds its rows' contributions (+1 new, -1 old) per
 * occurrence, and occurrences whose figures do not change are not written.
 */

/** The microseconds an interval row `s` adds while closed (a running one adds none). */
const closedUs = `CASE WHEN s.fin IS NULL THEN 0 ELSE (extract(epoch FROM s.fin - s.inicio) * 1000000)::bigint END`;

/** Adds to the occurrences the contributions of `source`: rows of (signo, tarea_asignada_uuid, inicio, fin). */
const apply = (source: string) => `
  UPDATE tareas_asignadas ta SET tiempo_us = ta.tiempo_us + d.us, intervalos = ta.intervalos + d.n
  FROM (
    SELECT s.tarea_asignada_uuid, sum(s.signo * ${closedUs})::bigint AS us, sum(s.signo)::int AS n
    FROM (${source}) s
    GROUP BY 1
    HAVING sum(s.signo * ${closedUs}) <> 0 OR sum(s.signo) <> 0
  ) d
  WHERE ta.uuid = d.tarea_asignada_uuid`;

const rows = (signo: 1 | -1, table: string) =>
  `SELECT ${signo} AS signo, x.tarea_asignada_uuid, x.inicio, x.fin FROM ${table} x`;

/** Every occurrence's figures from its intervals (the migration, the bench seed). */
export const OCCURRENCE_TIME_BUILD = `
  UPDATE tareas_asignadas ta SET tiempo_us = d.us, intervalos = d.n
  FROM (
    SELECT s.tarea_asignada_uuid, sum(${closedUs})::bigint AS us, count(*)::int AS n
    FROM intervalos_tiempo s GROUP BY 1
  ) d
  WHERE ta.uuid = d.tarea_asignada_uuid`;

const COMPLETED_INDEX = (
  extra: string,
) => `CREATE INDEX tareas_asignadas_completada_idx ON tareas_asignadas (fecha_completada)
  INCLUDE (tarea_uuid, fecha_asignacion, empleado_uuid, primer_cambio_estado${extra}) WHERE fecha_completada IS NOT NULL`;

export class OccurrenceTime1763700019700 implements MigrationInterface {
  name = 'OccurrenceTime1763700019700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE tareas_asignadas ADD COLUMN tiempo_us bigint NOT NULL DEFAULT 0,
      ADD COLUMN intervalos integer NOT NULL DEFAULT 0`);
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_completada_idx`);
    // The fill changes no figure of the report summary: its trigger is off meanwhile.
    await q.query(`ALTER TABLE tareas_asignadas DISABLE TRIGGER tareas_asignadas_resumen_upd`);
    await q.query(OCCURRENCE_TIME_BUILD);
    await q.query(`ALTER TABLE tareas_asignadas ENABLE TRIGGER tareas_asignadas_resumen_upd`);
    await q.query(COMPLETED_INDEX(', tiempo_us, intervalos'));

    await q.query(`CREATE FUNCTION f_tiempo_ocurrencia_insertados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(rows(1, 'nuevos'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_tiempo_ocurrencia_borrados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(rows(-1, 'viejos'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_tiempo_ocurrencia_cambiados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`${rows(-1, 'viejos')} UNION ALL ${rows(1, 'nuevos')}`)}; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_ocurrencia_ins AFTER INSERT ON intervalos_tiempo
      REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION f_tiempo_ocurrencia_insertados()`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_ocurrencia_del AFTER DELETE ON intervalos_tiempo
      REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION f_tiempo_ocurrencia_borrados()`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_ocurrencia_upd AFTER UPDATE ON intervalos_tiempo
      REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION f_tiempo_ocurrencia_cambiados()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_ocurrencia_ins ON intervalos_tiempo`);
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_ocurrencia_del ON intervalos_tiempo`);
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_ocurrencia_upd ON intervalos_tiempo`);
    await q.query(
      `DROP FUNCTION IF EXISTS f_tiempo_ocurrencia_cambiados(), f_tiempo_ocurrencia_borrados(), f_tiempo_ocurrencia_insertados()`,
    );
    await q.query(`DROP INDEX IF EXISTS tareas_asignadas_completada_idx`);
    await q.query(`ALTER TABLE tareas_asignadas DROP COLUMN IF EXISTS tiempo_us, DROP COLUMN IF EXISTS intervalos`);
    await q.query(COMPLETED_INDEX(''));
  }
}
