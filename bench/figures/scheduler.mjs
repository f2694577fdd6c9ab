// Target 4: a scheduler tick of 1,000 due schedules x 5 assignees, timed in
// the built API's SchedulerService, then the same rows inserted by raw pg.
import { join } from 'node:path';
import { apiEnv, runNodeJson } from '../lib/processes.mjs';
import { details, figure } from '../lib/results.mjs';
import { withClient } from '../../scripts/lib/database.mjs';
import { apiDir, benchDir } from '../lib/settings.mjs';

/** 1,000 schedules due yesterday (the seeded ones and more), their tasks active. */
async function makeDue(dbUrl) {
  await withClient(dbUrl, async (c) => {
    await c.query(`INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
      SELECT t.uuid, 1, current_date - 1, 1, true FROM tareas t
       WHERE NOT EXISTS (SELECT 1 FROM programaciones_tareas p WHERE p.tarea_uuid = t.uuid)
       ORDER BY t.uuid LIMIT GREATEST(0, 1000 - (SELECT count(*) FROM programaciones_tareas))`);
    await c.query(`UPDATE programaciones_tareas SET proxima_ejecucion = current_date - 1, activo = true`);
    await c.query(`UPDATE tareas SET activo = true WHERE uuid IN (SELECT tarea_uuid FROM programaciones_tareas)`);
    await c.query('ANALYZE programaciones_tareas');
  });
  return withClient(
    dbUrl,
    async (c) =>
      (
        await c.query(
          `SELECT count(*)::int n, (SELECT count(*)::int FROM tarea_usuarios tu JOIN programaciones_tareas p ON p.tarea_uuid = tu.tarea_uuid) a FROM programaciones_tareas`,
        )
      ).rows[0],
  );
}

/** The tick's rows deleted and inserted again by raw pg in one transaction: { ms, rows }. */
function rawInsert(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const rows = (
      await c.query(`SELECT tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento::text AS fv,
        programacion_uuid, fecha_ocurrencia::text AS fo FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL`)
    ).rows;
    const sched = (await c.query(`SELECT uuid, proxima_ejecucion::text AS next FROM programaciones_tareas`)).rows;
    await c.query(`DELETE FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL`);
    const col = (k) => rows.map((r) => r[k]);
    const t0 = performance.now();
    await c.query('BEGIN');
    const ins = await c.query(
      `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento, programacion_uuid, fecha_ocurrencia)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::date[], $6::uuid[], $7::date[]) RETURNING uuid`,
      [
        col('tarea_uuid'),
        col('empleado_uuid'),
        col('estado_uuid'),
        col('fecha_asignacion'),
        col('fv'),
        col('programacion_uuid'),
        col('fo'),
      ],
    );
    await c.query(
      `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
       SELECT a, 'asignacion', 'Tarea asignada', NULL, now() FROM unnest($1::uuid[]) a`,
      [ins.rows.map((r) => r.uuid)],
    );
    await c.query(
      `UPDATE programaciones_tareas p SET proxima_ejecucion = u.next, ultima_ejecucion = now(), total_generadas = p.total_generadas + 5
         FROM unnest($1::uuid[], $2::date[]) u(uuid, next) WHERE p.uuid = u.uuid`,
      [sched.map((s) => s.uuid), sched.map((s) => s.next)],
    );
    await c.query('COMMIT');
    return { ms: performance.now() - t0, rows: rows.length };
  });
}

export async function schedulerFigures({ db }) {
  const due = await makeDue(db.url);
  const tick = await runNodeJson(join(benchDir, 'lib', 'scheduler-tick.cjs'), {
    ...apiEnv(db.url, 0),
    BENCH_API_DIR: apiDir,
  });
  const raw = await rawInsert(db.url);
  details.scheduler = { tick, raw, due };
  figure({
    target: 4,
    name: `Scheduler tick: ${due.n} due schedules, ${raw.rows} occurrences, vs raw pg inserting the same rows`,
    value: tick.ms,
    unit: 'ms',
    baseline: raw.ms,
    ratio: { value: tick.ms / raw.ms, op: '<=', limit: 2 },
    bound: { op: '<=', limit: 10_000 },
  });
}
