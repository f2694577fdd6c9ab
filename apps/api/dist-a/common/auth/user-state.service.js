"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserStateService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
/** How long the guard trusts a loaded user state (DECISIONS 3: "cached for seconds at most"). */
const TTL_MS = 2000;
/**
 * Loads the caller's current state (active flag, role permissions, areas) from the
 * database, so a deactivated user or a changed role takes effect within seconds,
 * whatever the token says.
 */
let UserStateService = class UserStateService {
    ds;
    cache = new Map();
    constructor(ds) {
        this.ds = ds;
    }
    async load(uuid) {
        const hit = this.cache.get(uuid);
        if (hit && Date.now() - hit.at < TTL_MS)
            return hit.user;
        const rows = await this.ds.query(`SELECT u.uuid, u.username, u.nombre, u.apellido, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
              (SELECT array_agg(ua.area_uuid) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid) AS areas
         FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
        WHERE u.uuid = $1`, [uuid]);
        const row = rows[0];
        const user = row && row.activo
            ? {
                uuid: row.uuid,
                username: row.username,
                nombre: row.nombre,
                apellido: row.apellido,
                rolUuid: row.rol_uuid,
                rolNombre: row.rol_nombre,
                permisos: row.permisos ?? [],
                areaUuids: row.areas ?? [],
            }
            : null;
        this.cache.set(uuid, { at: Date.now(), user });
        if (this.cache.size > 10_000)
            this.cache.clear();
        return user;
    }
    /** Forget a user's cached state in this process (after an update of the user or its role). */
    invalidate(uuid) {
        if (uuid)
            this.cache.delete(uuid);
        else
            this.cache.clear();
    }
};
exports.UserStateService = UserStateService;
exports.UserStateService = UserStateService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], UserStateService);
//# sourceMappingURL=user-state.service.js.map