// What the figures measure against: the build, a fresh database (a private
// embedded cluster, or a new database on BENCH_DATABASE_URL), its migrations
// and the large organisation of bench/seed.sql.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { embeddedPostgres, freePort, withClient } from '../../scripts/lib/database.mjs';
import { run } from '../../scripts/lib/run.mjs';
import { apiEnv } from './processes.mjs';
import {
  apiDir,
  ASSIGNED,
  benchDir,
  cleanups,
  COMMENTS,
  log,
  node,
  OPEN,
  MACHINES,
  TASKS,
  PASSWORD,
  root,
  TZ,
  webDir,
} from './settings.mjs';

/** The newest modification time (ms) of the files under `paths` (folders walked, node_modules and dist skipped). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (!st.isDirectory()) {
      max = Math.max(max, st.mtimeMs);
      return;
    }
    for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(join(p, name));
  };
  for (const p of paths) walk(p);
  return max;
}

/**
 * Builds what is missing or older than its sources (everything with BENCH_BUILD=1): a figure of a
 * stale build would measure code that is not the commit the result names.
 */
export async function ensureBuilt() {
  const contracts = join(root, 'packages', 'contracts');
  const web = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(webDir, p));
  const stale = (output, sources) =>
    process.env.BENCH_BUILD === '1' || !existsSync(output) || statSync(output).mtimeMs < newest(sources);
  const build = async (pkg) => {
    if ((await run('pnpm', ['--filter', `@gestar/${pkg}`, 'build'], { cwd: root })) !== 0)
      throw new Error(`build ${pkg}`);
  };
  const contractsSrc = [join(contracts, 'src')];
  if (
    stale(join(contracts, 'dist', 'index.js'), contractsSrc) ||
    stale(join(apiDir, 'dist', 'main.js'), [...contractsSrc, join(apiDir, 'src')])
  ) {
    log('Compilando contracts y API (faltan o son anteriores a su código)');
    await build('contracts');
    await build('api');
  }
  if (stale(join(webDir, 'dist', 'index.html'), [...contractsSrc, ...web])) {
    log('Compilando la web (falta o es anterior a su código)');
    await build('web');
  }
}

/** A new database: { url, kind }; dropped (or its cluster removed) by the clean-ups. */
export async function startDatabase() {
  const seeded = process.env.BENCH_SEEDED_DATABASE_URL;
  if (seeded) return { url: seeded, kind: 'server, seeded before the run (BENCH_SEEDED_DATABASE_URL)', seeded: true };
  const name = `gestar_bench_${Date.now()}`;
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    await withClient(server, (c) => c.query(`CREATE DATABASE "${name}"`));
    const url = new URL(server);
    url.pathname = `/${name}`;
    cleanups.push(() => withClient(server, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)));
    return { url: url.toString(), kind: 'server' };
  }
  const port = await freePort();
  const { pg: cluster, dataDir } = await embeddedPostgres(root, {
    dataDir: join(root, '.data', 'bench-pg'),
    port,
    persistent: false,
    postgresFlags: [
      '-c',
      'shared_buffers=512MB',
      '-c',
      'max_connections=100',
      '-c',
      'fsync=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_wal_size=4GB',
      ...(process.env.BENCH_PG_EXTRA ? process.env.BENCH_PG_EXTRA.split(' ') : []),
    ],
    log,
  });
  rmSync(dataDir, { recursive: true, force: true });
  await cluster.initialise();
  await cluster.start();
  cleanups.push(() => cluster.stop());
  await withClient(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, (c) =>
    c.query(`CREATE DATABASE "${name}"`),
  );
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${name}`,
    kind: 'embedded (private cluster, fsync=off)',
  };
}

export function migrate(dbUrl) {
  const r = spawnSync(node, [join(apiDir, 'dist', 'database', 'migrate.js')], {
    cwd: root,
    env: apiEnv(dbUrl, 0),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migrate: ${r.stderr}${r.stdout}`);
}

