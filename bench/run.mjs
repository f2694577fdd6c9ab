// `npm run bench`: a large organisation in a fresh database, the API started
// as in production, and every target of docs/PERFORMANCE.md measured against a
// baseline taken in the same run. Writes bench/results/<date>.json and .md.
//
// `npm run bench -- pdf web` measures only those figures (one module each in
// bench/figures/; names below) and writes bench/results/<date>-pdf-web.*.
// The knobs (BENCH_SCALE=0.01 for a quick trial, ...) are in bench/lib/settings.mjs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../scripts/lib/database.mjs';
import { selectParts } from '../scripts/lib/run.mjs';
import { boardCards, httpFigures, recordScenarios } from './figures/http.mjs';
import { labelFigures } from './figures/labels.mjs';
import { mixedFigures } from './figures/mixed.mjs';
import { pdfFigures } from './figures/pdf.mjs';
import { recurrenceFigures } from './figures/recurrence.mjs';
import { schedulerFigures } from './figures/scheduler.mjs';
import { startupFigure } from './figures/startup.mjs';
import { uploadFigures } from './figures/uploads.mjs';
import { webFigures } from './figures/web.mjs';
import { xlsxFigures } from './figures/xlsx.mjs';
import { login } from './lib/http.mjs';
import { apiEnv, startServer, stopServer } from './lib/processes.mjs';
import { awaitQuiet, commit, load, machine, pgSettings } from './lib/machine.mjs';
import { details, figures, section, writeResults } from './lib/results.mjs';
import { counts, ensureBuilt, fixtureIds, migrate, seed, startDatabase } from './lib/setup.mjs';
import {
  apiDir,
  ASSIGNED,
  benchDir,
  cleanup,
  COMMENTS,
  log,
  resultsDir,
  round,
  SCALE,
  started,
  workDir,
} from './lib/settings.mjs';

const { only, wants } = selectParts(
  ['http', 'floor', 'pdf', 'web', 'startup', 'uploads', 'mixed', 'xlsx', 'scheduler', 'recurrence', 'labels'],
  process.argv.slice(2),
  'Grupo de cifras',
);

async function main() {
  // Before any work of its own: a result is taken on a quiet machine, or marked.
  const quiet = await awaitQuiet();
  // Read before the run writes its own screenshots into bench/results.
  const source = commit();
  const loadStart = quiet.load;
  log(`Escala ${SCALE}: ${ASSIGNED} tareas asignadas, ${COMMENTS} comentarios; load average ${loadStart.join(' ')}`);
  mkdirSync(resultsDir, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  await ensureBuilt();

  const db = await startDatabase();
  log(`Base de datos: ${db.kind}`);
  const postgres = await pgSettings(db.url);
  migrate(db.url);
  const t = performance.now();
  if (!db.seeded) await seed(db.url);
  const seedSeconds = db.seeded ? null : (performance.now() - t) / 1000;
  const rows = await counts(db.url);
  log(
    `${seedSeconds === null ? 'Base sembrada antes' : `Seed en ${seedSeconds.toFixed(1)} s`}: ${JSON.stringify(rows)}`,
  );
  const ctx = { db, ids: await fixtureIds(db.url) };

  // 1. A recording instance: the exact SQL of each scenario, for the Fastify baseline.
  // `floor`: only the HTTP figures of the machines and of time on task (part of `http`).
  const floorOnly = wants('floor') && !wants('http');
  const recording = wants('http') || floorOnly ? await recordScenarios(ctx) : null;

  // 2. The Fastify + pg baseline.
  let baseline = null;
  if (wants('http') || floorOnly || wants('startup')) {
    const basePort = await freePort();
    baseline = await startServer(
      [join(benchDir, 'baseline-server.mjs')],
      {
        ...process.env,
        DATABASE_URL: db.url,
        PORT: String(basePort),
        ...(recording ? { BENCH_SCENARIOS: recording.file } : {}),
      },
      `http://127.0.0.1:${basePort}/health`,
      'Fastify baseline',
    );
    ctx.baseline = baseline;
    ctx.baseUrl = `http://127.0.0.1:${basePort}`;
  }

  // 3. The API as in production: start to healthy.
  const apiPort = await freePort();
  ctx.apiBase = `http://127.0.0.1:${apiPort}`;
  const apiSrv = await startServer(
    [join(apiDir, 'dist', 'main.js')],
    apiEnv(db.url, apiPort),
    `${ctx.apiBase}/api/health`,
    'API',
  );
  ctx.apiSrv = apiSrv;
  ctx.apiPid = apiSrv.child.pid;
  log(`API sana en ${apiSrv.ms.toFixed(0)} ms${baseline ? ` (baseline ${baseline.ms.toFixed(0)} ms)` : ''}`);
  ctx.adminToken = await login(ctx.apiBase, 'admin');
  ctx.supToken = await login(ctx.apiBase, 'supervisor1');
  ctx.boardCards = recording?.boardCards ?? (await boardCards(ctx.apiBase, ctx.supToken, ctx.ids));

  if (wants('http') || floorOnly) await httpFigures(ctx, recording, { floorOnly });
  if (wants('pdf')) await section(3, 'PDF', () => pdfFigures(ctx));
  if (wants('labels')) await section(10, 'Machine labels', () => labelFigures(ctx));
  if (wants('web')) await section(5, 'Web', () => webFigures(ctx));
  if (wants('startup')) startupFigure(ctx);
  if (wants('uploads')) await section(7, 'Uploads', () => uploadFigures(ctx));
  // Its own API process, with the event loop's delay measured inside it.
  if (wants('recurrence')) await section(9, 'Recurrence', () => recurrenceFigures(ctx));
  // After the figures that read the seeded organisation as it was: the load adds tasks and comments.
  if (wants('mixed')) await section(8, 'Mixed load', () => mixedFigures(ctx));
  // Last of the HTTP figures: a slow export cannot be cancelled and would skew whatever came after it.
  if (wants('xlsx')) await section(3, 'XLSX export', () => xlsxFigures(ctx));

  await stopServer(apiSrv.child);
  if (baseline) await stopServer(baseline.child);

  if (wants('scheduler')) await section(4, 'Scheduler', () => schedulerFigures(ctx));

  details.startupMs = apiSrv.ms;
  details.baselineStartupMs = baseline?.ms ?? null;
  writeResults(
    {
      date: new Date().toISOString().slice(0, 10),
      scale: SCALE,
      counts: rows,
      machine: machine(),
      commit: source,
      postgres,
      quiet,
      loadStart,
      loadEnd: load(),
      database: db.kind,
      seedSeconds: round(seedSeconds, 1),
      totalSeconds: Math.round((Date.now() - started) / 1000),
    },
    only.length ? only : null,
  );
  // A missed figure fails the run (1); a run on a busy machine is not a result (3).
  const failed = figures.filter((f) => !f.pass).length;
  if (!quiet.quiet) {
    log(`No es un resultado: load average ${quiet.load[0]} > ${quiet.maxLoad} al empezar`);
    return 3;
  }
  return failed ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: deteniendo servidores y base de datos`);
    void cleanup().then(() => process.exit(130));
  });
}

let code = 0;
try {
  code = await main();
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
