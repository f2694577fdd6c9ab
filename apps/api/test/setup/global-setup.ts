import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { runMigrations } from '../../src/database/migrate';
import { adminQuery, uniqueName, urlForDatabase } from './db';

/**
 * Creates one template database with the real migrations applied; every test file
 * then gets its own copy (CREATE DATABASE ... TEMPLATE), so files run in parallel
 * against a real PostgreSQL without seeing each other's rows.
 */
export default async function globalSetup(): Promise<void> {
  const name = uniqueName('gestar_tpl');
  await adminQuery(`CREATE DATABASE "${name}"`);
  const ds = new DataSource(dataSourceOptions(urlForDatabase(name)));
  await ds.initialize();
  try {
    await runMigrations(ds);
  } finally {
    await ds.destroy();
  }
  process.env.GESTAR_TEMPLATE_DB = name;
}
