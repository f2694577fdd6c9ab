"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.runMigrations = runMigrations;
const typeorm_1 = require("typeorm");
const data_source_1 = require("./data-source");
/** Arbitrary constant: every replica takes this advisory lock before migrating. */
const MIGRATION_LOCK_KEY = 774_201_611;
/**
 * Runs pending migrations under a session-level advisory lock, so several
 * replicas starting at once apply each migration exactly once.
 */
async function runMigrations(ds) {
    const runner = ds.createQueryRunner();
    await runner.connect();
    try {
        await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const applied = await ds.runMigrations({ transaction: 'each' });
        return applied.map((m) => m.name);
    }
    finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await runner.release();
    }
}
if (require.main === module) {
    const url = process.env.DATABASE_URL;
    if (!url) {
        console.error('DATABASE_URL no está configurada');
        process.exit(1);
    }
    const ds = new typeorm_1.DataSource((0, data_source_1.dataSourceOptions)(url));
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
//# sourceMappingURL=migrate.js.map