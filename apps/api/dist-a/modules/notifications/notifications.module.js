"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.NotificationsModule = void 0;
const common_1 = require("@nestjs/common");
const config_1 = require("../../config");
const occurrence_notifier_1 = require("../scheduled-tasks/occurrence-notifier");
const assignment_notifier_service_1 = require("./assignment-notifier.service");
const firebase_push_adapter_1 = require("./firebase-push.adapter");
const notification_delivery_service_1 = require("./notification-delivery.service");
const notifications_controller_1 = require("./notifications.controller");
const notifications_repository_1 = require("./notifications.repository");
const notifications_service_1 = require("./notifications.service");
const push_port_1 = require("./push.port");
/** Firebase when a service account is configured; otherwise push is off (said once) and the rest works. */
async function pushPortFor(config) {
    const logger = new common_1.Logger('Push');
    if (!config.firebaseServiceAccount) {
        logger.log('Notificaciones push desactivadas: FIREBASE_SERVICE_ACCOUNT no está configurada');
        return new push_port_1.NoopPushAdapter();
    }
    try {
        return new firebase_push_adapter_1.FirebasePushAdapter(await (0, firebase_push_adapter_1.createFirebaseMessaging)(config.firebaseServiceAccount));
    }
    catch (err) {
        // A broken credential must not keep the API down: inbox and live delivery still work.
        logger.error(`Notificaciones push desactivadas: FIREBASE_SERVICE_ACCOUNT no es válida (${err.message})`);
        return new push_port_1.NoopPushAdapter();
    }
}
/**
 * Inbox, sends, device registration and automatic notifications. Exports
 * `AssignmentNotifier` (tasks call `notifyAssigned`) and provides the
 * scheduler's OCCURRENCE_NOTIFIER hook.
 */
let NotificationsModule = class NotificationsModule {
};
exports.NotificationsModule = NotificationsModule;
exports.NotificationsModule = NotificationsModule = __decorate([
    (0, common_1.Module)({
        controllers: [notifications_controller_1.NotificationsController],
        providers: [
            notifications_repository_1.NotificationsRepository,
            notifications_service_1.NotificationsService,
            notification_delivery_service_1.NotificationDelivery,
            assignment_notifier_service_1.AssignmentNotifier,
            { provide: push_port_1.PUSH_PORT, inject: [config_1.APP_CONFIG], useFactory: pushPortFor },
            { provide: occurrence_notifier_1.OCCURRENCE_NOTIFIER, useExisting: assignment_notifier_service_1.AssignmentNotifier },
        ],
        exports: [assignment_notifier_service_1.AssignmentNotifier, occurrence_notifier_1.OCCURRENCE_NOTIFIER],
    })
], NotificationsModule);
//# sourceMappingURL=notifications.module.js.map