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
exports.UsersRepository = void 0;
exports.containsPattern = containsPattern;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const user_entity_1 = require("./user.entity");
/** `%term%` for LIKE, with the term's own wildcards escaped. */
function containsPattern(term) {
    return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
const USER_RELATIONS = { rol: true, descripcion_puesto: true, usuario_areas: { area: true } };
let UsersRepository = class UsersRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    findOne(uuid, em = this.ds.manager) {
        return em.getRepository(user_entity_1.UserEntity).findOne({ where: { uuid }, relations: USER_RELATIONS });
    }
    /**
     * One page of users (with role, areas and job position) plus the total that match, in one
     * statement: the page and its total come from a window count, the relations are joined onto
     * the page's rows only. A page past the end has no row to carry the total: it is counted apart.
     */
    async list(f) {
        const params = [];
        const p = (value) => {
            params.push(value);
            return `$${params.length}`;
        };
        const where = [];
        if (f.scopeAreas) {
            where.push(`EXISTS (SELECT 1 FROM usuario_areas s WHERE s.usuario_uuid = u.uuid AND s.area_uuid = ANY(${p(f.scopeAreas)}::uuid[]))`);
        }
        if (f.nameTerms.length > 0) {
            // Same expression as the trigram index usuarios_nombre_trgm, so the index serves it.
            const ors = f.nameTerms.map((t) => `lower(f_unaccent(u.nombre || ' ' || u.apellido)) LIKE lower(f_unaccent(${p(containsPattern(t))}))`);
            where.push(`(${ors.join(' OR ')})`);
        }
        if (f.username)
            where.push(`lower(f_unaccent(u.username)) LIKE lower(f_unaccent(${p(containsPattern(f.username))}))`);
        if (f.areaUuid)
            where.push(`EXISTS (SELECT 1 FROM usuario_areas a WHERE a.usuario_uuid = u.uuid AND a.area_uuid = ${p(f.areaUuid)})`);
        if (f.activo !== undefined)
            where.push(`u.activo = ${p(f.activo)}`);
        const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
        const filterParams = [...params];
        const rows = await this.ds.query(`WITH page AS (
         SELECT u.uuid, u.nombre, u.apellido, count(*) OVER ()::int AS total
           FROM usuarios u ${whereSql}
          ORDER BY lower(u.nombre), lower(u.apellido), u.uuid
          LIMIT ${p(f.limit)} OFFSET ${p((f.page - 1) * f.limit)}
       )
       SELECT u.uuid, u.username, u.nombre, u.apellido, u.rol_uuid, r.nombre AS rol_nombre, u.activo, u.created_at,
              u.descripcion_puesto_uuid,
              CASE WHEN dp.uuid IS NOT NULL THEN json_build_object('uuid', dp.uuid, 'nombre', dp.nombre, 'descripcion', dp.descripcion) END AS puesto,
              (SELECT json_agg(json_build_object('uuid', a.uuid, 'nombre', a.nombre) ORDER BY a.nombre, a.uuid)
                 FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid
                WHERE ua.usuario_uuid = u.uuid) AS areas,
              page.total
         FROM page
         JOIN usuarios u ON u.uuid = page.uuid
         JOIN roles r ON r.uuid = u.rol_uuid
         LEFT JOIN descripciones_puesto dp ON dp.uuid = u.descripcion_puesto_uuid
        ORDER BY lower(page.nombre), lower(page.apellido), page.uuid`, params);
        if (rows.length > 0)
            return { users: rows, total: rows[0].total };
        if (f.page === 1)
            return { users: [], total: 0 };
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM usuarios u ${whereSql}`, filterParams);
        return { users: [], total };
    }
    /** Active users belonging to at least one of `areaUuids`, with all their area uuids. */
    activeUsersOfAreas(areaUuids) {
        return this.ds.query(`SELECT u.uuid, u.nombre, u.apellido, u.username, u.activo,
              ARRAY(SELECT x.area_uuid FROM usuario_areas x WHERE x.usuario_uuid = u.uuid ORDER BY x.area_uuid) AS areas
         FROM usuarios u
        WHERE u.activo
          AND EXISTS (SELECT 1 FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid AND ua.area_uuid = ANY($1::uuid[]))
        ORDER BY lower(u.nombre), lower(u.apellido), u.uuid`, [areaUuids]);
    }
    async rolePermissions(rolUuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT permisos FROM roles WHERE uuid = $1`, [rolUuid]);
        return rows[0]?.permisos ?? null;
    }
    /** The subset of `areaUuids` that exist. */
    async existingAreas(areaUuids, em = this.ds.manager) {
        const rows = await em.query(`SELECT uuid FROM areas WHERE uuid = ANY($1::uuid[])`, [areaUuids]);
        return rows.map((r) => r.uuid);
    }
    async jobPositionExists(uuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT 1 FROM descripciones_puesto WHERE uuid = $1`, [uuid]);
        return rows.length > 0;
    }
    async usernameTaken(username, em = this.ds.manager) {
        const rows = await em.query(`SELECT 1 FROM usuarios WHERE lower(username) = lower($1)`, [username]);
        return rows.length > 0;
    }
    async insert(em, input) {
        const [row] = await em.query(`INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid`, [input.username, input.password_hash, input.nombre, input.apellido, input.rol_uuid, input.descripcion_puesto_uuid]);
        return row.uuid;
    }
    async update(em, uuid, input) {
        await em.query(`UPDATE usuarios SET nombre = $2, apellido = $3, rol_uuid = $4, descripcion_puesto_uuid = $5, activo = $6, updated_at = now()
        WHERE uuid = $1`, [uuid, input.nombre, input.apellido, input.rol_uuid, input.descripcion_puesto_uuid, input.activo]);
    }
    async replaceAreas(em, uuid, areaUuids) {
        await em.query(`DELETE FROM usuario_areas WHERE usuario_uuid = $1 AND NOT (area_uuid = ANY($2::uuid[]))`, [uuid, areaUuids]);
        await em.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) SELECT $1, a FROM unnest($2::uuid[]) AS a ON CONFLICT DO NOTHING`, [uuid, areaUuids]);
    }
    async setJobPosition(uuid, jobPositionUuid) {
        await this.ds.query(`UPDATE usuarios SET descripcion_puesto_uuid = $2, updated_at = now() WHERE uuid = $1`, [uuid, jobPositionUuid]);
    }
    async deactivate(em, uuid) {
        await em.query(`UPDATE usuarios SET activo = false, updated_at = now() WHERE uuid = $1`, [uuid]);
    }
    async revokeRefreshTokens(em, uuid) {
        await em.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE usuario_uuid = $1 AND revoked_at IS NULL`, [uuid]);
    }
    /** Row lock so concurrent edits of one user apply one after the other. */
    async lock(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM usuarios WHERE uuid = $1 FOR UPDATE`, [uuid]);
        return rows.length > 0;
    }
    async passwordHash(uuid) {
        const rows = await this.ds.query(`SELECT password_hash FROM usuarios WHERE uuid = $1`, [uuid]);
        return rows[0]?.password_hash ?? null;
    }
    async setPasswordHash(uuid, hash, em = this.ds.manager) {
        await em.query(`UPDATE usuarios SET password_hash = $2, updated_at = now() WHERE uuid = $1`, [uuid, hash]);
    }
};
exports.UsersRepository = UsersRepository;
exports.UsersRepository = UsersRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], UsersRepository);
//# sourceMappingURL=users.repository.js.map