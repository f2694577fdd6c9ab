// Three API processes started together on an empty database: each migration
// applied once, the demo seeded once.
import { query, startApi } from '../lib.mjs';
import { check, figures, log, logDir, root } from '../checks.mjs';

export async function migrationsRace({ cluster }) {
  log('Migraciones: tres procesos de la API a la vez sobre una base vacía');
  await cluster.createDatabase('rel_migr');
  const url = cluster.url('rel_migr');
  const apis = await Promise.all(
    [0, 1, 2].map((i) => startApi(root, { databaseUrl: url, logDir, name: `api-migr-${i}` })),
  );
  await Promise.all(apis.map((a) => a.waitHealthy(90_000)));
  const rows = await query(url, 'SELECT name, count(*)::int AS n FROM migrations GROUP BY name');
  const total = await query(url, 'SELECT count(*)::int AS n FROM migrations');
  const dups = rows.filter((r) => r.n > 1);
  const admins = await query(url, `SELECT count(*)::int AS n FROM usuarios WHERE username = 'admin'`);
  const areas = await query(url, `SELECT count(*)::int AS n FROM areas`);
  figures.migrations = {
    processes: 3,
    migrations: rows.length,
    rows: total[0].n,
    duplicates: dups.length,
    admins: admins[0].n,
    areas: areas[0].n,
  };
  check(
    '3 procesos, migraciones aplicadas una vez',
    dups.length === 0 && total[0].n === rows.length && rows.length > 0,
    `${rows.length} migraciones, ${total[0].n} filas en migrations, ${dups.length} repetidas`,
  );
  check(
    '3 procesos, la demo sembrada una vez',
    admins[0].n === 1 && areas[0].n === 3,
    `${admins[0].n} admin, ${areas[0].n} áreas`,
  );
  for (const a of apis) await a.stop();
}
