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
exports.TasksRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const task_entity_1 = require("./task.entity");
const TASK_COLUMNS = `t.uuid, t.titulo, t.descripcion, t.tipo_tarea_uuid, tt.nombre AS tipo_tarea_nombre,
  t.area_uuid, a.nombre AS area_nombre, t.activo,
  t.creado_por_uuid, cu.nombre AS creado_por_nombre, cu.apellido AS creado_por_apellido, t.fecha_creacion,
  CASE WHEN pr.uuid IS NOT NULL THEN json_build_object('uuid', pr.uuid, 'intervalo_repeticion', pr.intervalo_repeticion,
    'proxima_ejecucion', to_char(pr.proxima_ejecucion, 'YYYY-MM-DD'), 'activo', pr.activo) END AS programacion,
  (SELECT json_agg(json_build_object('uuid', u.uuid, 'nombre', u.nombre, 'apellido', u.apellido))
     FROM tarea_usuarios tu JOIN usuarios u ON u.uuid = tu.usuario_uuid
    WHERE tu.tarea_uuid = t.uuid) AS asignados,
  (SELECT json_agg(json_build_object('uuid', s.uuid, 'descripcion', s.descripcion, 'creado_por_uuid', s.creado_por_uuid,
            'fecha_creacion', s.fecha_creacion::text) ORDER BY s.fecha_creacion, s.uuid)
     FROM sugerencias s WHERE s.tarea_uuid = t.uuid) AS sugerencias`;
const TASK_JOINS = `JOIN tipos_tarea tt ON tt.uuid = t.tipo_tarea_uuid
  JOIN areas a ON a.uuid = t.area_uuid
  JOIN usuarios cu ON cu.uuid = t.creado_por_uuid
  LEFT JOIN programaciones_tareas pr ON pr.tarea_uuid = t.uuid`;
