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
exports.ScheduledTasksRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const SELECT_ROW = `
  SELECT p.uuid, p.tarea_uuid, t.titulo, t.area_uuid, a.nombre AS area_nombre, p.intervalo_repeticion,
         to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, p.activo, p.ultima_ejecucion, p.total_generadas
    FROM programaciones_tareas p
    JOIN tareas t ON t.uuid = p.tarea_uuid
    JOIN areas a ON a.uuid = t.area_uuid`;
let ScheduledTasksRepository = class ScheduledTasksRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** A page of schedules of tasks in the given areas (`null`: every area). */
    async page(areaUuids, page, limit) {
        if (areaUuids && !areaUuids.length)
            return { rows: [], total: 0 };
        const where = areaUuids ? 'WHERE t.area_uuid = ANY($1::uuid[])' : 'WHERE $1::uuid[] IS NULL';
        const params = [areaUuids ? [...areaUuids] : null];
        const rows = await this.ds.query(`${SELECT_ROW} ${where} ORDER BY lower(t.titulo), p.uuid LIMIT $2 OFFSET $3`, [...params, limit, (page - 1) * limit]);
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM programaciones_tareas p JOIN tareas t ON t.uuid = p.tarea_uuid ${where}`, params);
        return { rows, total };
    }
    async findOne(uuid, em = this.ds.manager) {
        const rows = await em.query(`${SELECT_ROW} WHERE p.uuid = $1`, [uuid]);
        return rows[0] ?? null;
    }
    /** Locks the schedule row for an edit, so the generator skips it meanwhile. */
    async lock(uuid, em) {
        const rows = await em.query(`SELECT 1 FROM programaciones_tareas WHERE uuid = $1 FOR UPDATE`, [uuid]);
        return rows.length > 0;
    }
    async findTask(uuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT uuid, area_uuid FROM tareas WHERE uuid = $1`, [uuid]);
        return rows[0] ?? null;
    }
    async scheduleOfTask(tareaUuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT uuid FROM programaciones_tareas WHERE tarea_uuid = $1`, [tareaUuid]);
        return rows[0]?.uuid ?? null;
    }
    async insert(input, em = this.ds.manager) {
        const rows = await em.query(`INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, activo)
       VALUES ($1, $2, $3::date, $4) RETURNING uuid`, [input.tarea_uuid, input.intervalo_repeticion, input.proxima_ejecucion, input.activo]);
        return rows[0].uuid;
    }
    async update(uuid, input, em) {
        await em.query(`UPDATE programaciones_tareas
          SET tarea_uuid = $2, intervalo_repeticion = $3, proxima_ejecucion = $4::date, activo = $5, updated_at = now()
        WHERE uuid = $1`, [uuid, input.tarea_uuid, input.intervalo_repeticion, input.proxima_ejecucion, input.activo]);
    }
    /** Assigned tasks it produced stay (their `programacion_uuid` becomes null). */
    async delete(uuid) {
        await this.ds.query(`DELETE FROM programaciones_tareas WHERE uuid = $1`, [uuid]);
    }
};
exports.ScheduledTasksRepository = ScheduledTasksRepository;
exports.ScheduledTasksRepository = ScheduledTasksRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], ScheduledTasksRepository);
//# sourceMappingURL=scheduled-tasks.repository.js.map