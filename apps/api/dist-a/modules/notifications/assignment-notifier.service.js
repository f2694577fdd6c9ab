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
exports.AssignmentNotifier = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const notification_delivery_service_1 = require("./notification-delivery.service");
const notifications_repository_1 = require("./notifications.repository");
/**
 * Automatic notifications: an assignee is told when a task is assigned to them
 * or generated for them by a schedule, never the person who made the change.
 * Call after the commit; a failure is logged, never thrown, so the assignment stands.
 */
let AssignmentNotifier = class AssignmentNotifier {
    repo;
    delivery;
    logger = new common_1.Logger('Notifications');
    constructor(repo, delivery) {
        this.repo = repo;
        this.delivery = delivery;
    }
    async notifyAssigned(notice) {
        await this.tell(notice.empleadoUuids, contracts_1.MESSAGES.notifications.taskAssignedBody + notice.titulo, notice.actorUuid);
    }
    /**
     * OccurrenceNotifier (scheduled-tasks): one notification per generated occurrence to
     * its (still active) assignee, all of a tick delivered together: one insert, batched
     * live events, one push per distinct message.
     */
    async notifyGenerated(occurrences) {
        if (!occurrences.length)
            return;
        try {
            await this.delivery.deliverEach(occurrences.map((o) => ({
                usuarioUuid: o.empleado_uuid,
                titulo: contracts_1.MESSAGES.notifications.taskAssignedTitle,
                mensaje: (contracts_1.MESSAGES.notifications.taskGeneratedBody + o.titulo).slice(0, contracts_1.TEXT_LIMITS.notificationMessage),
                enviadoPor: null,
            })), { activeOnly: true });
        }
        catch (err) {
            this.logger.warn(`No se pudo notificar la asignación: ${err.message}`);
        }
    }
    async tell(empleadoUuids, mensaje, actorUuid) {
        try {
            const recipients = await this.repo.activeAmong([...new Set(empleadoUuids)].filter((u) => u !== actorUuid));
            await this.delivery.deliver(recipients, {
                titulo: contracts_1.MESSAGES.notifications.taskAssignedTitle,
                mensaje: mensaje.slice(0, contracts_1.TEXT_LIMITS.notificationMessage),
                enviadoPor: actorUuid,
            });
        }
        catch (err) {
            this.logger.warn(`No se pudo notificar la asignación: ${err.message}`);
        }
    }
};
exports.AssignmentNotifier = AssignmentNotifier;
exports.AssignmentNotifier = AssignmentNotifier = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [notifications_repository_1.NotificationsRepository,
        notification_delivery_service_1.NotificationDelivery])
], AssignmentNotifier);
//# sourceMappingURL=assignment-notifier.service.js.map