// SIGKILL during scheduler ticks, SCHEDULER_KILLS times: no duplicate and no
// missing occurrence once the tick runs again.
import { join } from 'node:path';
import { addDays, query, sleep, startApi } from '../lib.mjs';
import { check, figures, KILLS, log, logDir, root, SCHEDULES } from '../checks.mjs';

/** SIGKILL during scheduler ticks: no duplicate and no missing occurrence. */
export async function schedulerKills({ url }) {
  log(`Programador: ${KILLS} SIGKILL durante la generación (${SCHEDULES} programaciones x 2 empleados)`);
  await query(url, 'UPDATE programaciones_tareas SET activo = false');
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS carp, (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo,
            (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario, (SELECT uuid FROM usuarios WHERE username = 'supervisor') AS supervisor,
            (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin, to_char(current_date + 400, 'YYYY-MM-DD') AS base`,
  );
  await query(
    url,
    `WITH t AS (
       INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT 'Programada ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
     ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, u FROM t, unnest(ARRAY[$5::uuid, $6::uuid]) u)
     INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
     SELECT uuid, 1, $7::date, 0, true FROM t`,
    [ids.tipo, ids.carp, ids.admin, SCHEDULES, ids.operario, ids.supervisor, ids.base],
  );
  const perDate = SCHEDULES * 2;
  const worker = join(root, 'reliability', 'tick-worker.mjs');
  /** The tick worker for the company date `date`; with `exit`, it stops once the tick is done. */
  const tickApi = (name, date, exit) =>
    startApi(root, {
      databaseUrl: url,
      logDir,
      script: worker,
      name,
      env: { SCHEDULER_ENABLED: 'true', SEED_DEMO: 'false', TICK_DATE: date, TICK_EXIT: exit ? 'true' : 'false' },
    });
  /** Occurrences of `date` so far. */
  const generated = async (date) =>
    (await query(url, 'SELECT count(*)::int AS n FROM tareas_asignadas WHERE fecha_ocurrencia = $1::date', [date]))[0]
      .n;
  const verify = async (date) => {
    const [r] = await query(
      url,
      `SELECT (SELECT count(*)::int FROM tareas_asignadas WHERE fecha_ocurrencia = $1::date) AS n,
              (SELECT count(*)::int FROM (SELECT 1 FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL
                 GROUP BY programacion_uuid, fecha_ocurrencia, empleado_uuid HAVING count(*) > 1) d) AS dups,
              (SELECT count(*)::int FROM programaciones_tareas WHERE activo AND proxima_ejecucion <> $1::date + 1) AS not_advanced`,
      [date],
    );
    return r;
  };
  // Calibration: one full tick, to aim the kills inside the tick's duration.
  const calib = await tickApi('tick-calib', ids.base, true);
  await calib.waitLine(/TICK_START/, 90_000);
  const t0 = Date.now();
  await calib.waitLine(/TICK_DONE/, 120_000);
  const tickMs = Date.now() - t0;
  await calib.exited;
  const c0 = await verify(ids.base);
  let ok = c0.n === perDate && c0.dups === 0 && c0.not_advanced === 0;
  const rounds = [];
  for (let k = 1; k <= KILLS; k++) {
    const date = addDays(ids.base, k);
    const victim = await tickApi(`tick-kill-${k}`, date, false);
    await victim.waitLine(/TICK_START/, 90_000);
    // Three kinds of kill: right at the start of the tick, once its first batch has committed,
    // and once a random share of the date's occurrences has committed.
    const kind = k % 3;
    const target = kind === 0 ? 0 : kind === 1 ? 1 : 1 + Math.floor(Math.random() * (perDate - 1));
    if (kind === 0) await sleep(Math.floor(Math.random() * 30));
    const deadline = Date.now() + 60_000;
    while (target > 0 && Date.now() < deadline && !victim.lines.some((l) => /TICK_DONE/.test(l))) {
      if ((await generated(date)) >= target) break;
      await sleep(5);
    }
    const finishedBeforeKill = victim.lines.some((l) => /TICK_DONE/.test(l));
    victim.child.kill('SIGKILL');
    await victim.exited;
    const partial = await generated(date);
    const again = await tickApi(`tick-again-${k}`, date, true);
    await again.waitLine(/TICK_DONE/, 120_000);
    await again.exited;
    const v = await verify(date);
    rounds.push({ k, date, partial, finishedBeforeKill, total: v.n, dups: v.dups, notAdvanced: v.not_advanced });
    if (v.n !== perDate || v.dups !== 0 || v.not_advanced !== 0) ok = false;
  }
  const [all] = await query(url, `SELECT count(*)::int AS n FROM tareas_asignadas WHERE fecha_ocurrencia >= $1::date`, [
    ids.base,
  ]);
  const midTick = rounds.filter((r) => r.partial > 0 && r.partial < perDate).length;
  const beforeFirstCommit = rounds.filter((r) => r.partial === 0).length;
  figures.scheduler = {
    kills: KILLS,
    schedules: SCHEDULES,
    perDate,
    tickMs,
    midTick,
    beforeFirstCommit,
    afterTick: KILLS - midTick - beforeFirstCommit,
    expected: perDate * (KILLS + 1),
    total: all.n,
    duplicates: rounds.reduce((a, r) => Math.max(a, r.dups), c0.dups),
  };
  const s = figures.scheduler;
  check(
    `programador: ${KILLS} SIGKILL sin duplicados ni faltantes`,
    ok && s.total === s.expected && s.duplicates === 0,
    `${s.total}/${s.expected} ocurrencias, ${s.duplicates} duplicadas; muertes a mitad de la generación ${s.midTick}, antes del primer lote ${s.beforeFirstCommit}, después ${s.afterTick} (una generación tarda ${s.tickMs} ms)`,
  );
}
