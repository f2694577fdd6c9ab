"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SeedRoles1763700000100 = void 0;
const contracts_1 = require("@gestar/contracts");
/** The three roles of DECISIONS section 2 (a migration, not the demo seed). */
class SeedRoles1763700000100 {
    name = 'SeedRoles1763700000100';
    async up(q) {
        const roles = [
            [contracts_1.ROLE_NAMES.admin, contracts_1.ALL_PERMISSIONS],
            [contracts_1.ROLE_NAMES.supervisor, contracts_1.SUPERVISOR_PERMISSIONS],
            [contracts_1.ROLE_NAMES.operario, contracts_1.OPERARIO_PERMISSIONS],
        ];
        for (const [nombre, permisos] of roles) {
            await q.query(`INSERT INTO roles (nombre, permisos) VALUES ($1, $2)
         ON CONFLICT (nombre) DO UPDATE SET permisos = EXCLUDED.permisos`, [nombre, [...permisos]]);
        }
    }
    async down(q) {
        await q.query(`DELETE FROM roles WHERE nombre = ANY($1)`, [Object.values(contracts_1.ROLE_NAMES)]);
    }
}
exports.SeedRoles1763700000100 = SeedRoles1763700000100;
//# sourceMappingURL=1763700000100-seed-roles.js.map