/** bench/seed.sql at this scale, with the demo password hashed as the API hashes it. */
export async function seed(dbUrl) {
  const { hash, Algorithm } = createRequire(join(apiDir, 'package.json'))('@node-rs/argon2');
  const hashed = await hash(PASSWORD, {
    algorithm: Algorithm.Argon2id,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  // The fills the migrations define, from the built API (built before the migrations ran).
  const { OCCURRENCE_TIME_BUILD } = createRequire(join(apiDir, 'package.json'))(
    join(apiDir, 'dist', 'database', 'migrations', '1763700019700-occurrence-time.js'),
  );
  const sql = readFileSync(join(benchDir, 'seed.sql'), 'utf8')
    .replaceAll('{{ASSIGNED}}', String(ASSIGNED))
    .replaceAll('{{COMMENTS}}', String(COMMENTS))
    .replaceAll('{{OPEN}}', String(OPEN))
    .replaceAll('{{TASKS}}', String(TASKS))
    .replaceAll('{{MACHINES}}', String(MACHINES))
    .replaceAll('{{HASH}}', hashed)
    .replaceAll('{{OCCURRENCE_TIME_BUILD}}', OCCURRENCE_TIME_BUILD);
  await withClient(dbUrl, (c) => c.query(sql));
}

/** Rows per table after the seed. */
export function counts(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const q = async (sql) => Number((await c.query(sql)).rows[0].n);
    return {
      areas: await q('SELECT count(*) n FROM areas'),
      usuarios: await q('SELECT count(*) n FROM usuarios'),
      tareas: await q('SELECT count(*) n FROM tareas'),
      programaciones: await q('SELECT count(*) n FROM programaciones_tareas'),
      tareas_asignadas: await q('SELECT count(*) n FROM tareas_asignadas'),
      historial: await q('SELECT count(*) n FROM historial_tareas_asignadas'),
      comentarios: await q('SELECT count(*) n FROM comentarios'),
      equipos: await q('SELECT count(*) n FROM equipos'),
      equipo_estados: await q('SELECT count(*) n FROM equipo_estados'),
      solicitudes: await q('SELECT count(*) n FROM solicitudes'),
    };
  });
}

/** supervisor1, its two areas, and a day 200 days ago in the company zone. */
export function fixtureIds(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const sup = (await c.query(`SELECT uuid FROM usuarios WHERE username = 'supervisor1'`)).rows[0].uuid;
    const supAreas = (
      await c.query(`SELECT area_uuid FROM usuario_areas WHERE usuario_uuid = $1 ORDER BY area_uuid`, [sup])
    ).rows.map((r) => r.area_uuid);
    const someDay = (await c.query(`SELECT ((now() - interval '200 days') AT TIME ZONE $1)::date::text AS d`, [TZ]))
      .rows[0].d;
    // The reports screen's default filter: the current month of the company calendar, up to today.
    const month = (
      await c.query(
        `SELECT date_trunc('month', (now() AT TIME ZONE $1)::date)::date::text AS start, (now() AT TIME ZONE $1)::date::text AS end`,
        [TZ],
      )
    ).rows[0];
    // The downtime report over a whole year: the most intervals it ever reads (bench/seed.sql's timelines).
    const yearAgo = (await c.query(`SELECT ((now() - interval '365 days') AT TIME ZONE $1)::date::text AS d`, [TZ]))
      .rows[0].d;
    // Issue 35: an operario of supervisor1's first area and the last whole month, as instants.
    const worker = (await c.query(`SELECT uuid FROM usuarios WHERE username = 'operario21'`)).rows[0].uuid;
    const lastMonth = (
      await c.query(
        `SELECT to_json((date_trunc('month', (now() AT TIME ZONE $1)::date) - interval '1 month')::timestamp AT TIME ZONE $1) #>> '{}' AS start,
                to_json(date_trunc('month', (now() AT TIME ZONE $1)::date)::timestamp AT TIME ZONE $1) #>> '{}' AS end`,
        [TZ],
      )
    ).rows[0];
    return { sup, supAreas, someDay, month, yearAgo, worker, lastMonth };
  });
}
