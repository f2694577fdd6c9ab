"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.LoggingOccurrenceNotifier = exports.OCCURRENCE_NOTIFIER = void 0;
const common_1 = require("@nestjs/common");
/**
 * Injection token of the notifier. The scheduled-tasks module imports
 * NotificationsModule and injects this token as optional; to deliver real
 * notifications, NotificationsModule provides and exports it, e.g.
 * `providers: [{ provide: OCCURRENCE_NOTIFIER, useExisting: NotificationsService }],
 *  exports: [OCCURRENCE_NOTIFIER]`. Until then LoggingOccurrenceNotifier is used.
 */
exports.OCCURRENCE_NOTIFIER = Symbol('OCCURRENCE_NOTIFIER');
/** The default: no notification channel yet, so only a log line per tick. */
let LoggingOccurrenceNotifier = class LoggingOccurrenceNotifier {
    logger = new common_1.Logger('Scheduler');
    notifyGenerated(occurrences) {
        if (occurrences.length)
            this.logger.log(`${occurrences.length} tareas generadas por programaciones (sin canal de notificación configurado)`);
        return Promise.resolve();
    }
};
exports.LoggingOccurrenceNotifier = LoggingOccurrenceNotifier;
exports.LoggingOccurrenceNotifier = LoggingOccurrenceNotifier = __decorate([
    (0, common_1.Injectable)()
], LoggingOccurrenceNotifier);
//# sourceMappingURL=occurrence-notifier.js.map