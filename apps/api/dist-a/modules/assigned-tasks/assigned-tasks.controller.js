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
exports.AssignedTasksController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const assigned_tasks_service_1 = require("./assigned-tasks.service");
const comments_service_1 = require("./comments.service");
let AssignedTasksController = class AssignedTasksController {
    assigned;
    comments;
    constructor(assigned, comments) {
        this.assigned = assigned;
        this.comments = comments;
    }
    create(user, body) {
        return this.assigned.assign(user, body);
    }
    history(user, p) {
        return this.assigned.history(user, p.id);
    }
    listComments(user, p) {
        return this.comments.list(user, p.id);
    }
    addComment(user, p, body) {
        return this.comments.add(user, p.id, body);
    }
    updateComment(user, p, body) {
        return this.comments.update(user, p.id, p.commentId, body);
    }
    removeComment(user, p) {
        return this.comments.remove(user, p.id, p.commentId);
    }
    board(user, p, q) {
        return this.assigned.board(user, p.id, q);
    }
    update(user, p, body) {
        return this.assigned.update(user, p.id, body);
    }
};
exports.AssignedTasksController = AssignedTasksController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.create),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.listHistory),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "history", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.listComments),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "listComments", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.addComment),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "addComment", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.updateComment),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "updateComment", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.removeComment),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "removeComment", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.board),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "board", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.ASSIGNED_TASKS_ROUTES.update),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], AssignedTasksController.prototype, "update", null);
exports.AssignedTasksController = AssignedTasksController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [assigned_tasks_service_1.AssignedTasksService,
        comments_service_1.CommentsService])
], AssignedTasksController);
//# sourceMappingURL=assigned-tasks.controller.js.map