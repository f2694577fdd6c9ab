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
exports.AreasRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const users_repository_1 = require("../users/users.repository");
let AreasRepository = class AreasRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** One page ordered by name; `scope` null = every area. */
    async list(q) {
        const params = [];
        const where = [];
        if (q.scope) {
            params.push(q.scope);
            where.push(`uuid = ANY($${params.length}::uuid[])`);
        }
        if (q.nombre) {
            params.push((0, users_repository_1.containsPattern)(q.nombre));
            where.push(`lower(f_unaccent(nombre)) LIKE lower(f_unaccent($${params.length}))`);
        }
        const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM areas ${whereSql}`, params);
        const rows = await this.ds.query(`SELECT uuid, nombre FROM areas ${whereSql} ORDER BY lower(nombre), uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, q.limit, (q.page - 1) * q.limit]);
        return { rows, total };
    }
    async all(scope) {
        return scope
            ? this.ds.query(`SELECT uuid, nombre FROM areas WHERE uuid = ANY($1::uuid[]) ORDER BY lower(nombre), uuid`, [scope])
            : this.ds.query(`SELECT uuid, nombre FROM areas ORDER BY lower(nombre), uuid`);
    }
    /** Active users of the given areas, one row per (area, user). */
    activeUsersOf(areaUuids) {
        return this.ds.query(`SELECT ua.area_uuid, u.uuid, u.nombre, u.apellido, u.username
         FROM usuario_areas ua JOIN usuarios u ON u.uuid = ua.usuario_uuid
        WHERE u.activo AND ua.area_uuid = ANY($1::uuid[])
        ORDER BY lower(u.nombre), lower(u.apellido), u.uuid`, [areaUuids]);
    }
    async userExists(userUuid) {
        const rows = await this.ds.query(`SELECT 1 FROM usuarios WHERE uuid = $1`, [userUuid]);
        return rows.length > 0;
    }
    ofUser(userUuid) {
        return this.ds.query(`SELECT a.uuid, a.nombre FROM areas a JOIN usuario_areas ua ON ua.area_uuid = a.uuid
        WHERE ua.usuario_uuid = $1 ORDER BY lower(a.nombre), a.uuid`, [userUuid]);
    }
    async findOne(uuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT uuid, nombre FROM areas WHERE uuid = $1`, [uuid]);
        return rows[0] ?? null;
    }
    async insert(nombre) {
        const [row] = await this.ds.query(`INSERT INTO areas (nombre) VALUES ($1) RETURNING uuid, nombre`, [nombre]);
        return row;
    }
    async update(uuid, nombre) {
        const [rows] = await this.ds.query(`UPDATE areas SET nombre = $2, updated_at = now() WHERE uuid = $1 RETURNING uuid, nombre`, [uuid, nombre]);
        return rows[0] ?? null;
    }
    async lock(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM areas WHERE uuid = $1 FOR UPDATE`, [uuid]);
        return rows.length > 0;
    }
    /** True when a user (active or not) or a task belongs to the area. */
    async inUse(em, uuid) {
        const rows = await em.query(`SELECT 1 WHERE EXISTS (SELECT 1 FROM usuario_areas WHERE area_uuid = $1) OR EXISTS (SELECT 1 FROM tareas WHERE area_uuid = $1)`, [uuid]);
        return rows.length > 0;
    }
    async delete(em, uuid) {
        await em.query(`DELETE FROM areas WHERE uuid = $1`, [uuid]);
    }
};
exports.AreasRepository = AreasRepository;
exports.AreasRepository = AreasRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], AreasRepository);
//# sourceMappingURL=areas.repository.js.map