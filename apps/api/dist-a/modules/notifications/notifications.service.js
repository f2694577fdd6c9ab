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
Object.defineProperty(exports, "__esModule", { value: true });
exports.NotificationsService = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const notification_delivery_service_1 = require("./notification-delivery.service");
const notifications_mapper_1 = require("./notifications.mapper");
const notifications_repository_1 = require("./notifications.repository");
let NotificationsService = class NotificationsService {
    repo;
    delivery;
    constructor(repo, delivery) {
        this.repo = repo;
        this.delivery = delivery;
    }
    /** A browser registers its token for its own user only; the same token again is an update, not a duplicate. */
    async registerDevice(caller, body) {
        if (body.usuario_uuid !== caller.uuid)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.deviceNotOwn);
        await this.repo.upsertDevice(caller.uuid, body.token, body.plataforma);
        return { ok: true };
    }
    /** To one active user; a caller confined to its areas reaches only users sharing one of them. */
    async send(caller, body) {
        const recipient = await this.repo.findRecipient(body.usuario_uuid);
        if (!recipient)
            throw (0, app_exception_1.notFound)();
        if (!(0, access_1.anyInScope)((0, access_1.areaScope)(caller), recipient.area_uuids))
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        if (!recipient.activo)
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.userInactive);
        const d = await this.delivery.deliver([recipient.uuid], { titulo: body.titulo, mensaje: body.mensaje, enviadoPor: caller.uuid });
        return { ok: true, ...d };
    }
    /** To every active user in the caller's scope (everyone with read:all:areas, else its areas). */
    async sendMass(caller, body) {
        const recipients = await this.repo.activeUsers((0, access_1.scopeAreas)((0, access_1.areaScope)(caller)));
        const d = await this.delivery.deliver(recipients, { titulo: body.titulo, mensaje: body.mensaje, enviadoPor: caller.uuid });
        return { ok: true, ...d };
    }
    async inbox(caller, q) {
        const { rows, total } = await this.repo.inbox(caller.uuid, q);
        return {
            data: rows.map(notifications_mapper_1.toNotificationResponse),
            meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
        };
    }
    async unreadCount(caller) {
        return { no_leidas: await this.repo.unreadCount(caller.uuid) };
    }
    async markRead(caller, uuid) {
        const row = await this.repo.markRead(uuid, caller.uuid);
        if (!row)
            throw (0, app_exception_1.notFound)();
        return (0, notifications_mapper_1.toNotificationResponse)(row);
    }
    async markAllRead(caller) {
        return { ok: true, actualizadas: await this.repo.markAllRead(caller.uuid) };
    }
};
exports.NotificationsService = NotificationsService;
exports.NotificationsService = NotificationsService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [notifications_repository_1.NotificationsRepository,
        notification_delivery_service_1.NotificationDelivery])
], NotificationsService);
//# sourceMappingURL=notifications.service.js.map