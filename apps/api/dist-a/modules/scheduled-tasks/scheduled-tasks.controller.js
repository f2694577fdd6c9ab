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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ScheduledTasksController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const scheduled_tasks_service_1 = require("./scheduled-tasks.service");
let ScheduledTasksController = class ScheduledTasksController {
    schedules;
    constructor(schedules) {
        this.schedules = schedules;
    }
    list(user, q) {
        return this.schedules.list(user, q);
    }
    create(user, body) {
        return this.schedules.create(user, body);
    }
    update(user, p, body) {
        return this.schedules.update(user, p.id, body);
    }
    remove(user, p) {
        return this.schedules.remove(user, p.id);
    }
};
exports.ScheduledTasksController = ScheduledTasksController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.SCHEDULED_TASKS_ROUTES.list),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], ScheduledTasksController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.SCHEDULED_TASKS_ROUTES.create),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], ScheduledTasksController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.SCHEDULED_TASKS_ROUTES.update),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], ScheduledTasksController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.SCHEDULED_TASKS_ROUTES.remove),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], ScheduledTasksController.prototype, "remove", null);
exports.ScheduledTasksController = ScheduledTasksController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [scheduled_tasks_service_1.ScheduledTasksService])
], ScheduledTasksController);
//# sourceMappingURL=scheduled-tasks.controller.js.map