import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Status categories (`pendiente`, `en_curso`, `terminada`) and unique catalog names.
 *
 * - Existing statuses: the first by order `pendiente`, the last `terminada`, the rest `en_curso`.
 * - `fecha_completada` is made to agree with the categories: an occurrence in a `terminada`
 *   status without it takes the moment it entered that status (its last status change in the
 *   history, else its assignment); one outside `terminada` loses it.
 * - Areas, statuses, task types and job positions are unique by name ignoring case and accents
 *   (`lower(f_unaccent(nombre))`). Existing duplicates keep the oldest name as it is; the others
 *   get " (2)", " (3)"... appended so the index can be built without losing a row.
 * - Two statuses may not share an order: when some do, every status is re-numbered 1..n in the
 *   order the board showed them (order, name, uuid).
 */
export class StatusCategories1763700007000 implements MigrationInterface {
  name = 'StatusCategories1763700007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE estados ADD COLUMN categoria varchar(20) NOT NULL DEFAULT 'en_curso'
      CHECK (categoria IN ('pendiente', 'en_curso', 'terminada'))`);

    for (const table of ['areas', 'estados', 'tipos_tarea', 'descripciones_puesto']) {
      await q.query(`
        WITH ranked AS (
          SELECT uuid, row_number() OVER (PARTITION BY lower(f_unaccent(nombre)) ORDER BY created_at, uuid) AS n
            FROM ${table}
        )
        UPDATE ${table} t SET nombre = left(t.nombre, 90) || ' (' || r.n || ')'
          FROM ranked r WHERE r.uuid = t.uuid AND r.n > 1`);
      await q.query(`CREATE UNIQUE INDEX ${table}_nombre_key ON ${table} (lower(f_unaccent(nombre)))`);
    }

    const [dup]: { n: number }[] = await q.query(
      `SELECT count(*)::int AS n FROM (SELECT "order" FROM estados GROUP BY "order" HAVING count(*) > 1) d`,
    );
    if (dup.n > 0) {
      await q.query(`
        WITH ranked AS (SELECT uuid, row_number() OVER (ORDER BY "order", lower(nombre), uuid) AS n FROM estados)
        UPDATE estados e SET "order" = r.n FROM ranked r WHERE r.uuid = e.uuid`);
    }
    await q.query(`CREATE UNIQUE INDEX estados_order_key ON estados ("order")`);

    await q.query(`
      WITH ranked AS (
        SELECT uuid, row_number() OVER (ORDER BY "order", created_at, uuid) AS first,
               row_number() OVER (ORDER BY "order" DESC, created_at DESC, uuid DESC) AS last
          FROM estados
      )
      UPDATE estados e
         SET categoria = CASE WHEN r.last = 1 THEN 'terminada' WHEN r.first = 1 THEN 'pendiente' ELSE 'en_curso' END
        FROM ranked r WHERE r.uuid = e.uuid`);

    await q.query(`
      UPDATE tareas_asignadas ta SET fecha_completada = NULL
        FROM estados e
       WHERE e.uuid = ta.estado_uuid AND e.categoria <> 'terminada' AND ta.fecha_completada IS NOT NULL`);
    await q.query(`
      UPDATE tareas_asignadas ta
         SET fecha_completada = coalesce(
               (SELECT max(h.fecha) FROM historial_tareas_asignadas h
                 WHERE h.tarea_asignada_uuid = ta.uuid AND h.tipo = 'estado'),
               ta.fecha_asignacion)
        FROM estados e
       WHERE e.uuid = ta.estado_uuid AND e.categoria = 'terminada' AND ta.fecha_completada IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS estados_order_key`);
    for (const table of ['areas', 'estados', 'tipos_tarea', 'descripciones_puesto']) {
      await q.query(`DROP INDEX IF EXISTS ${table}_nombre_key`);
    }
    await q.query(`ALTER TABLE estados DROP COLUMN categoria`);
  }
}
