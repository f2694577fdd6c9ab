import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reports' counts kept as they change (issue 21): `resumen_asignaciones` holds, per company
 * day and per month, and per area, status, employee and state (archived, completed, on time, due
 * date while open), how many assignments there are and the sum and count of their ratings. The
 * report's total and its charts add up these rows (thousands) instead of the assignments
 * (millions); a report filtered by title still reads the assignments.
 *
 * Statement-level triggers keep it: each statement adds its rows' contributions (+1 new, -1 old),
 * grouped, in key order, so a bulk change is one upsert and two statements take the rows they share
 * in the same order. Company days depend on the time zone: `resumen_ajustes.zona`, which the API
 * sets at start (`f_resumen_zona`), rebuilding the table when the zone changes.
 */

/** The columns of an assignment the summary reads (the source must also give `signo` and `area_uuid`). */
const COLUMNS = 'estado_uuid, empleado_uuid, archivada, calificacion, fecha_asignacion, fecha_vencimiento, fecha_completada';

/** Adds to the summary the contributions of `source`: rows of (signo, area_uuid, COLUMNS). */
const apply = (source: string) => `
  INSERT INTO resumen_asignaciones AS r
    (mensual, fecha, area_uuid, estado_uuid, empleado_uuid, archivada, completada, a_tiempo, vence,
     total, suma_calificacion, calificadas)
  SELECT l.mensual, CASE WHEN l.mensual THEN date_trunc('month', c.dia)::date ELSE c.dia END,
    c.area_uuid, c.estado_uuid, c.empleado_uuid, c.archivada, c.completada, c.a_tiempo, c.vence,
    sum(c.signo)::int, COALESCE(sum(c.signo * c.calificacion), 0)::int,
    COALESCE(sum(c.signo) FILTER (WHERE c.calificacion IS NOT NULL), 0)::int
  FROM (
    SELECT d.signo, d.dia, d.area_uuid, d.estado_uuid, d.empleado_uuid, d.archivada, d.calificacion,
      d.fecha_completada IS NOT NULL AS completada,
      COALESCE((d.fecha_completada AT TIME ZONE d.zona)::date <= COALESCE(d.fecha_vencimiento, d.dia), false) AS a_tiempo,
      CASE WHEN NOT d.archivada AND d.fecha_completada IS NULL THEN COALESCE(d.fecha_vencimiento, d.dia) END AS vence
    FROM (
      SELECT s.*, z.zona, (s.fecha_asignacion AT TIME ZONE z.zona)::date AS dia
      FROM (${source}) s CROSS JOIN resumen_ajustes z
    ) d
  ) c CROSS JOIN (VALUES (false), (true)) l(mensual)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  HAVING sum(c.signo) <> 0 OR COALESCE(sum(c.signo * c.calificacion), 0) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (mensual, fecha, area_uuid, estado_uuid, empleado_uuid, archivada, completada, a_tiempo, vence)
  DO UPDATE SET total = r.total + EXCLUDED.total,
    suma_calificacion = r.suma_calificacion + EXCLUDED.suma_calificacion,
    calificadas = r.calificadas + EXCLUDED.calificadas`;

const fromTransition = (signo: 1 | -1, table: string) =>
  `SELECT ${signo} AS signo, t.area_uuid, ${COLUMNS
    .split(', ')
    .map((c) => `x.${c}`)
    .join(', ')} FROM ${table} x JOIN tareas t ON t.uuid = x.tarea_uuid`;

const ofTask = (signo: 1 | -1, row: 'OLD' | 'NEW') =>
  `SELECT ${signo} AS signo, ${row}.area_uuid, ${COLUMNS} FROM tareas_asignadas WHERE tarea_uuid = ${row}.uuid`;

/** The whole assignments' summary from the assignments (at a zone change). */
export const ASSIGNMENTS_SUMMARY_BUILD = apply(fromTransition(1, 'tareas_asignadas'));

