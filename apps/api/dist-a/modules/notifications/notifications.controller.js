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
exports.NotificationsController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const notifications_service_1 = require("./notifications.service");
let NotificationsController = class NotificationsController {
    notifications;
    constructor(notifications) {
        this.notifications = notifications;
    }
    registerDevice(user, body) {
        return this.notifications.registerDevice(user, body);
    }
    send(user, body) {
        return this.notifications.send(user, body);
    }
    sendMass(user, body) {
        return this.notifications.sendMass(user, body);
    }
    // Static paths before `:id`.
    unreadCount(user) {
        return this.notifications.unreadCount(user);
    }
    markAllRead(user) {
        return this.notifications.markAllRead(user);
    }
    inbox(user, q) {
        return this.notifications.inbox(user, q);
    }
    markRead(user, p) {
        return this.notifications.markRead(user, p.id);
    }
};
exports.NotificationsController = NotificationsController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.registerDevice),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "registerDevice", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.send),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "send", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.sendMass),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "sendMass", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.unreadCount),
    __param(0, (0, decorators_1.CurrentUser)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "unreadCount", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.markAllRead),
    __param(0, (0, decorators_1.CurrentUser)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "markAllRead", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.inbox),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "inbox", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.NOTIFICATIONS_ROUTES.markRead),
    __param(0, (0, decorators_1.CurrentUser)()),
    __param(1, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], NotificationsController.prototype, "markRead", null);
exports.NotificationsController = NotificationsController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [notifications_service_1.NotificationsService])
], NotificationsController);
//# sourceMappingURL=notifications.controller.js.map