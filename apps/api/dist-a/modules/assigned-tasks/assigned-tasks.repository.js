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
exports.AssignedTasksRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const assigned_task_entity_1 = require("./assigned-task.entity");
let AssignedTasksRepository = class AssignedTasksRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /**
     * Cards: the assigned tasks matching `where`, with everything a card shows, in one statement
     * (every join is many-to-one). Only the columns a card needs, flat: no entity hydration.
     */
    cards(em, where, params, orderBy) {
        return em.query(`SELECT ta.uuid, ta.estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color, e."order" AS estado_order,
              ta.fecha_vencimiento::text AS fecha_vencimiento, ta.fecha_asignacion,
              ta.empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido, u.username AS empleado_username,
              ta.tarea_uuid, t.titulo AS tarea_titulo, t.descripcion AS tarea_descripcion,
              t.tipo_tarea_uuid, tt.nombre AS tipo_tarea_nombre, t.area_uuid, a.nombre AS area_nombre,
              p.uuid AS programacion_uuid, p.intervalo_repeticion, p.proxima_ejecucion::text AS proxima_ejecucion,
              p.activo AS programacion_activa,
              ta.archivada, ta.calificacion, ta.observaciones
         FROM tareas_asignadas ta
         JOIN estados e ON e.uuid = ta.estado_uuid
         JOIN usuarios u ON u.uuid = ta.empleado_uuid
         JOIN tareas t ON t.uuid = ta.tarea_uuid
         JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
         JOIN areas a ON a.uuid = t.area_uuid
         LEFT JOIN programaciones_tareas p ON p.tarea_uuid = t.uuid
        WHERE ${where}
        ORDER BY ${orderBy}`, params);
    }
    board(f) {
        const params = [];
        const p = (value) => {
            params.push(value);
            return `$${params.length}`;
        };
        const where = ['ta.archivada = false'];
        if (f.onlyEmployee)
            where.push(`ta.empleado_uuid = ${p(f.onlyEmployee)}`);
        if (f.scopeAreas)
            where.push(`(t.area_uuid = ANY(${p(f.scopeAreas)}::uuid[]) OR ta.empleado_uuid = ${p(f.caller)})`);
        if (f.areas)
            where.push(`t.area_uuid = ANY(${p(f.areas)}::uuid[])`);
        if (f.users)
            where.push(`ta.empleado_uuid = ANY(${p(f.users)}::uuid[])`);
        return this.cards(this.ds.manager, where.join(' AND '), params, 'ta.fecha_vencimiento ASC NULLS LAST, ta.fecha_asignacion ASC, ta.uuid ASC');
    }
    findCards(uuids, em = this.ds.manager) {
        if (uuids.length === 0)
            return Promise.resolve([]);
        return this.cards(em, 'ta.uuid = ANY($1::uuid[])', [uuids], 'u.nombre ASC, u.apellido ASC, ta.uuid ASC');
    }
    async findCard(uuid, em = this.ds.manager) {
        return (await this.findCards([uuid], em))[0] ?? null;
    }
    /** The access row, locked for the rest of the transaction when `lock` is set (serialises concurrent changes). */
    async findAccessRow(uuid, em = this.ds.manager, lock = false) {
        const rows = await em.query(`SELECT ta.uuid, ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid, ta.archivada, t.area_uuid
         FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid
        WHERE ta.uuid = $1${lock ? ' FOR UPDATE OF ta' : ''}`, [uuid]);
        return rows[0] ?? null;
    }
    statuses(em = this.ds.manager) {
        return em.query(`SELECT uuid, nombre, "order" FROM estados ORDER BY "order" ASC, created_at ASC, uuid ASC`);
    }
    async firstStatus(em = this.ds.manager) {
        return (await this.statuses(em))[0] ?? null;
    }
    async insertOccurrences(em, rows) {
        const uuids = [];
        for (const r of rows) {
            const [row] = await em.query(`INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
         VALUES ($1, $2, $3, $4, $5) RETURNING uuid`, [r.tareaUuid, r.empleadoUuid, r.estadoUuid, r.fechaVencimiento, r.asignadoPor]);
            uuids.push(row.uuid);
        }
        return uuids;
    }
    async addHistory(em, rows) {
        if (rows.length === 0)
            return;
        // clock_timestamp(), not now(): entries written in one transaction keep their order (status before archive).
        await em.query(`INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
       SELECT u.*, clock_timestamp() FROM unnest($1::uuid[], $2::varchar[], $3::text[], $4::uuid[]) AS u`, [
            rows.map((r) => r.tareaAsignadaUuid),
            rows.map((r) => r.tipo),
            rows.map((r) => r.detalle),
            rows.map((r) => r.usuarioUuid),
        ]);
    }
    history(uuid, em = this.ds.manager) {
        return em.getRepository(assigned_task_entity_1.AssignedTaskHistoryEntity).find({
            where: { tarea_asignada_uuid: uuid },
            relations: { usuario: true },
            order: { fecha: 'DESC', uuid: 'DESC' },
        });
    }
    async setStatus(em, uuid, estadoUuid, completed) {
        await em.query(`UPDATE tareas_asignadas
          SET estado_uuid = $2,
              fecha_completada = CASE WHEN $3 THEN coalesce(fecha_completada, now()) ELSE NULL END,
              updated_at = now()
        WHERE uuid = $1`, [uuid, estadoUuid, completed]);
    }
    async archive(em, uuid, calificacion, observaciones) {
        await em.query(`UPDATE tareas_asignadas
          SET archivada = true, calificacion = $2, observaciones = $3, fecha_archivado = now(), updated_at = now()
        WHERE uuid = $1`, [uuid, calificacion, observaciones]);
    }
    async unarchive(em, uuid) {
        await em.query(`UPDATE tareas_asignadas SET archivada = false, fecha_archivado = NULL, updated_at = now() WHERE uuid = $1`, [uuid]);
    }
    comments(uuid) {
        return this.ds.getRepository(assigned_task_entity_1.CommentEntity).find({
            where: { tarea_asignada_uuid: uuid },
            relations: { usuario: true },
            order: { fecha_creacion: 'ASC', uuid: 'ASC' },
        });
    }
    findComment(uuid, commentUuid, em = this.ds.manager) {
        return em.getRepository(assigned_task_entity_1.CommentEntity).findOne({
            where: { uuid: commentUuid, tarea_asignada_uuid: uuid },
            relations: { usuario: true },
        });
    }
    async insertComment(em, uuid, usuarioUuid, texto) {
        const [row] = await em.query(`INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) VALUES ($1, $2, $3) RETURNING uuid`, [uuid, usuarioUuid, texto]);
        return row.uuid;
    }
    async updateComment(em, commentUuid, texto) {
        await em.query(`UPDATE comentarios SET texto = $2, updated_at = now() WHERE uuid = $1`, [commentUuid, texto]);
    }
    async deleteComment(em, commentUuid) {
        await em.query(`DELETE FROM comentarios WHERE uuid = $1`, [commentUuid]);
    }
    /** Users among `uuids` that are active and belong to `areaUuid`. */
    async activeUsersOfArea(uuids, areaUuid, em = this.ds.manager) {
        return em.query(`SELECT u.uuid, u.nombre, u.apellido FROM usuarios u
         JOIN usuario_areas ua ON ua.usuario_uuid = u.uuid AND ua.area_uuid = $2
        WHERE u.uuid = ANY($1::uuid[]) AND u.activo`, [[...uuids], areaUuid]);
    }
};
exports.AssignedTasksRepository = AssignedTasksRepository;
exports.AssignedTasksRepository = AssignedTasksRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], AssignedTasksRepository);
//# sourceMappingURL=assigned-tasks.repository.js.map