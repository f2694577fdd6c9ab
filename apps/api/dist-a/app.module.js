"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var AppModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.AppModule = exports.FEATURE_MODULES = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const typeorm_1 = require("@nestjs/typeorm");
const config_1 = require("./config");
const common_auth_module_1 = require("./common/auth/common-auth.module");
const data_source_1 = require("./database/data-source");
const auth_module_1 = require("./modules/auth/auth.module");
const health_module_1 = require("./modules/health/health.module");
const users_module_1 = require("./modules/users/users.module");
const roles_module_1 = require("./modules/roles/roles.module");
const areas_module_1 = require("./modules/areas/areas.module");
const job_descriptions_module_1 = require("./modules/job-descriptions/job-descriptions.module");
const statuses_module_1 = require("./modules/statuses/statuses.module");
const task_types_module_1 = require("./modules/task-types/task-types.module");
const tasks_module_1 = require("./modules/tasks/tasks.module");
const assigned_tasks_module_1 = require("./modules/assigned-tasks/assigned-tasks.module");
const scheduled_tasks_module_1 = require("./modules/scheduled-tasks/scheduled-tasks.module");
const reports_module_1 = require("./modules/reports/reports.module");
const notifications_module_1 = require("./modules/notifications/notifications.module");
const events_module_1 = require("./modules/events/events.module");
const docs_module_1 = require("./modules/docs/docs.module");
/** Feature modules; each resource registers itself here. */
exports.FEATURE_MODULES = [
    auth_module_1.AuthModule,
    health_module_1.HealthModule,
    users_module_1.UsersModule,
    roles_module_1.RolesModule,
    areas_module_1.AreasModule,
    job_descriptions_module_1.JobDescriptionsModule,
    statuses_module_1.StatusesModule,
    task_types_module_1.TaskTypesModule,
    tasks_module_1.TasksModule,
    assigned_tasks_module_1.AssignedTasksModule,
    scheduled_tasks_module_1.ScheduledTasksModule,
    reports_module_1.ReportsModule,
    notifications_module_1.NotificationsModule,
    events_module_1.EventsModule,
    docs_module_1.DocsModule,
];
let AppModule = AppModule_1 = class AppModule {
    static forRoot(config) {
        return {
            module: AppModule_1,
            global: true,
            imports: [
                typeorm_1.TypeOrmModule.forRoot({ ...(0, data_source_1.dataSourceOptions)(config.databaseUrl) }),
                schedule_1.ScheduleModule.forRoot(),
                common_auth_module_1.CommonAuthModule,
                ...exports.FEATURE_MODULES,
            ],
            providers: [{ provide: config_1.APP_CONFIG, useValue: config }],
            exports: [config_1.APP_CONFIG],
        };
    }
};
exports.AppModule = AppModule;
exports.AppModule = AppModule = AppModule_1 = __decorate([
    (0, common_1.Module)({})
], AppModule);
//# sourceMappingURL=app.module.js.map