export class ReportSummary1763700016000 implements MigrationInterface {
  name = 'ReportSummary1763700016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE resumen_ajustes (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      zona text NOT NULL
    )`);
    await q.query(`INSERT INTO resumen_ajustes (zona) VALUES ('America/Argentina/Buenos_Aires')`);
    await q.query(`CREATE TABLE resumen_asignaciones (
      mensual boolean NOT NULL,
      fecha date NOT NULL,
      area_uuid uuid NOT NULL,
      estado_uuid uuid NOT NULL,
      empleado_uuid uuid NOT NULL,
      archivada boolean NOT NULL,
      completada boolean NOT NULL,
      a_tiempo boolean NOT NULL,
      vence date,
      total integer NOT NULL,
      suma_calificacion integer NOT NULL,
      calificadas integer NOT NULL
    )`);
    await q.query(`CREATE UNIQUE INDEX resumen_asignaciones_clave ON resumen_asignaciones
      (mensual, fecha, area_uuid, estado_uuid, empleado_uuid, archivada, completada, a_tiempo, vence) NULLS NOT DISTINCT`);

    await q.query(`CREATE FUNCTION f_resumen_insertadas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(fromTransition(1, 'nuevas'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_resumen_borradas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(fromTransition(-1, 'viejas'))}; RETURN NULL; END $$`);
    await q.query(`CREATE FUNCTION f_resumen_cambiadas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`${fromTransition(-1, 'viejas')} UNION ALL ${fromTransition(1, 'nuevas')}`)}; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER tareas_asignadas_resumen_ins AFTER INSERT ON tareas_asignadas
      REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION f_resumen_insertadas()`);
    await q.query(`CREATE TRIGGER tareas_asignadas_resumen_del AFTER DELETE ON tareas_asignadas
      REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION f_resumen_borradas()`);
    await q.query(`CREATE TRIGGER tareas_asignadas_resumen_upd AFTER UPDATE ON tareas_asignadas
      REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION f_resumen_cambiadas()`);

    // A task moved to another area moves its assignments' counts with it.
    await q.query(`CREATE FUNCTION f_resumen_tarea_area() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${apply(`${ofTask(-1, 'OLD')} UNION ALL ${ofTask(1, 'NEW')}`)}; RETURN NULL; END $$`);
    await q.query(`CREATE TRIGGER tareas_resumen_area AFTER UPDATE OF area_uuid ON tareas
      FOR EACH ROW WHEN (OLD.area_uuid IS DISTINCT FROM NEW.area_uuid) EXECUTE FUNCTION f_resumen_tarea_area()`);

    // The whole table again from the assignments, in the zone given (at start, when it changed).
    await q.query(`CREATE FUNCTION f_resumen_zona(p_zona text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(774201612);
        IF (SELECT zona FROM resumen_ajustes) = p_zona THEN RETURN false; END IF;
        UPDATE resumen_ajustes SET zona = p_zona;
        TRUNCATE resumen_asignaciones;
        ${apply(fromTransition(1, 'tareas_asignadas'))};
        RETURN true;
      END $$`);
    await q.query(`${apply(fromTransition(1, 'tareas_asignadas'))}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS tareas_resumen_area ON tareas`);
    await q.query(`DROP TRIGGER IF EXISTS tareas_asignadas_resumen_ins ON tareas_asignadas`);
    await q.query(`DROP TRIGGER IF EXISTS tareas_asignadas_resumen_del ON tareas_asignadas`);
    await q.query(`DROP TRIGGER IF EXISTS tareas_asignadas_resumen_upd ON tareas_asignadas`);
    await q.query(`DROP FUNCTION IF EXISTS f_resumen_zona(text), f_resumen_tarea_area(), f_resumen_cambiadas(),
      f_resumen_borradas(), f_resumen_insertadas()`);
    await q.query(`DROP TABLE IF EXISTS resumen_asignaciones, resumen_ajustes`);
  }
}
