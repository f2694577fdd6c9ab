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
exports.JobDescriptionsRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const users_repository_1 = require("../users/users.repository");
let JobDescriptionsRepository = class JobDescriptionsRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    async list(q) {
        const params = q.nombre ? [(0, users_repository_1.containsPattern)(q.nombre)] : [];
        const whereSql = q.nombre ? `WHERE lower(f_unaccent(nombre)) LIKE lower(f_unaccent($1))` : '';
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM descripciones_puesto ${whereSql}`, params);
        const rows = await this.ds.query(`SELECT uuid, nombre, descripcion FROM descripciones_puesto ${whereSql}
        ORDER BY lower(nombre), uuid LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [...params, q.limit, (q.page - 1) * q.limit]);
        return { rows, total };
    }
    async findOne(uuid) {
        const rows = await this.ds.query(`SELECT uuid, nombre, descripcion FROM descripciones_puesto WHERE uuid = $1`, [uuid]);
        return rows[0] ?? null;
    }
    async insert(input) {
        const [row] = await this.ds.query(`INSERT INTO descripciones_puesto (nombre, descripcion) VALUES ($1, $2) RETURNING uuid, nombre, descripcion`, [input.nombre, input.descripcion]);
        return row;
    }
    async update(uuid, input) {
        const [rows] = await this.ds.query(`UPDATE descripciones_puesto SET nombre = $2, descripcion = $3, updated_at = now() WHERE uuid = $1 RETURNING uuid, nombre, descripcion`, [uuid, input.nombre, input.descripcion]);
        return rows[0] ?? null;
    }
    async lock(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM descripciones_puesto WHERE uuid = $1 FOR UPDATE`, [uuid]);
        return rows.length > 0;
    }
    /** True when any user (active or not) holds the position. */
    async inUse(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM usuarios WHERE descripcion_puesto_uuid = $1 LIMIT 1`, [uuid]);
        return rows.length > 0;
    }
    async delete(em, uuid) {
        await em.query(`DELETE FROM descripciones_puesto WHERE uuid = $1`, [uuid]);
    }
};
exports.JobDescriptionsRepository = JobDescriptionsRepository;
exports.JobDescriptionsRepository = JobDescriptionsRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], JobDescriptionsRepository);
//# sourceMappingURL=job-descriptions.repository.js.map