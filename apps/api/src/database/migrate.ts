import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { databaseUrlOf } from '../config';
import { dataSourceOptions } from './data-source';
import { sql } from './sql';

/** Arbitrary constant: every replica takes this advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 774_201_611;

/**
 * Runs pending migrations under a session-level advisory lock, so several
 * replicas starting at once apply each migration exactly once.
 */
export async function runMigrations(ds: DataSource): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    const lock = sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.toQuery();
    await runner.query(lock.text, lock.values);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    const unlock = sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.toQuery();
    await runner.query(unlock.text, unlock.values).catch(() => undefined);
    await runner.release();
  }
}

/**
 * The reports' summary counts company days in `timezone`: rebuilt (once, under a lock) when the
 * zone it was built in is another.
 */
export async function syncReportSummary(ds: DataSource, timezone: string): Promise<void> {
  const q = sql`SELECT f_resumen_zona(${timezone}) AS rebuilt`.toQuery();
  const [row] = (await ds.query(q.text, q.values)) as { rebuilt: boolean }[];
  if (row?.rebuilt) new Logger('Database').log(`Resumen de reportes reconstruido para la zona ${timezone}`);
}

if (require.main === module) {
  let url: string | undefined;
  try {
    url = databaseUrlOf(process.env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  if (!url) {
    console.error('DATABASE_URL no está configurada');
    process.exit(1);
  }
  const ds = new DataSource(dataSourceOptions(url));
  ds.initialize()
    .then((d) => runMigrations(d))
    .then(async (names) => {
      console.log(names.length ? `Migraciones aplicadas: ${names.join(', ')}` : 'Sin migraciones pendientes');
      await ds.destroy();
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
