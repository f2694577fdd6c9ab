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
exports.UsersController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const users_service_1 = require("./users.service");
let UsersController = class UsersController {
    users;
    constructor(users) {
        this.users = users;
    }
    list(user, q) {
        return this.users.list(user, q);
    }
    // Static segment before `/users/:id`.
    usersOfAreasOfUser(user, p) {
        return this.users.usersOfAreasOfUser(user, p.id);
    }
    get(user, p) {
        return this.users.get(user, p.id);
    }
    create(user, body) {
        return this.users.create(user, body);
    }
    update(user, p, body) {
        return this.users.update(user, p.id, body);
    }
    remove(user, p) {
        return this.users.deactivate(user, p.id);
    }
    changePassword(user, p, body) {
        return this.users.changePassword(user, p.id, body);
    }
    assignJobDescription(user, body) {
        return this.users.assignJobDescription(user, body);
    }
};
exports.UsersController = UsersController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.list),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.usersOfAreasOfUser),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "usersOfAreasOfUser", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.get),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "get", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.create),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.update),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.remove),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "remove", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.changePassword),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __param(2, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "changePassword", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.USERS_ROUTES.assignJobDescription),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], UsersController.prototype, "assignJobDescription", null);
exports.UsersController = UsersController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [users_service_1.UsersService])
], UsersController);
//# sourceMappingURL=users.controller.js.map