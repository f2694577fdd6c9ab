"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.AssignedTasksModule = void 0;
const common_1 = require("@nestjs/common");
const assigned_task_events_1 = require("./assigned-task-events");
const assigned_tasks_controller_1 = require("./assigned-tasks.controller");
const assigned_tasks_repository_1 = require("./assigned-tasks.repository");
const assigned_tasks_service_1 = require("./assigned-tasks.service");
const comments_service_1 = require("./comments.service");
const notifications_module_1 = require("../notifications/notifications.module");
let AssignedTasksModule = class AssignedTasksModule {
};
exports.AssignedTasksModule = AssignedTasksModule;
exports.AssignedTasksModule = AssignedTasksModule = __decorate([
    (0, common_1.Module)({
        imports: [notifications_module_1.NotificationsModule],
        controllers: [assigned_tasks_controller_1.AssignedTasksController],
        providers: [assigned_tasks_service_1.AssignedTasksService, assigned_tasks_repository_1.AssignedTasksRepository, comments_service_1.CommentsService, assigned_task_events_1.AssignedTaskEvents],
        exports: [assigned_tasks_service_1.AssignedTasksService, assigned_task_events_1.AssignedTaskEvents],
    })
], AssignedTasksModule);
//# sourceMappingURL=assigned-tasks.module.js.map