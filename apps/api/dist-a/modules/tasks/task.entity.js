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
exports.SuggestionEntity = exports.TaskDefaultAssigneeEntity = exports.TaskEntity = void 0;
const typeorm_1 = require("typeorm");
const area_entity_1 = require("../areas/area.entity");
const task_type_entity_1 = require("../task-types/task-type.entity");
const user_entity_1 = require("../users/user.entity");
const schedule_entity_1 = require("../scheduled-tasks/schedule.entity");
/** A task definition (tarea): what has to be done, by default for whom. */
let TaskEntity = class TaskEntity {
    uuid;
    titulo;
    /** Rich-text JSON string (SPEC section 3) or plain text. */
    descripcion;
    tipo_tarea_uuid;
    tipo_tarea;
    area_uuid;
    area;
    activo;
    creado_por_uuid;
    creado_por;
    fecha_creacion;
    updated_at;
    usuarios_tareas;
    programacion;
    sugerencias;
};
exports.TaskEntity = TaskEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], TaskEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 200 }),
    __metadata("design:type", String)
], TaskEntity.prototype, "titulo", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text', default: '' }),
    __metadata("design:type", String)
], TaskEntity.prototype, "descripcion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], TaskEntity.prototype, "tipo_tarea_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => task_type_entity_1.TaskTypeEntity),
    (0, typeorm_1.JoinColumn)({ name: 'tipo_tarea_uuid' }),
    __metadata("design:type", Object)
], TaskEntity.prototype, "tipo_tarea", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], TaskEntity.prototype, "area_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => area_entity_1.AreaEntity),
    (0, typeorm_1.JoinColumn)({ name: 'area_uuid' }),
    __metadata("design:type", Object)
], TaskEntity.prototype, "area", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', default: true }),
    __metadata("design:type", Boolean)
], TaskEntity.prototype, "activo", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], TaskEntity.prototype, "creado_por_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity),
    (0, typeorm_1.JoinColumn)({ name: 'creado_por_uuid' }),
    __metadata("design:type", Object)
], TaskEntity.prototype, "creado_por", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], TaskEntity.prototype, "fecha_creacion", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], TaskEntity.prototype, "updated_at", void 0);
__decorate([
    (0, typeorm_1.OneToMany)(() => TaskDefaultAssigneeEntity, (a) => a.tarea),
    __metadata("design:type", Object)
], TaskEntity.prototype, "usuarios_tareas", void 0);
__decorate([
    (0, typeorm_1.OneToOne)(() => schedule_entity_1.ScheduleEntity, (s) => s.tarea),
    __metadata("design:type", Object)
], TaskEntity.prototype, "programacion", void 0);
__decorate([
    (0, typeorm_1.OneToMany)(() => SuggestionEntity, (s) => s.tarea),
    __metadata("design:type", Object)
], TaskEntity.prototype, "sugerencias", void 0);
exports.TaskEntity = TaskEntity = __decorate([
    (0, typeorm_1.Entity)('tareas')
], TaskEntity);
/** Default assignees of a task (usuarios_tareas). */
let TaskDefaultAssigneeEntity = class TaskDefaultAssigneeEntity {
    tarea_uuid;
    usuario_uuid;
    tarea;
    usuario;
};
exports.TaskDefaultAssigneeEntity = TaskDefaultAssigneeEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'uuid' }),
    __metadata("design:type", String)
], TaskDefaultAssigneeEntity.prototype, "tarea_uuid", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'uuid' }),
    __metadata("design:type", String)
], TaskDefaultAssigneeEntity.prototype, "usuario_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => TaskEntity, (t) => t.usuarios_tareas, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_uuid' }),
    __metadata("design:type", Object)
], TaskDefaultAssigneeEntity.prototype, "tarea", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity),
    (0, typeorm_1.JoinColumn)({ name: 'usuario_uuid' }),
    __metadata("design:type", Object)
], TaskDefaultAssigneeEntity.prototype, "usuario", void 0);
exports.TaskDefaultAssigneeEntity = TaskDefaultAssigneeEntity = __decorate([
    (0, typeorm_1.Entity)('tarea_usuarios')
], TaskDefaultAssigneeEntity);
let SuggestionEntity = class SuggestionEntity {
    uuid;
    tarea_uuid;
    tarea;
    creado_por_uuid;
    creado_por;
    descripcion;
    fecha_creacion;
    updated_at;
};
exports.SuggestionEntity = SuggestionEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], SuggestionEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], SuggestionEntity.prototype, "tarea_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => TaskEntity, (t) => t.sugerencias, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_uuid' }),
    __metadata("design:type", Object)
], SuggestionEntity.prototype, "tarea", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], SuggestionEntity.prototype, "creado_por_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => user_entity_1.UserEntity),
    (0, typeorm_1.JoinColumn)({ name: 'creado_por_uuid' }),
    __metadata("design:type", Object)
], SuggestionEntity.prototype, "creado_por", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'text' }),
    __metadata("design:type", String)
], SuggestionEntity.prototype, "descripcion", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], SuggestionEntity.prototype, "fecha_creacion", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], SuggestionEntity.prototype, "updated_at", void 0);
exports.SuggestionEntity = SuggestionEntity = __decorate([
    (0, typeorm_1.Entity)('sugerencias')
], SuggestionEntity);
//# sourceMappingURL=task.entity.js.map