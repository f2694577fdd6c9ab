import 'reflect-metadata';
import { DataSource, DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Schema changes only through migrations.
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    extra: { max: Number(process.env.DB_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000 },
  };
}

/** Used by the TypeORM CLI (`typeorm migration:generate -d dist/database/data-source.js`). */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'));
