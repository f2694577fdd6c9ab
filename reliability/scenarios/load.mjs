// LOAD_CLIENTS clients for LOAD_SECONDS: no error, and the database holds
// exactly what was acknowledged.
import { loadavg } from 'node:os';
import { percentile } from '../lib.mjs';
import { check, figures, LOAD_CLIENTS, LOAD_SECONDS, log } from '../checks.mjs';
import { present, startClients, tableCounts } from '../clients.mjs';

export async function load({ api, url }) {
  log(
    `Carga: ${LOAD_CLIENTS} clientes durante ${LOAD_SECONDS} s (tablero, cambios de estado, comentarios, tareas nuevas)`,
  );
  const before = await tableCounts(url);
  const end = Date.now() + LOAD_SECONDS * 1000;
  const { stats, done } = await startClients(api, url, LOAD_CLIENTS, () => Date.now() >= end);
  await done;
  const after = await tableCounts(url);
  const lat = stats.calls.map((c) => c.ms);
  const commentsPresent = await present(url, 'comentarios', stats.comments);
  const tasksPresent = await present(url, 'tareas', stats.tasks);
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
      commentsPresent === (ok.comment ?? 0) &&
      within(f.delta.histComentarios, ok.comment ?? 0, un.comment) &&
      within(f.delta.tareas, ok.create ?? 0, un.create) &&
      tasksPresent === (ok.create ?? 0) &&
      within(f.delta.asignadas, ok.create ?? 0, un.create) &&
      within(f.delta.estados, ok.status ?? 0, un.status),
    `comentarios ${f.delta.comentarios}/${ok.comment ?? 0}, tareas ${f.delta.tareas}/${ok.create ?? 0}, asignadas ${f.delta.asignadas}/${ok.create ?? 0}, cambios de estado en historial ${f.delta.estados}/${ok.status ?? 0}` +
      (Object.keys(un).length ? `; sin respuesta: ${JSON.stringify(un)}` : ''),
  );
}
