import { MigrationInterface, QueryRunner } from 'typeorm';
import { ASSIGNMENTS_SUMMARY_BUILD } from './1763700016000-report-summary';

/**
 * The hours report's summary (issue 35 §4): `resumen_horas` holds, per company day (of the
 * interval's start, in `resumen_ajustes.zona`), occurrence and person, the seconds and the number
 * of the closed intervals, with the occurrence's task, task type, machine and area copied onto the
 * row. The report adds up a month of these rows instead of the month's intervals and one probe per
 * occurrence; running intervals and the edges of the period are still read from the intervals.
 *
 * Statement-level triggers on `intervalos_tiempo` keep it, in the writer's transaction: each
 * statement adds its closed rows' contributions (+1 new, -1 old), grouped, in key order, and drops
 * the rows left without intervals. A task definition's new type, machine or area is copied onto
 * its rows; `f_resumen_zona` rebuilds this table too when the company zone changes.
 */

/** Adds to the summary the contributions of `source`: rows of (signo, tarea_asignada_uuid, usuario_uuid, inicio, fin). */
const apply = (source: string, upsert = true) => `
  INSERT INTO resumen_horas AS r
    (dia, tarea_asignada_uuid, usuario_uuid, tarea_uuid, tipo_tarea_uuid, equipo_uuid, area_uuid, segundos, intervalos)
  SELECT c.dia, c.tarea_asignada_uuid, c.usuario_uuid, t.uuid, t.tipo_tarea_uuid, t.equipo_uuid, t.area_uuid,
    c.segundos, c.intervalos
  FROM (
    SELECT (s.inicio AT TIME ZONE z.zona)::date AS dia, s.tarea_asignada_uuid, s.usuario_uuid,
      sum(s.signo * extract(epoch FROM s.fin - s.inicio)) AS segundos, sum(s.signo)::int AS intervalos
    FROM (${source}) s CROSS JOIN resumen_ajustes z
    WHERE s.fin IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING sum(s.signo) <> 0 OR sum(s.signo * extract(epoch FROM s.fin - s.inicio)) <> 0
  ) c
  LEFT JOIN tareas_asignadas ta ON ta.uuid = c.tarea_asignada_uuid
  LEFT JOIN tareas t ON t.uuid = ta.tarea_uuid
  ORDER BY 1, 2, 3
  ${upsert ? 'ON CONFLICT (dia, tarea_asignada_uuid, usuario_uuid) DO UPDATE SET segundos = r.segundos + EXCLUDED.segundos, intervalos = r.intervalos + EXCLUDED.intervalos' : ''}`;

/** Drops the rows of `table`'s (old) intervals left with none. */
const prune = (table: string) => `
  DELETE FROM resumen_horas r
  WHERE r.intervalos = 0 AND (r.dia, r.tarea_asignada_uuid, r.usuario_uuid) IN (
    SELECT (x.inicio AT TIME ZONE z.zona)::date, x.tarea_asignada_uuid, x.usuario_uuid
    FROM ${table} x CROSS JOIN resumen_ajustes z WHERE x.fin IS NOT NULL)`;

const rows = (signo: 1 | -1, table: string) =>
  `SELECT ${signo} AS signo, x.tarea_asignada_uuid, x.usuario_uuid, x.inicio, x.fin FROM ${table} x`;

/** The whole summary from the intervals, into the empty table (the migration, the seed, a zone change). */
export const HOURS_SUMMARY_BUILD = apply(rows(1, 'intervalos_tiempo'), false);

/** `f_resumen_zona` as migration 1763700016000 made it, `extra` run after its rebuild. */
const zoneFunction = (extra: string) => `
  CREATE OR REPLACE FUNCTION f_resumen_zona(p_zona text) RETURNS boolean LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(774201612);
    IF (SELECT zona FROM resumen_ajustes) = p_zona THEN RETURN false; END IF;
    UPDATE resumen_ajustes SET zona = p_zona;
    TRUNCATE resumen_asignaciones;
    ${ASSIGNMENTS_SUMMARY_BUILD};
    ${extra}
    RETURN true;
  END $$`;

export class HoursSummary1763700019600 implements MigrationInterface {
  name = 'HoursSummary1763700019600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE resumen_horas (
      dia date NOT NULL,
      tarea_asignada_uuid uuid NOT NULL,
      usuario_uuid uuid NOT NULL,
      tarea_uuid uuid,
      tipo_tarea_uuid uuid,
      equipo_uuid uuid,
      area_uuid uuid,
      segundos numeric NOT NULL,
      intervalos integer NOT NULL
    )`);
    await q.query(`SET LOCAL work_mem = '256MB'`);
    await q.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    await q.query(HOURS_SUMMARY_BUILD);
    await q.query(`CREATE UNIQUE INDEX resumen_horas_clave ON resumen_horas (dia, tarea_asignada_uuid, usuario_uuid)`);
    await q.query(`CREATE INDEX resumen_horas_tarea_idx ON resumen_horas (tarea_uuid)`);
    await q.query(`ANALYZE resumen_horas`);

    await q.query(`CREATE FUNCTION f_horas_insertados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(rows(1, 'nuevos'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_horas_borrados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(rows(-1, 'viejos'))}; ${prune('viejos')}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_horas_cambiados() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`${rows(-1, 'viejos')} UNION ALL ${rows(1, 'nuevos')}`)}; ${prune('viejos')}; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_resumen_ins AFTER INSERT ON intervalos_tiempo
      REFERENCING NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION f_horas_insertados()`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_resumen_del AFTER DELETE ON intervalos_tiempo
      REFERENCING OLD TABLE AS viejos FOR EACH STATEMENT EXECUTE FUNCTION f_horas_borrados()`);
    await q.query(`CREATE TRIGGER intervalos_tiempo_resumen_upd AFTER UPDATE ON intervalos_tiempo
      REFERENCING OLD TABLE AS viejos NEW TABLE AS nuevos FOR EACH STATEMENT EXECUTE FUNCTION f_horas_cambiados()`);

    // A task definition's new type, machine or area goes onto its rows.
    await q.query(`CREATE FUNCTION f_horas_tarea() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE resumen_horas SET tipo_tarea_uuid = NEW.tipo_tarea_uuid, equipo_uuid = NEW.equipo_uuid, area_uuid = NEW.area_uuid
        WHERE tarea_uuid = NEW.uuid;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER tareas_resumen_horas AFTER UPDATE OF tipo_tarea_uuid, equipo_uuid, area_uuid ON tareas
      FOR EACH ROW WHEN (OLD.tipo_tarea_uuid IS DISTINCT FROM NEW.tipo_tarea_uuid OR OLD.equipo_uuid IS DISTINCT FROM NEW.equipo_uuid
        OR OLD.area_uuid IS DISTINCT FROM NEW.area_uuid)
      EXECUTE FUNCTION f_horas_tarea()`);

    await q.query(zoneFunction(`TRUNCATE resumen_horas; ${HOURS_SUMMARY_BUILD};`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(zoneFunction(''));
    await q.query(`DROP TRIGGER IF EXISTS tareas_resumen_horas ON tareas`);
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_resumen_ins ON intervalos_tiempo`);
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_resumen_del ON intervalos_tiempo`);
    await q.query(`DROP TRIGGER IF EXISTS intervalos_tiempo_resumen_upd ON intervalos_tiempo`);
    await q.query(
      `DROP FUNCTION IF EXISTS f_horas_tarea(), f_horas_cambiados(), f_horas_borrados(), f_horas_insertados()`,
    );
    await q.query(`DROP TABLE IF EXISTS resumen_horas`);
  }
}
