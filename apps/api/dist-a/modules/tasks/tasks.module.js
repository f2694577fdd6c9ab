"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.TasksModule = void 0;
const common_1 = require("@nestjs/common");
const assigned_tasks_module_1 = require("../assigned-tasks/assigned-tasks.module");
const suggestions_service_1 = require("./suggestions.service");
const tasks_controller_1 = require("./tasks.controller");
const tasks_repository_1 = require("./tasks.repository");
const tasks_service_1 = require("./tasks.service");
let TasksModule = class TasksModule {
};
exports.TasksModule = TasksModule;
exports.TasksModule = TasksModule = __decorate([
    (0, common_1.Module)({
        imports: [assigned_tasks_module_1.AssignedTasksModule],
        controllers: [tasks_controller_1.TasksController],
        providers: [tasks_service_1.TasksService, tasks_repository_1.TasksRepository, suggestions_service_1.SuggestionsService],
    })
], TasksModule);
//# sourceMappingURL=tasks.module.js.map