"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.dataSourceOptions = dataSourceOptions;
require("reflect-metadata");
const typeorm_1 = require("typeorm");
const entities_1 = require("./entities");
const migrations_1 = require("./migrations");
function dataSourceOptions(url) {
    return {
        type: 'postgres',
        url,
        entities: entities_1.ENTITIES,
        migrations: migrations_1.MIGRATIONS,
        // Schema changes only through migrations.
        synchronize: false,
        migrationsRun: false,
        logging: ['error'],
        extra: { max: Number(process.env.DB_POOL_SIZE ?? 10), connectionTimeoutMillis: 5000 },
    };
}
/** Used by the TypeORM CLI (`typeorm migration:generate -d dist/database/data-source.js`). */
exports.default = new typeorm_1.DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'));
//# sourceMappingURL=data-source.js.map