/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likeContains(text) {
    return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
let TasksRepository = class TasksRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /**
     * One page of tasks (newest first) with every relation the response shows, and the total that
     * match, in one statement: the page and its total come from a window count, the relations are
     * joined onto the page's rows only. A page past the end has no row to carry the total: it is
     * counted apart.
     */
    async page(f) {
        const where = ['t.activo = $1'];
        const params = [f.activo];
        const add = (sql, value) => {
            params.push(value);
            where.push(sql(`$${params.length}`));
        };
        if (f.areas)
            add((p) => `t.area_uuid = ANY(${p}::uuid[])`, [...f.areas]);
        if (f.titulo)
            add((p) => `lower(f_unaccent(t.titulo)) LIKE lower(f_unaccent(${p})) ESCAPE '\\'`, likeContains(f.titulo));
        if (f.areaUuid)
            add((p) => `t.area_uuid = ${p}`, f.areaUuid);
        if (f.userUuid)
            add((p) => `EXISTS (SELECT 1 FROM tarea_usuarios tu WHERE tu.tarea_uuid = t.uuid AND tu.usuario_uuid = ${p})`, f.userUuid);
        const clause = where.join(' AND ');
        const rows = await this.ds.query(`WITH page AS (
         SELECT t.uuid, t.fecha_creacion, count(*) OVER ()::int AS total
           FROM tareas t WHERE ${clause}
          ORDER BY t.fecha_creacion DESC, t.uuid DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}
       )
       SELECT ${TASK_COLUMNS}, page.total
         FROM page JOIN tareas t ON t.uuid = page.uuid ${TASK_JOINS}
        ORDER BY page.fecha_creacion DESC, page.uuid DESC`, [...params, f.limit, (f.page - 1) * f.limit]);
        if (rows.length > 0)
            return { tasks: rows, total: rows[0].total };
        if (f.page === 1)
            return { tasks: [], total: 0 };
        const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM tareas t WHERE ${clause}`, params);
        return { tasks: [], total };
    }
    /** One task with every relation the response shows (one statement), or null. */
    async findOne(uuid, em = this.ds.manager) {
        const rows = await em.query(`SELECT ${TASK_COLUMNS} FROM tareas t ${TASK_JOINS} WHERE t.uuid = $1`, [
            uuid,
        ]);
        return rows[0] ?? null;
    }
    async findRow(uuid, em = this.ds.manager, lock = false) {
        const rows = await em.query(`SELECT uuid, area_uuid, activo, titulo FROM tareas WHERE uuid = $1${lock ? ' FOR UPDATE' : ''}`, [uuid]);
        return rows[0] ?? null;
    }
    async exists(table, uuid, em) {
        const rows = await em.query(`SELECT 1 FROM ${table} WHERE uuid = $1`, [uuid]);
        return rows.length > 0;
    }
    async insertTask(em, t) {
        const [row] = await em.query(`INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`, [t.titulo, t.descripcion, t.tipoTareaUuid, t.areaUuid, t.creadoPor]);
        return row.uuid;
    }
    async updateTask(em, uuid, t) {
        await em.query(`UPDATE tareas SET titulo = $2, descripcion = coalesce($3, descripcion), tipo_tarea_uuid = $4, area_uuid = $5,
              activo = coalesce($6, activo), updated_at = now()
        WHERE uuid = $1`, [uuid, t.titulo, t.descripcion ?? null, t.tipoTareaUuid, t.areaUuid, t.activo ?? null]);
    }
    async setDefaultAssignees(em, uuid, users) {
        await em.query(`DELETE FROM tarea_usuarios WHERE tarea_uuid = $1`, [uuid]);
        await em.query(`INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT $1, unnest($2::uuid[])`, [
            uuid,
            [...users],
        ]);
    }
    async findSchedule(tareaUuid, em) {
        const rows = await em.query(`SELECT uuid, to_char(proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, intervalo_repeticion, dias_vencimiento
         FROM programaciones_tareas WHERE tarea_uuid = $1`, [tareaUuid]);
        return rows[0] ?? null;
    }
    async insertSchedule(em, tareaUuid, s) {
        await em.query(`INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
       VALUES ($1, $2, $3, $4, true)`, [tareaUuid, s.intervalo, s.proxima, s.diasVencimiento]);
    }
    async updateSchedule(em, tareaUuid, s) {
        await em.query(`UPDATE programaciones_tareas SET intervalo_repeticion = $2, proxima_ejecucion = $3, dias_vencimiento = $4, updated_at = now()
        WHERE tarea_uuid = $1`, [tareaUuid, s.intervalo, s.proxima, s.diasVencimiento]);
    }
    async deleteSchedule(em, tareaUuid) {
        await em.query(`DELETE FROM programaciones_tareas WHERE tarea_uuid = $1`, [tareaUuid]);
    }
    async hasOccurrences(tareaUuid, em) {
        const rows = await em.query(`SELECT 1 FROM tareas_asignadas WHERE tarea_uuid = $1 LIMIT 1`, [tareaUuid]);
        return rows.length > 0;
    }
    /** Keeps the task and its history for reports; it stops appearing in lists and generating occurrences. */
    async deactivate(em, uuid) {
        await em.query(`UPDATE tareas SET activo = false, updated_at = now() WHERE uuid = $1`, [uuid]);
        await em.query(`UPDATE programaciones_tareas SET activo = false, updated_at = now() WHERE tarea_uuid = $1`, [uuid]);
    }
    async deleteTask(em, uuid) {
        await em.query(`DELETE FROM tareas WHERE uuid = $1`, [uuid]);
    }
    /** Whether the user is among the task's default assignees or has an occurrence of it. */
    async isAssignedTo(tareaUuid, userUuid) {
        const rows = await this.ds.query(`SELECT 1 FROM tarea_usuarios WHERE tarea_uuid = $1 AND usuario_uuid = $2
       UNION ALL SELECT 1 FROM tareas_asignadas WHERE tarea_uuid = $1 AND empleado_uuid = $2 LIMIT 1`, [tareaUuid, userUuid]);
        return rows.length > 0;
    }
    /** Employees with open (non-archived) occurrences of the task, who should hear it changed. */
    async openOccurrenceEmployees(tareaUuid) {
        const rows = await this.ds.query(`SELECT DISTINCT empleado_uuid FROM tareas_asignadas WHERE tarea_uuid = $1 AND NOT archivada`, [tareaUuid]);
        return rows.map((r) => r.empleado_uuid);
    }
    findSuggestion(tareaUuid, uuid) {
        return this.ds.getRepository(task_entity_1.SuggestionEntity).findOne({ where: { uuid, tarea_uuid: tareaUuid } });
    }
    async insertSuggestion(tareaUuid, creadoPor, descripcion) {
        const [row] = await this.ds.query(`INSERT INTO sugerencias (tarea_uuid, creado_por_uuid, descripcion) VALUES ($1, $2, $3) RETURNING uuid`, [tareaUuid, creadoPor, descripcion]);
        return row.uuid;
    }
    async updateSuggestion(uuid, descripcion) {
        await this.ds.query(`UPDATE sugerencias SET descripcion = $2, updated_at = now() WHERE uuid = $1`, [
            uuid,
            descripcion,
        ]);
    }
    async deleteSuggestion(uuid) {
        await this.ds.query(`DELETE FROM sugerencias WHERE uuid = $1`, [uuid]);
    }
};
exports.TasksRepository = TasksRepository;
exports.TasksRepository = TasksRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], TasksRepository);
//# sourceMappingURL=tasks.repository.js.map