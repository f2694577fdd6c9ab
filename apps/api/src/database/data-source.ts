import 'reflect-metadata';
import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/**
 * The connection. TypeORM is used as a connection pool, a transaction runner and a migration
 * runner only: there are no entities (repositories write SQL, docs/DECISIONS.md "Data layer"), so
 * a schema change is a hand-written migration in `migrations/` (indexes, constraints and all),
 * listed in `migrations/index.ts`, applied at start or with `pnpm --filter @gestar/api migrate`.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: [],
    migrations: MIGRATIONS,
    // Schema changes only through migrations.
    synchronize: false,
    migrationsRun: false,
    logging: ['error'],
    // JIT off for the API's sessions: the reports' statements read tens of thousands of rows,
    // enough for the planner's cost to cross `jit_above_cost`, and compiling them takes longer
    // than running them (docs/DECISIONS.md «Performance»).
    extra: { max: Number(process.env.DB_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000, options: '-c jit=off' },
  };
}
