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
exports.TasksController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const suggestions_service_1 = require("./suggestions.service");
const tasks_service_1 = require("./tasks.service");
let TasksController = class TasksController {
    tasks;
    suggestions;
    constructor(tasks, suggestions) {
        this.tasks = tasks;
        this.suggestions = suggestions;
    }
    list(user, q) {
        return this.tasks.list(user, q);
    }
    create(user, body) {
        return this.tasks.create(user, body);
    }
    get(user, p) {
        return this.tasks.get(user, p.id);
    }
    update(user, p, body) {
        return this.tasks.update(user, p.id, body);
    }
    remove(user, p) {
        return this.tasks.remove(user, p.id);
    }
    upsertSuggestion(user, p, body) {
        return this.suggestions.upsert(user, p.id, body);
    }
    removeSuggestion(user, p) {
        return this.suggestions.remove(user, p.id, p.suggestionId);
    }
};
exports.TasksController = TasksController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.list),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.create),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.get),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "get", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.update),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.remove),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "remove", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.upsertSuggestion),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "upsertSuggestion", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.TASKS_ROUTES.removeSuggestion),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], TasksController.prototype, "removeSuggestion", null);
exports.TasksController = TasksController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [tasks_service_1.TasksService,
        suggestions_service_1.SuggestionsService])
], TasksController);
//# sourceMappingURL=tasks.controller.js.map