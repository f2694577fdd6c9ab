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
exports.TaskTypesController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const task_types_service_1 = require("./task-types.service");
let TaskTypesController = class TaskTypesController {
    taskTypes;
    constructor(taskTypes) {
        this.taskTypes = taskTypes;
    }
    list(q) {
        return this.taskTypes.list(q);
    }
    get(p) {
        return this.taskTypes.get(p.id);
    }
    create(body) {
        return this.taskTypes.create(body);
    }
    update(p, body) {
        return this.taskTypes.update(p.id, body);
    }
    remove(p) {
        return this.taskTypes.remove(p.id);
    }
};
exports.TaskTypesController = TaskTypesController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASK_TYPES_ROUTES.list),
    __param(0, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], TaskTypesController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASK_TYPES_ROUTES.get),
    __param(0, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], TaskTypesController.prototype, "get", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASK_TYPES_ROUTES.create),
    __param(0, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], TaskTypesController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASK_TYPES_ROUTES.update),
    __param(0, (0, decorators_1.ValidParams)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TaskTypesController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASK_TYPES_ROUTES.remove),
    __param(0, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], TaskTypesController.prototype, "remove", null);
exports.TaskTypesController = TaskTypesController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [task_types_service_1.TaskTypesService])
], TaskTypesController);
//# sourceMappingURL=task-types.controller.js.map