"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TaskTypesModule = void 0;
const common_1 = require("@nestjs/common");
const task_types_controller_1 = require("./task-types.controller");
const task_types_repository_1 = require("./task-types.repository");
const task_types_service_1 = require("./task-types.service");
let TaskTypesModule = class TaskTypesModule {
};
exports.TaskTypesModule = TaskTypesModule;
exports.TaskTypesModule = TaskTypesModule = __decorate([
    (0, common_1.Module)({ controllers: [task_types_controller_1.TaskTypesController], providers: [task_types_service_1.TaskTypesService, task_types_repository_1.TaskTypesRepository] })
], TaskTypesModule);
//# sourceMappingURL=task-types.module.js.map