"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.seedDatabase = seedDatabase;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const password_1 = require("../../modules/auth/password");
const demo_seed_1 = require("./demo.seed");
const SEED_LOCK_KEY = 774_201_612;
/**
 * Runs once on an empty database: the demo organisation when SEED_DEMO is on,
 * otherwise the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD.
 */
async function seedDatabase(ds, config) {
    await ds.transaction(async (em) => {
        await em.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
        const [{ count }] = await em.query('SELECT count(*) FROM usuarios');
        if (Number(count) > 0)
            return;
        if (config.seedDemo) {
            await (0, demo_seed_1.seedDemo)(em, config.timezone);
            new common_1.Logger('Seed').log('Organización de demostración creada (usuarios admin, supervisor, operario; contraseña demo1234)');
        }
        else if (config.adminUsername && config.adminPassword) {
            await seedFirstAdmin(em, config.adminUsername, config.adminPassword);
            new common_1.Logger('Seed').log(`Administrador inicial creado: ${config.adminUsername}`);
        }
        else {
            new common_1.Logger('Seed').warn('La base de datos no tiene usuarios: defina ADMIN_USERNAME y ADMIN_PASSWORD para crear el primer administrador');
        }
    });
}
async function seedFirstAdmin(em, username, password) {
    const [role] = await em.query('SELECT uuid FROM roles WHERE nombre = $1', [contracts_1.ROLE_NAMES.admin]);
    const [area] = await em.query(`INSERT INTO areas (nombre) VALUES ('General') RETURNING uuid`);
    const [user] = await em.query(`INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid) VALUES ($1, $2, 'Administrador', 'General', $3) RETURNING uuid`, [username, await (0, password_1.hashPassword)(password), role.uuid]);
    await em.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)', [user.uuid, area.uuid]);
}
//# sourceMappingURL=seed.js.map