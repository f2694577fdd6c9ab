// Target 8 (issue 21, sections 2 and 4): the mixed load. BENCH_MIXED_CLIENTS clients (50) for
// BENCH_MIXED_SECONDS (60): 40% board reads, 25% status changes, 20% comments, 15% new tasks,
// each client an operario of the seeded organisation (its own board and open tasks) with its area's
// supervisor for the new tasks. Then the database must hold every acknowledged write, and the
// reports' summary must still add up to the assignments. Run again against two API processes on
// the same database, the clients split between them: the ratio to one process.
import { join } from 'node:path';
import { freePort, withClient } from '../../scripts/lib/database.mjs';
import { api, login } from '../lib/http.mjs';
import { apiEnv, startServer, stopServer } from '../lib/processes.mjs';
import { figure } from '../lib/results.mjs';
import { apiDir, log, sleep, TZ } from '../lib/settings.mjs';

const CLIENTS = Number(process.env.BENCH_MIXED_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const MIN_RPS = 400;
const MAX_P99_MS = 300;
/** The second process's warm-up before the run against two processes. */
const WARMUP_SECONDS = Math.min(15, SECONDS);
/** A client waits this long for an answer before it counts the call as an error. */
const TIMEOUT_MS = 30_000;

/** Per client: an operario with open tasks, its area's supervisor, the task type and the statuses. */
async function fixtures(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const statuses = (await c.query(`SELECT uuid FROM estados ORDER BY "order"`)).rows.map((r) => r.uuid);
    const tipo = (await c.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`)).rows[0].uuid;
    const people = (
      await c.query(
        `SELECT u.username, u.uuid, ua.area_uuid,
           (SELECT s.username FROM usuarios s JOIN usuario_areas sa ON sa.usuario_uuid = s.uuid
             WHERE sa.area_uuid = ua.area_uuid AND s.username LIKE 'supervisor%' ORDER BY s.username LIMIT 1) AS supervisor,
           (SELECT json_agg(json_build_object('uuid', ta.uuid, 'estado', ta.estado_uuid))
              FROM tareas_asignadas ta WHERE ta.empleado_uuid = u.uuid AND NOT ta.archivada) AS tasks
         FROM usuarios u JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid
         WHERE u.username LIKE 'operario%' AND u.activo
           AND EXISTS (SELECT 1 FROM tareas_asignadas ta WHERE ta.empleado_uuid = u.uuid AND NOT ta.archivada)
         ORDER BY u.username LIMIT $1`,
        [CLIENTS],
      )
    ).rows;
    if (people.length < CLIENTS) throw new Error(`solo ${people.length} operarios con tareas abiertas para ${CLIENTS} clientes`);
    const tomorrow = (await c.query(`SELECT ((now() AT TIME ZONE $1)::date + 1)::text AS d`, [TZ])).rows[0].d;
    return { statuses, tipo, people, tomorrow };
  });
}

/** Rows of what the load writes, and whether the reports' summary still adds up to the assignments. */
async function tally(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const r = (
      await c.query(`SELECT (SELECT count(*)::int FROM comentarios) AS comentarios, (SELECT count(*)::int FROM tareas) AS tareas,
        (SELECT count(*)::int FROM tareas_asignadas) AS asignadas,
        (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'estado') AS estados,
        (SELECT COALESCE(sum(total), 0)::int FROM resumen_asignaciones WHERE mensual) AS resumen`)
    ).rows[0];
    return r;
  });
}

const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)];

/**
 * One run: the clients spread over `bases` for `seconds`; then the reconciliation. The fixtures are
 * read afresh, so each client starts from its tasks' statuses as they are now.
 */
export async function runMixed(dbUrl, bases, label, seconds = SECONDS) {
  const fx = await fixtures(dbUrl);
  const tokens = new Map();
  const tokenOf = async (base, username) => {
    const key = `${base} ${username}`;
    if (!tokens.has(key)) tokens.set(key, await login(base, username));
    return tokens.get(key);
  };
  const before = await tally(dbUrl);
  const stats = {
    times: [],
    byOp: { board: [], status: [], comment: [], create: [] },
    errors: 0,
    samples: [],
    ok: { board: 0, status: 0, comment: 0, create: 0 },
    comments: [],
    tasks: [],
  };
  const clients = [];
  for (const [i, p] of fx.people.entries()) {
    const base = bases[i % bases.length];
    clients.push({
      base,
      person: p,
      token: await tokenOf(base, p.username),
      supToken: await tokenOf(base, p.supervisor),
      tasks: p.tasks.map((t) => ({ uuid: t.uuid, estado: fx.statuses.indexOf(t.estado), unsure: false })),
    });
  }
  const end = Date.now() + seconds * 1000;
  const loop = async (cl, n) => {
    while (Date.now() < end) {
      n++;
      const r = Math.random();
      const task = cl.tasks[n % cl.tasks.length];
      const op = r < 0.4 ? 'board' : r < 0.65 ? (task.unsure ? 'board' : 'status') : r < 0.85 ? 'comment' : 'create';
      const t0 = performance.now();
      let res = null;
      let body = null;
      try {
        const signal = AbortSignal.timeout(TIMEOUT_MS);
        if (op === 'board') res = await api(cl.base, cl.token, `/api/assigned-tasks/${cl.person.uuid}`, { signal });
        else if (op === 'status') {
          const next = (task.estado + 1) % fx.statuses.length;
          res = await api(cl.base, cl.token, `/api/assigned-tasks/${task.uuid}`, {
            method: 'PUT',
            body: JSON.stringify({ estado_uuid: fx.statuses[next] }),
            signal,
          });
          if (res.status === 200) task.estado = next;
        } else if (op === 'comment')
          res = await api(cl.base, cl.token, `/api/assigned-tasks/${task.uuid}/comments`, {
            method: 'POST',
            body: JSON.stringify({ texto: `Comentario de carga ${cl.person.username} ${n}` }),
            signal,
          });
        else
          res = await api(cl.base, cl.supToken, '/api/tasks', {
            method: 'POST',
            body: JSON.stringify({
              titulo: `Carga mixta ${cl.person.username} ${n}`,
              descripcion: 'Tarea creada por la carga mixta',
              tipo_tarea_uuid: fx.tipo,
              area_uuid: cl.person.area_uuid,
              usuarios_asignados: [cl.person.uuid],
              fecha_vencimiento: fx.tomorrow,
            }),
            signal,
          });
        body = await res.json();
      } catch (e) {
        // No answer: a status change may or may not have happened; that task is left alone.
        if (op === 'status') task.unsure = true;
        body = String(e?.name ?? e);
      }
      stats.times.push(performance.now() - t0);
      stats.byOp[op].push(performance.now() - t0);
      if (!res || res.status < 200 || res.status >= 300) {
        stats.errors++;
        if (stats.samples.length < 5) stats.samples.push(`${op} ${res?.status ?? 0} ${JSON.stringify(body).slice(0, 160)}`);
        continue;
      }
      stats.ok[op]++;
      if (op === 'comment') stats.comments.push(body.uuid);
      if (op === 'create') stats.tasks.push(body.uuid);
    }
  };
  const t0 = performance.now();
  await Promise.all(clients.map((cl, i) => loop(cl, i * 7)));
  const took = (performance.now() - t0) / 1000;
  // Late notifications and events settle before the count.
  await sleep(500);
  const after = await tally(dbUrl);
  const present = await withClient(dbUrl, async (c) => ({
    comments: (await c.query(`SELECT count(*)::int AS n FROM comentarios WHERE uuid = ANY($1)`, [stats.comments])).rows[0].n,
    tasks: (await c.query(`SELECT count(*)::int AS n FROM tareas WHERE uuid = ANY($1)`, [stats.tasks])).rows[0].n,
  }));
  const times = stats.times.sort((a, b) => a - b);
  const result = {
    label,
    processes: bases.length,
    seconds: Math.round(took * 10) / 10,
    requests: times.length,
    rps: times.length / took,
    p50: at(times, 0.5),
    p99: at(times, 0.99),
    // p50 / p99 of each kind of call.
    byOp: Object.fromEntries(
      Object.entries(stats.byOp).map(([op, list]) => {
        const sorted = list.sort((a, b) => a - b);
        return [op, sorted.length ? `${Math.round(at(sorted, 0.5))} / ${Math.round(at(sorted, 0.99))} ms` : '-'];
      }),
    ),
    errors: stats.errors,
    samples: stats.samples,
    ok: stats.ok,
    delta: {
      comentarios: after.comentarios - before.comentarios,
      tareas: after.tareas - before.tareas,
      asignadas: after.asignadas - before.asignadas,
      estados: after.estados - before.estados,
    },
    present,
    summary: { months: after.resumen, assignments: after.asignadas },
  };
  const d = result.delta;
  result.reconciled =
    d.comentarios === stats.ok.comment &&
    present.comments === stats.ok.comment &&
    d.tareas === stats.ok.create &&
    present.tasks === stats.ok.create &&
    d.asignadas === stats.ok.create &&
    d.estados === stats.ok.status &&
    after.resumen === after.asignadas;
  log(`Carga mixta (${label}): ${JSON.stringify(result)}`);
  // The load only adds cards (its new tasks land on the clients' boards, about a hundred each a minute):
  // the next run would start on boards several times longer. The supervisors archive them, and the dead
  // rows are vacuumed, so that every run starts from the same boards.
  await withClient(dbUrl, async (c) => {
    await c.query(
      `UPDATE tareas_asignadas SET archivada = true, fecha_archivado = now() WHERE tarea_uuid = ANY($1::uuid[]) AND NOT archivada`,
      [stats.tasks],
    );
    await c.query('VACUUM (ANALYZE) tareas_asignadas, resumen_asignaciones, tarea_asignada_checklist');
  });
  return result;
}

/** Errors, plus one when the database does not hold exactly what was acknowledged: must be 0. */
function errorsFigure(label, run) {
  figure({
    target: 8,
    name: `Mixed load, ${label}: errors, and writes the database does not hold`,
    value: run.errors + (run.reconciled ? 0 : 1),
    unit: '',
    bound: { op: '<=', limit: 0 },
  });
}

export async function mixedFigures(ctx) {
  const one = await runMixed(ctx.db.url, [ctx.apiBase], 'un proceso');
  const note = (r) =>
    `${r.requests} requests in ${r.seconds} s, p50 ${Math.round(r.p50)} ms (p50 / p99: ${Object.entries(r.byOp).map(([op, v]) => `${op} ${v}`).join(', ')}), ${r.errors} errors${r.samples.length ? ` (${r.samples.join(' | ')})` : ''}; ` +
    `acknowledged ${r.ok.status} status changes, ${r.ok.comment} comments, ${r.ok.create} tasks; the database ${r.reconciled ? 'holds exactly those' : `differs: ${JSON.stringify(r.delta)} ${JSON.stringify(r.present)} summary ${JSON.stringify(r.summary)}`}`;
  figure({
    target: 8,
    name: `Mixed load, ${CLIENTS} clients for ${SECONDS} s, one API process: requests per second`,
    value: one.rps,
    unit: 'req/s',
    bound: { op: '>=', limit: MIN_RPS },
    note: note(one),
  });
  figure({
    target: 8,
    name: 'Mixed load, one API process: p99 latency',
    value: one.p99,
    unit: 'ms',
    bound: { op: '<=', limit: MAX_P99_MS },
  });
  errorsFigure('one API process', one);

  // A second API process on the same database; the clients alternate between the two. The first
  // process has run every figure before this one: the second gets a warm-up of its own (its code
  // compiled, its connections open, its statements prepared) before the measured run.
  const port = await freePort();
  const second = await startServer([join(apiDir, 'dist', 'main.js')], apiEnv(ctx.db.url, port), `http://127.0.0.1:${port}/api/health`, 'API 2');
  try {
    const warm = await runMixed(ctx.db.url, [`http://127.0.0.1:${port}`], 'calentamiento del segundo proceso', WARMUP_SECONDS);
    errorsFigure('warm-up of the second API process', warm);
    const two = await runMixed(ctx.db.url, [ctx.apiBase, `http://127.0.0.1:${port}`], 'dos procesos');
    figure({
      target: 8,
      name: 'Mixed load, two API processes on one database: requests per second against one process',
      value: two.rps,
      unit: 'req/s',
      baseline: one.rps,
      // On 2 cores a second process adds no CPU: it must not cost throughput either.
      ratio: { value: two.rps / one.rps, op: '>=', limit: 0.9 },
      bound: { what: 'p99', value: two.p99, op: '<=', limit: MAX_P99_MS, unit: 'ms' },
      note: note(two),
    });
    errorsFigure('two API processes', two);
  } finally {
    await stopServer(second.child);
  }
}
