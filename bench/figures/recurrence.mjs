// Target 9 (issue 31): the event loop of the API while the worst recurrence rules are previewed
// and saved at once: every date on a non-working day and skipped, days no month has, the
// sparsest rules. Before the fix one such preview held the loop for minutes. Measured inside the
// API process (lib/loop-delay.cjs, preloaded), with health timed from outside meanwhile.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { freePort, withClient } from '../../scripts/lib/database.mjs';
import { login } from '../lib/http.mjs';
import { apiEnv, startServer, stopServer } from '../lib/processes.mjs';
import { details, figure } from '../lib/results.mjs';
import { apiDir, benchDir, log, sleep, workDir } from '../lib/settings.mjs';

/** Rules with no date under their policy (APP_WORKING_DAYS by default leaves Sunday off). */
const WORST = [
  ['FREQ=WEEKLY;BYDAY=SU', 'omitir'],
  ['FREQ=DAILY;BYDAY=SU', 'omitir'],
  ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'generar'],
  ['FREQ=MONTHLY;BYMONTH=4,6,9,11;BYMONTHDAY=31', 'generar'],
  ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31', 'siguiente_habil'],
  ['FREQ=WEEKLY;INTERVAL=365;BYMONTH=2;BYDAY=MO;BYSETPOS=9', 'generar'],
];
/** One health request on a connection of its own (a kept-alive one may be closed under it by the server's idle timeout). */
const healthStatus = (url) =>
  new Promise((resolve, reject) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
  });

/** Each rule previewed (1 and 50 dates) and saved this many times, all at once. */
const ROUNDS = Number(process.env.BENCH_RECURRENCE_ROUNDS ?? 3);
const BOUND_MS = 100;

async function readDelay(child, file) {
  rmSync(file, { force: true });
  child.kill('SIGWINCH');
  for (let i = 0; i < 500 && !existsSync(file); i++) await sleep(10);
  return JSON.parse(readFileSync(file, 'utf8'));
}

export async function recurrenceFigures({ db }) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const file = join(workDir, 'loop-delay.json');
  const srv = await startServer(
    ['--require', join(benchDir, 'lib', 'loop-delay.cjs'), join(apiDir, 'dist', 'main.js')],
    apiEnv(db.url, port, { BENCH_LOOP_DELAY_FILE: file }),
    `${base}/api/health`,
    'API (retardo del bucle)',
  );
  try {
    const token = await login(base, 'admin');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const tarea = await withClient(db.url, async (c) => {
      const { rows } = await c.query(
        `SELECT uuid FROM tareas t WHERE NOT EXISTS (SELECT 1 FROM programaciones_tareas p WHERE p.tarea_uuid = t.uuid) LIMIT 1`,
      );
      return rows[0]?.uuid;
    });
    if (!tarea) throw new Error('no hay una tarea sin programación');
    const preview = (regla, policy, n) =>
      fetch(`${base}/api/scheduled-task/preview?regla=${encodeURIComponent(regla)}&dias_no_laborables=${policy}&n=${n}`, { headers });
    const save = (regla, policy) =>
      fetch(`${base}/api/scheduled-task`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ tarea_uuid: tarea, regla, dias_no_laborables: policy }),
      });
    // Warm-up: the code paths compiled once (the schemas' parsers among them), then the figures start from here.
    for (const [regla, policy] of WORST) {
      await (await preview(regla, policy, 1)).arrayBuffer();
      await (await save(regla, policy)).arrayBuffer();
    }
    await readDelay(srv.child, file);

    const healthMs = [];
    const healthNot200 = [];
    let running = true;
    // Never rejects: a refused connection is a failure of the figure, reported below. A 503 (the
    // database slower than 3 s under this load) is answered all the same, and counted.
    const health = (async () => {
      while (running) {
        const t = performance.now();
        const status = await healthStatus(`${base}/api/health`).catch((e) => e);
        if (status instanceof Error) throw new Error(`health: ${status.code ?? status.message}`);
        if (status !== 200) healthNot200.push(status);
        healthMs.push(performance.now() - t);
      }
    })().catch((e) => e);
    const t0 = performance.now();
    const answers = await Promise.allSettled(
      Array.from({ length: ROUNDS }).flatMap(() =>
        WORST.flatMap(([regla, policy]) => [preview(regla, policy, 1), preview(regla, policy, 50), save(regla, policy)]),
      ),
    );
    const wallMs = performance.now() - t0;
    running = false;
    const healthError = await health;
    if (healthError instanceof Error) throw healthError;
    const delay = await readDelay(srv.child, file);
    const statuses = answers.map((r) => (r.status === 'fulfilled' ? r.value.status : String(r.reason?.cause?.code ?? r.reason)));
    const wrong = statuses.filter((s) => s !== 422).length;
    if (wrong) throw new Error(`respuestas distintas de 422: ${JSON.stringify(statuses)}`);
    const healthMax = Math.max(...healthMs);
    details.recurrence = { requests: answers.length, wallMs, delay, healthRequests: healthMs.length, healthMaxMs: healthMax, healthNot200 };
    log(
      `Recurrencia: ${answers.length} vistas previas y guardados en ${wallMs.toFixed(0)} ms; retardo del bucle máx ${delay.max.toFixed(1)} ms, p99 ${delay.p99.toFixed(1)} ms; health máx ${healthMax.toFixed(0)} ms`,
    );
    figure({
      target: 9,
      name: `Event-loop delay while ${answers.length} previews and saves of the worst recurrence rules run at once, max`,
      value: delay.max,
      unit: 'ms',
      bound: { op: '<=', limit: BOUND_MS },
      note: `p99 ${delay.p99.toFixed(1)} ms, mean ${delay.mean.toFixed(1)} ms; every answer 422; health answered ${healthMs.length} times meanwhile, slowest ${Math.round(healthMax)} ms`,
    });
    figure({
      target: 9,
      name: 'Health while the worst recurrence rules run, slowest answer',
      value: healthMax,
      unit: 'ms',
      // Health reads the database through the pool the requests share: its bound is the pool's queue, not the loop's.
      bound: { op: '<=', limit: 1000 },
      note: `${healthMs.length} health requests one after another during ${Math.round(wallMs)} ms${healthNot200.length ? `; ${healthNot200.length} answered ${[...new Set(healthNot200)].join(', ')}` : ''}`,
    });
  } catch (e) {
    // What the API said (a crash, an error it logged) goes with the failure.
    throw new Error(`${e.message}\n${srv.output().slice(-4000)}`);
  } finally {
    await stopServer(srv.child);
  }
}
