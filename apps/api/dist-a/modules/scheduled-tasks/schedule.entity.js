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
exports.ScheduleEntity = void 0;
const typeorm_1 = require("typeorm");
const task_entity_1 = require("../tasks/task.entity");
/** A task's schedule (programación): one per task. Dates are calendar dates in APP_TIMEZONE. */
let ScheduleEntity = class ScheduleEntity {
    uuid;
    tarea_uuid;
    tarea;
    intervalo_repeticion;
    /** Next occurrence date, `YYYY-MM-DD`. */
    proxima_ejecucion;
    /** Days between an occurrence date and its due date (kept from the task form). */
    dias_vencimiento;
    activo;
    ultima_ejecucion;
    total_generadas;
    created_at;
    updated_at;
};
exports.ScheduleEntity = ScheduleEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], ScheduleEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid', unique: true }),
    __metadata("design:type", String)
], ScheduleEntity.prototype, "tarea_uuid", void 0);
__decorate([
    (0, typeorm_1.OneToOne)(() => task_entity_1.TaskEntity, (t) => t.programacion, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'tarea_uuid' }),
    __metadata("design:type", Object)
], ScheduleEntity.prototype, "tarea", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer' }),
    __metadata("design:type", Number)
], ScheduleEntity.prototype, "intervalo_repeticion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'date' }),
    __metadata("design:type", String)
], ScheduleEntity.prototype, "proxima_ejecucion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ScheduleEntity.prototype, "dias_vencimiento", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', default: true }),
    __metadata("design:type", Boolean)
], ScheduleEntity.prototype, "activo", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'timestamptz', nullable: true }),
    __metadata("design:type", Object)
], ScheduleEntity.prototype, "ultima_ejecucion", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'integer', default: 0 }),
    __metadata("design:type", Number)
], ScheduleEntity.prototype, "total_generadas", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], ScheduleEntity.prototype, "created_at", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], ScheduleEntity.prototype, "updated_at", void 0);
exports.ScheduleEntity = ScheduleEntity = __decorate([
    (0, typeorm_1.Entity)('programaciones_tareas')
], ScheduleEntity);
//# sourceMappingURL=schedule.entity.js.map