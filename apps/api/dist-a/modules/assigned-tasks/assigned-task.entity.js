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
exports.AssignedTaskHistoryEntity = exports.CommentEntity = exports.AssignedTaskEntity = void 0;
const typeorm_1 = require("typeorm");
const status_entity_1 = require("../statuses/status.entity");
const task_entity_1 = require("../tasks/task.entity");
const user_entity_1 = require("../users/user.entity");
const schedule_entity_1 = require("../scheduled-tasks/schedule.entity");
/** One occurrence of a task for one employee (tarea asignada). */
let AssignedTaskEntity = class AssignedTaskEntity {
    uuid;
    tarea_uuid;
    tarea;
    empleado_uuid;
    empleado;
    estado_uuid;
    estado;
    fecha_asignacion;
    /** Due date, `YYYY-MM-DD` in APP_TIMEZONE. */
    fecha_vencimiento;
    archivada;
    calificacion;
    observaciones;
    fecha_archivado;
    fecha_completada;
    asignado_por_uuid;
    programacion_uuid;
    programacion;
    /** Occurrence date for schedule-generated rows; part of the exactly-once key. */
    fecha_ocurrencia;
    updated_at;
    comentarios;
    historial;
};
exports.AssignedTaskEntity = AssignedTaskEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], AssignedTaskEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], AssignedTaskEntity.prototype, "tarea_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => task_entity_1.TaskEntity),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "tarea", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], AssignedTaskEntity.prototype, "empleado_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity),
    (0, typeorm_1.JoinColumn)({ name: 'empleado_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "empleado", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], AssignedTaskEntity.prototype, "estado_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => status_entity_1.StatusEntity),
    (0, typeorm_1.JoinColumn)({ name: 'estado_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "estado", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], AssignedTaskEntity.prototype, "fecha_asignacion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "fecha_vencimiento", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', default: false }),
    __metadata("design:type", Boolean)
], AssignedTaskEntity.prototype, "archivada", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'smallint', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "calificacion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "observaciones", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "fecha_archivado", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "fecha_completada", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "asignado_por_uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "programacion_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => schedule_entity_1.ScheduleEntity, { nullable: true, onDelete: 'SET NULL' }),
    (0, typeorm_1.JoinColumn)({ name: 'programacion_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "programacion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "fecha_ocurrencia", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], AssignedTaskEntity.prototype, "updated_at", void 0);
__decorate([
    (0, typeorm_1.OneToMany)(() => CommentEntity, (c) => c.tarea_asignada),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "comentarios", void 0);
__decorate([
    (0, typeorm_1.OneToMany)(() => AssignedTaskHistoryEntity, (h) => h.tarea_asignada),
    __metadata("design:type", Object)
], AssignedTaskEntity.prototype, "historial", void 0);
exports.AssignedTaskEntity = AssignedTaskEntity = __decorate([
    (0, typeorm_1.Entity)('tareas_asignadas')
], AssignedTaskEntity);
let CommentEntity = class CommentEntity {
    uuid;
    tarea_asignada_uuid;
    tarea_asignada;
    usuario_uuid;
    usuario;
    texto;
    fecha_creacion;
    updated_at;
};
exports.CommentEntity = CommentEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], CommentEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], CommentEntity.prototype, "tarea_asignada_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => AssignedTaskEntity, (a) => a.comentarios, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_asignada_uuid' }),
    __metadata("design:type", Object)
], CommentEntity.prototype, "tarea_asignada", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], CommentEntity.prototype, "usuario_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity),
    (0, typeorm_1.JoinColumn)({ name: 'usuario_uuid' }),
    __metadata("design:type", Object)
], CommentEntity.prototype, "usuario", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], CommentEntity.prototype, "texto", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], CommentEntity.prototype, "fecha_creacion", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], CommentEntity.prototype, "updated_at", void 0);
exports.CommentEntity = CommentEntity = __decorate([
    (0, typeorm_1.Entity)('comentarios')
], CommentEntity);
/** Who did what to an assigned task, and when (status change, archive, comment, assignment). */
let AssignedTaskHistoryEntity = class AssignedTaskHistoryEntity {
    uuid;
    tarea_asignada_uuid;
    tarea_asignada;
    tipo;
    detalle;
    usuario_uuid;
    usuario;
    fecha;
};
exports.AssignedTaskHistoryEntity = AssignedTaskHistoryEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], AssignedTaskHistoryEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], AssignedTaskHistoryEntity.prototype, "tarea_asignada_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => AssignedTaskEntity, (a) => a.historial, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_asignada_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskHistoryEntity.prototype, "tarea_asignada", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 20 }),
    __metadata("design:type", String)
], AssignedTaskHistoryEntity.prototype, "tipo", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], AssignedTaskHistoryEntity.prototype, "detalle", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], AssignedTaskHistoryEntity.prototype, "usuario_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity, { nullable: true }),
    (0, typeorm_1.JoinColumn)({ name: 'usuario_uuid' }),
    __metadata("design:type", Object)
], AssignedTaskHistoryEntity.prototype, "usuario", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], AssignedTaskHistoryEntity.prototype, "fecha", void 0);
exports.AssignedTaskHistoryEntity = AssignedTaskHistoryEntity = __decorate([
    (0, typeorm_1.Entity)('historial_tareas_asignadas')
], AssignedTaskHistoryEntity);
//# sourceMappingURL=assigned-task.entity.js.map