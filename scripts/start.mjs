// `npm start`: build, database (embedded when DATABASE_URL is unset), migrations, demo seed, serve on PORT (3000).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDataMajor, DataMajorError, defaultDataDir, embeddedDataDir, ensureDatabase } from './lib/database.mjs';
import { run } from './lib/run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m) => process.stdout.write(`[gestar] ${m}\n`);

/** Exit status when the embedded data folder belongs to another PostgreSQL major. */
const EXIT_DATA_MAJOR = 3;

// Before the build: a data folder of another PostgreSQL major is refused with what to do.
if (!process.env.DATABASE_URL) {
  try {
    checkDataMajor(root, embeddedDataDir(root, defaultDataDir(root)));
  } catch (err) {
    if (!(err instanceof DataMajorError)) throw err;
    process.stderr.write(`[gestar] ${err.message}\n`);
    process.exit(EXIT_DATA_MAJOR);
  }
}

log('Compilando (contratos, API y cliente web)');
if ((await run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root })) !== 0) process.exit(1);

const db = await ensureDatabase({ root, databaseName: 'gestar', log });
const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  DATABASE_URL: db.url,
  PORT: port,
  SEED_DEMO: process.env.SEED_DEMO ?? (process.env.DATABASE_URL ? 'false' : 'true'),
  NODE_ENV: process.env.NODE_ENV ?? (process.env.DATABASE_URL ? 'production' : 'development'),
  // Production needs APP_URL (links in e-mails): `npm start` serves this machine, so it says so unless told otherwise.
  APP_URL: process.env.APP_URL || `http://localhost:${port}`,
  // As in the image (docker/Dockerfile): freed photo buffers go back to the system.
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
};
const api = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], { stdio: ['ignore', 'pipe', 'inherit'], env, cwd: root });
let announced = false;
api.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /API escuchando/.test(String(chunk))) {
    announced = true;
    log(`Gestar está listo en http://localhost:${port}`);
    if (env.SEED_DEMO === 'true') log('Usuarios de demostración: admin, supervisor, operario (contraseña: demo1234)');
    log('Ctrl-C para detener.');
  }
});

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('Deteniendo...');
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        api.kill('SIGKILL');
        r();
      }, 10000);
      api.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  await db.stop().catch((e) => log(`No se pudo detener PostgreSQL: ${e}`));
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
api.on('exit', (code) => {
  if (!stopping) shutdown(code ?? 1);
});
