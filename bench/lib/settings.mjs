// What every part of `npm run bench` shares: paths, the knobs read from the
// environment, the log and the clean-ups run at the end (or on Ctrl-C).
//
// BENCH_SCALE (default 1) scales the assigned tasks, comments and export rows
// (0.01 for a quick trial); BENCH_DURATION / BENCH_WARMUP are the autocannon
// seconds per figure, measured in BENCH_ROUNDS runs that alternate with the
// baseline's; BENCH_DATABASE_URL uses a server instead of a private embedded
// cluster (a new database is created on it and dropped at the end); BENCH_PG_EXTRA adds options
// to that private cluster's server (for instance `-c shared_preload_libraries=pg_stat_statements`);
// BENCH_SEEDED_DATABASE_URL measures on a database seeded before at the same BENCH_SCALE (with
// `migrate()` and `seed()` of lib/setup.mjs), kept afterwards: the seed of the million occurrences
// with their ten million time intervals takes many minutes, and one seed serves several runs.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const apiDir = join(root, 'apps', 'api');
export const webDir = join(root, 'apps', 'web');
export const benchDir = join(root, 'bench');
export const workDir = join(benchDir, '.work');
export const resultsDir = join(benchDir, 'results');
export const node = process.execPath;
export const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
export const DURATION = Number(process.env.BENCH_DURATION ?? 8);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
export const ASSIGNED = Math.round(1_000_000 * SCALE);
export const COMMENTS = Math.round(200_000 * SCALE);
export const OPEN = Math.min(5000, ASSIGNED);
/** Task definitions: one per 50 assignments, at least 2,000 and at most 20,000 (a company's catalog and its one-off tasks). */
export const TASKS = Math.min(20_000, Math.max(2_000, Math.round(ASSIGNED / 50)));
/** Machines («equipos», issue 33): 5,000 at scale 1 and above, fewer below; always a multiple of the 20 areas. */
export const MACHINES = Math.max(100, Math.round((5000 * Math.min(1, SCALE)) / 20) * 20);
export const PDF_RENDERS = Number(process.env.BENCH_PDF_RENDERS ?? 100);
export const PDF_COLD_RENDERS = Number(process.env.BENCH_PDF_COLD_RENDERS ?? 5);
export const PASSWORD = 'demo1234';
export const XLSX_LIMIT_MS = Number(process.env.BENCH_XLSX_LIMIT_S ?? 240) * 1000;
export const TZ = 'America/Argentina/Buenos_Aires';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export const started = Date.now();
export const log = (msg) =>
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${msg}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const round = (n, d = 2) =>
  n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10 ** d) / 10 ** d;

/** Run at the end, newest first: servers, then the database. */
export const cleanups = [];

export async function cleanup() {
  for (const c of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(c)
      .catch(() => undefined);
}
