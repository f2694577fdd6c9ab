import { dropDatabase } from './db';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.GESTAR_TEMPLATE_DB;
  if (name) await dropDatabase(name);
}
