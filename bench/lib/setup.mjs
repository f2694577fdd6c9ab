// What the figures measure against: the build, a fresh database (a private
// embedded cluster, or a new database on BENCH_DATABASE_URL), its migrations
// and the large organisation of bench/seed.sql.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
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
  PASSWORD,
  root,
  TZ,
  webDir,
} from './settings.mjs';

/** Builds what is missing (everything with BENCH_BUILD=1). */
export async function ensureBuilt() {
  const need = (p) => process.env.BENCH_BUILD === '1' || !existsSync(p);
  const build = async (pkg) => {
    if ((await run('pnpm', ['--filter', `@gestar/${pkg}`, 'build'], { cwd: root })) !== 0)
      throw new Error(`build ${pkg}`);
  };
  if (need(join(root, 'packages', 'contracts', 'dist')) || need(join(apiDir, 'dist', 'main.js'))) {
    log('Compilando contracts y API');
    await build('contracts');
    await build('api');
  }
  if (need(join(webDir, 'dist', 'index.html'))) {
    log('Compilando la web');
    await build('web');
  }
}

/** A new database: { url, kind }; dropped (or its cluster removed) by the clean-ups. */
export async function startDatabase() {
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
  const sql = readFileSync(join(benchDir, 'seed.sql'), 'utf8')
    .replaceAll('{{ASSIGNED}}', String(ASSIGNED))
    .replaceAll('{{COMMENTS}}', String(COMMENTS))
    .replaceAll('{{OPEN}}', String(OPEN))
    .replaceAll('{{HASH}}', hashed);
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
    return { sup, supAreas, someDay };
  });
}
