/**
 * Starts the real stack for the browser tests: a fresh PostgreSQL database on
 * the server of DATABASE_URL, the built API (`apps/api/dist/main.js`) on a
 * free port with the demo seed, serving a build of this app. The returned
 * function is the teardown: stop the API, drop the database.
 *
 * The web app is built into a private temporary folder (unless E2E_WEB_DIST
 * names a ready build), so the tests always run the current source and a
 * `vite build` started meanwhile (dev server, another run) cannot empty the
 * folder the API is serving.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const webDir = resolve(here, '..');
const repoRoot = resolve(webDir, '..', '..');
const apiMain = join(repoRoot, 'apps', 'api', 'dist', 'main.js');
const artifacts = join(here, '.artifacts');
const apiLog = join(artifacts, 'api.log');

const HEALTH_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function logTail(): string {
  try {
    return readFileSync(apiLog, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(sin log)';
  }
}

async function waitForHealth(baseUrl: string, api: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`La API terminó al arrancar (código ${api.exitCode}):\n${logTail()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`La API no respondió /api/health en ${HEALTH_TIMEOUT_MS / 1000} s:\n${logTail()}`);
}

async function withAdmin<T>(serverUrl: URL, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (!existsSync(apiMain)) throw new Error(`Falta ${apiMain}: ejecute antes \`pnpm --filter @gestar/api build\`.`);
  mkdirSync(artifacts, { recursive: true });

  let webDist = process.env.E2E_WEB_DIST;
  let builtHere = false;
  if (!webDist) {
    webDist = mkdtempSync(join(tmpdir(), 'gestar-web-e2e-'));
    builtHere = true;
    await build({ root: webDir, logLevel: 'error', build: { outDir: webDist, emptyOutDir: true, sourcemap: false } });
    console.log(`[e2e] web compilada en ${webDist} (${elapsed()})`);
  }
  if (!existsSync(join(webDist, 'index.html'))) throw new Error(`${webDist} no contiene index.html`);

  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const dbName = `gestar_web_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${dbName}"`));
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(apiLog);
  const api = spawn(process.execPath, [apiMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      JWT_SECRET: randomBytes(32).toString('hex'),
      NODE_ENV: 'test',
      WEB_DIST_DIR: webDist,
      // Nothing in these tests waits on the minute scheduler.
      SCHEDULER_ENABLED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.pipe(log);
  api.stderr?.pipe(log);

  const teardown = async () => {
    if (api.exitCode === null) {
      const exited = new Promise((r) => api.once('exit', r));
      api.kill('SIGTERM');
      const timer = setTimeout(() => api.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    log.end();
    await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
    if (builtHere) rmSync(webDist, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, api);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] API lista en ${baseUrl}, base ${dbName} (${elapsed()})`);
  process.env.E2E_BASE_URL = baseUrl;
  // Tests that start an API of their own (login-sso.spec.ts, with an OpenID provider) serve the same build.
  process.env.E2E_WEB_DIST_DIR = webDist;
  // For a test that must write what this API cannot produce here (an e-mail tried by a server with SMTP).
  process.env.E2E_DATABASE_URL = dbUrl.toString();
  return teardown;
}
