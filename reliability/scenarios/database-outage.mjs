// PostgreSQL stopped under load, then started again; the API is never restarted.
import { http, percentile, sleep } from '../lib.mjs';
import { check, figures, log } from '../checks.mjs';
import { present, startClients } from '../clients.mjs';

export async function databaseOutage({ api, url, cluster }) {
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
    ackedWrites: stats.comments.length + stats.tasks.length,
    presentWrites: (await present(url, 'comentarios', stats.comments)) + (await present(url, 'tareas', stats.tasks)),
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
