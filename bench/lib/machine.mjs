// What a result was taken on: the machine, the commit, the PostgreSQL settings and
// the load. A figure taken on a busy machine is not a result: the run waits for the
// load average to fall below BENCH_MAX_LOAD and, if it does not, says so.
import { spawnSync } from 'node:child_process';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import { withClient } from '../../scripts/lib/database.mjs';
import { log, root, round, sleep } from './settings.mjs';

/** The 1-minute load average above which a run is not a result (default: half the cores). */
export const MAX_LOAD = Number(process.env.BENCH_MAX_LOAD ?? cpus().length / 2);
/** How long the run waits for a quiet machine before it goes on, marked. */
export const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT_S ?? 180);

export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? '?',
    cpus: list.length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    freeMemoryGiB: round(freemem() / 2 ** 30, 1),
    kernel: release(),
    node: process.version,
  };
}

export function commit() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout?.trim() ?? '';
  const sha = git('rev-parse', 'HEAD');
  return { commit: sha || null, dirty: sha ? git('status', '--porcelain', '--untracked-files=no').length > 0 : null };
}

export const load = () => loadavg().map((l) => round(l));

/**
 * Waits until the 1-minute load average is at most MAX_LOAD (up to QUIET_WAIT_S):
 * { quiet, load, maxLoad, waitedSeconds }. Called before the run's own work begins.
 */
export async function awaitQuiet() {
  const t0 = Date.now();
  let now = load();
  while (now[0] > MAX_LOAD && Date.now() - t0 < QUIET_WAIT_S * 1000) {
    if (Date.now() - t0 < 1000) log(`Load average ${now[0]} > ${MAX_LOAD}: esperando una máquina tranquila (hasta ${QUIET_WAIT_S} s)`);
    await sleep(5000);
    now = load();
  }
  const quiet = now[0] <= MAX_LOAD;
  if (!quiet) log(`La máquina sigue ocupada (load ${now[0]} > ${MAX_LOAD}): las cifras se marcan como no válidas`);
  return { quiet, load: now, maxLoad: MAX_LOAD, waitedSeconds: Math.round((Date.now() - t0) / 1000) };
}

const SETTINGS = [
  'server_version',
  'shared_buffers',
  'work_mem',
  'maintenance_work_mem',
  'effective_cache_size',
  'max_connections',
  'max_parallel_workers_per_gather',
  'random_page_cost',
  'jit',
  'fsync',
  'synchronous_commit',
  'autovacuum',
];

/** The server's version and the settings that move the figures. */
export function pgSettings(url) {
  return withClient(url, async (c) => {
    const { rows } = await c.query('SELECT name, setting, unit FROM pg_settings WHERE name = ANY($1)', [SETTINGS]);
    return Object.fromEntries(rows.map((r) => [r.name, r.unit ? `${r.setting} ${r.unit}` : r.setting]));
  });
}
