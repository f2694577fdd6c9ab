import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function serverUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

/** The same server, another database name. */
export function urlForDatabase(name: string): string {
  const u = new URL(serverUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** Drop a database, disconnecting whoever still uses it. */
export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
