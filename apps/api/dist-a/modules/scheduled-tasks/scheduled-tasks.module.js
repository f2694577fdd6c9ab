"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduledTasksModule = void 0;
const common_1 = require("@nestjs/common");
const notifications_module_1 = require("../notifications/notifications.module");
const scheduled_tasks_controller_1 = require("./scheduled-tasks.controller");
const scheduled_tasks_repository_1 = require("./scheduled-tasks.repository");
const scheduled_tasks_service_1 = require("./scheduled-tasks.service");
const scheduler_repository_1 = require("./scheduler.repository");
const scheduler_service_1 = require("./scheduler.service");
/**
 * Schedules (CRUD) and the generator. NotificationsModule is imported so that, once it
 * provides and exports OCCURRENCE_NOTIFIER (see occurrence-notifier.ts), the generator
 * notifies assignees through it; until then the logging default is used.
 */
let ScheduledTasksModule = class ScheduledTasksModule {
};
exports.ScheduledTasksModule = ScheduledTasksModule;
exports.ScheduledTasksModule = ScheduledTasksModule = __decorate([
    (0, common_1.Module)({
        imports: [notifications_module_1.NotificationsModule],
        controllers: [scheduled_tasks_controller_1.ScheduledTasksController],
        providers: [scheduled_tasks_service_1.ScheduledTasksService, scheduled_tasks_repository_1.ScheduledTasksRepository, scheduler_service_1.SchedulerService, scheduler_repository_1.SchedulerRepository],
        exports: [scheduler_service_1.SchedulerService],
    })
], ScheduledTasksModule);
//# sourceMappingURL=scheduled-tasks.module.js.map