// Processes of the bench: the API and the baseline servers, helper scripts that
// print one JSON line, and the resident memory of a process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, cleanups, JWT_SECRET, node, root, sleep, TZ, workDir } from './settings.mjs';

/** The allocator's settings of the image (docker/Dockerfile), for the API and for code measured against it. */
export const ALLOCATOR_ENV = { MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576' };

/** The API's environment as in production, on `dbUrl` and `port`, without the scheduler. */
export function apiEnv(dbUrl, port, extra = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    ...ALLOCATOR_ENV,
    JWT_SECRET,
    SCHEDULER_ENABLED: 'false',
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Required in production; the bench's links go nowhere.
    APP_URL: `http://127.0.0.1:${port}`,
    APP_TIMEZONE: TZ,
    SEED_DEMO: 'false',
    CHROMIUM_PATH: chromium,
    UPLOADS_DIR: join(workDir, 'uploads'),
    ...extra,
  };
}

/** Spawns a server and resolves once `healthUrl` answers 200: { child, ms }. */
export async function startServer(args, env, healthUrl, label) {
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

export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Samples VmRSS of `pid` every 20 ms while `fn` runs: { value, peakKb, startKb }. */
export async function sampleRss(pid, fn) {
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

/** Runs `node script` and resolves with the JSON of its last stdout line. */
export function runNodeJson(script, env) {
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
