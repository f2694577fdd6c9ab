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
exports.UserAreaEntity = exports.UserEntity = void 0;
const typeorm_1 = require("typeorm");
const area_entity_1 = require("../areas/area.entity");
const job_description_entity_1 = require("../job-descriptions/job-description.entity");
const role_entity_1 = require("../roles/role.entity");
let UserEntity = class UserEntity {
    uuid;
    username;
    password_hash;
    nombre;
    apellido;
    rol_uuid;
    rol;
    descripcion_puesto_uuid;
    descripcion_puesto;
    activo;
    usuario_areas;
    created_at;
    updated_at;
};
exports.UserEntity = UserEntity;
__decorate([
    (0, typeorm_1.PrimaryGeneratedColumn)('uuid'),
    __metadata("design:type", String)
], UserEntity.prototype, "uuid", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 100 }),
    __metadata("design:type", String)
], UserEntity.prototype, "username", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 255, select: false }),
    __metadata("design:type", String)
], UserEntity.prototype, "password_hash", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 100 }),
    __metadata("design:type", String)
], UserEntity.prototype, "nombre", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'varchar', length: 100 }),
    __metadata("design:type", String)
], UserEntity.prototype, "apellido", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid' }),
    __metadata("design:type", String)
], UserEntity.prototype, "rol_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => role_entity_1.RoleEntity),
    (0, typeorm_1.JoinColumn)({ name: 'rol_uuid' }),
    __metadata("design:type", Object)
], UserEntity.prototype, "rol", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'uuid', nullable: true }),
    __metadata("design:type", Object)
], UserEntity.prototype, "descripcion_puesto_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => job_description_entity_1.JobDescriptionEntity, { nullable: true }),
    (0, typeorm_1.JoinColumn)({ name: 'descripcion_puesto_uuid' }),
    __metadata("design:type", Object)
], UserEntity.prototype, "descripcion_puesto", void 0);
__decorate([
    (0, typeorm_1.Column)({ type: 'boolean', default: true }),
    __metadata("design:type", Boolean)
], UserEntity.prototype, "activo", void 0);
__decorate([
    (0, typeorm_1.OneToMany)(() => UserAreaEntity, (ua) => ua.usuario),
    __metadata("design:type", Object)
], UserEntity.prototype, "usuario_areas", void 0);
__decorate([
    (0, typeorm_1.CreateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], UserEntity.prototype, "created_at", void 0);
__decorate([
    (0, typeorm_1.UpdateDateColumn)({ type: 'timestamptz' }),
    __metadata("design:type", Date)
], UserEntity.prototype, "updated_at", void 0);
exports.UserEntity = UserEntity = __decorate([
    (0, typeorm_1.Entity)('usuarios')
], UserEntity);
let UserAreaEntity = class UserAreaEntity {
    usuario_uuid;
    area_uuid;
    usuario;
    area;
};
exports.UserAreaEntity = UserAreaEntity;
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'uuid' }),
    __metadata("design:type", String)
], UserAreaEntity.prototype, "usuario_uuid", void 0);
__decorate([
    (0, typeorm_1.PrimaryColumn)({ type: 'uuid' }),
    __metadata("design:type", String)
], UserAreaEntity.prototype, "area_uuid", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => UserEntity, (u) => u.usuario_areas, { onDelete: 'CASCADE' }),
    (0, typeorm_1.JoinColumn)({ name: 'usuario_uuid' }),
    __metadata("design:type", Object)
], UserAreaEntity.prototype, "usuario", void 0);
__decorate([
    (0, typeorm_1.ManyToOne)(() => area_entity_1.AreaEntity),
    (0, typeorm_1.JoinColumn)({ name: 'area_uuid' }),
    __metadata("design:type", Object)
], UserAreaEntity.prototype, "area", void 0);
exports.UserAreaEntity = UserAreaEntity = __decorate([
    (0, typeorm_1.Entity)('usuario_areas')
], UserAreaEntity);
//# sourceMappingURL=user.entity.js.map