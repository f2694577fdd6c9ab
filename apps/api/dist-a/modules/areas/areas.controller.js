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
exports.AreasController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const areas_service_1 = require("./areas.service");
let AreasController = class AreasController {
    areas;
    constructor(areas) {
        this.areas = areas;
    }
    list(user, q) {
        return this.areas.list(user, q);
    }
    // Static paths before `/areas/:id`.
    withUsers(user) {
        return this.areas.withUsers(user);
    }
    ofUser(user, p) {
        return this.areas.ofUser(user, p.id);
    }
    get(user, p) {
        return this.areas.get(user, p.id);
    }
    create(body) {
        return this.areas.create(body);
    }
    update(p, body) {
        return this.areas.update(p.id, body);
    }
    remove(p) {
        return this.areas.remove(p.id);
    }
};
exports.AreasController = AreasController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.list),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.withUsers),
    __param(0, (0, decorators_1.CurrentUser)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "withUsers", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.ofUser),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "ofUser", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.get),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "get", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.create),
    __param(0, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.update),
    __param(0, (0, decorators_1.ValidParams)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.AREAS_ROUTES.remove),
    __param(0, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], AreasController.prototype, "remove", null);
exports.AreasController = AreasController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [areas_service_1.AreasService])
], AreasController);
//# sourceMappingURL=areas.controller.js.map