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
exports.StatusesRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const COLUMNS = `uuid, nombre, descripcion, "order", color`;
let StatusesRepository = class StatusesRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** Ordered by `order` (then name), the order the board shows its columns in. */
    async list(q) {
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM estados`);
        const rows = await this.ds.query(`SELECT ${COLUMNS} FROM estados ORDER BY "order", lower(nombre), uuid LIMIT $1 OFFSET $2`, [q.limit, (q.page - 1) * q.limit]);
        return { rows, total };
    }
    async insert(input) {
        const [row] = await this.ds.query(`INSERT INTO estados (nombre, descripcion, "order", color) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`, [input.nombre, input.descripcion, input.order, input.color]);
        return row;
    }
    async update(uuid, input) {
        const [rows] = await this.ds.query(`UPDATE estados SET nombre = $2, descripcion = $3, "order" = $4, color = $5, updated_at = now() WHERE uuid = $1 RETURNING ${COLUMNS}`, [uuid, input.nombre, input.descripcion, input.order, input.color]);
        return rows[0] ?? null;
    }
    async lock(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM estados WHERE uuid = $1 FOR UPDATE`, [uuid]);
        return rows.length > 0;
    }
    /** True when any assigned task, archived or not, is in this status. */
    async inUse(em, uuid) {
        const rows = await em.query(`SELECT 1 FROM tareas_asignadas WHERE estado_uuid = $1 LIMIT 1`, [uuid]);
        return rows.length > 0;
    }
    async delete(em, uuid) {
        await em.query(`DELETE FROM estados WHERE uuid = $1`, [uuid]);
    }
};
exports.StatusesRepository = StatusesRepository;
exports.StatusesRepository = StatusesRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], StatusesRepository);
//# sourceMappingURL=statuses.repository.js.map