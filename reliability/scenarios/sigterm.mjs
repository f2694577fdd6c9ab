// SIGTERM under load: the requests in flight get their answer, the process
// exits within 10 s, and every acknowledged write is there.
import { sleep } from '../lib.mjs';
import { check, figures, log } from '../checks.mjs';
import { present, startClients } from '../clients.mjs';

/** SIGTERM under load: in-flight requests get their answer, the process exits within 10 s. */
export async function gracefulShutdown({ api, url }) {
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
  figures.sigterm = {
    inFlight,
    finished: cut.length - cutFailed.length,
    cut: cut.length,
    exitMs: at - signalAt,
    code,
    signal,
    acked: acked.length,
    present: await present(url, 'comentarios', acked),
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
