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
exports.NotificationDelivery = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const events_service_1 = require("../events/events.service");
const notifications_mapper_1 = require("./notifications.mapper");
const notifications_repository_1 = require("./notifications.repository");
const push_port_1 = require("./push.port");
/** Push multicasts in flight at once when many different messages go out together (a scheduler tick). */
const PUSH_CONCURRENCY = 4;
/**
 * The one way a notification reaches people: stored in each recipient's inbox
 * (one transaction), then announced live over SSE, then pushed. Live and push
 * come after the commit and never undo it: their failures are only logged.
 */
let NotificationDelivery = class NotificationDelivery {
    ds;
    repo;
    events;
    push;
    logger = new common_1.Logger('Notifications');
    constructor(ds, repo, events, push) {
        this.ds = ds;
        this.repo = repo;
        this.events = events;
        this.push = push;
    }
    async deliver(recipients, n) {
        const unique = [...new Set(recipients)];
        if (!unique.length)
            return { destinatarios: 0, push_enviadas: 0 };
        const rows = await this.ds.transaction((em) => this.repo.insertMany(em, unique, n));
        await this.announce(rows);
        const push_enviadas = await this.pushEach([{ titulo: n.titulo, mensaje: n.mensaje, recipients: unique }]);
        return { destinatarios: rows.length, push_enviadas };
    }
    /**
     * Many notifications, each with its own recipient and text (the tasks a scheduler tick
     * generated): one insert (a single statement: atomic without a transaction), live events
     * in batches, one push multicast per distinct message. With `activeOnly`, inactive
     * recipients are skipped.
     */
    async deliverEach(items, opts = {}) {
        if (!items.length)
            return { destinatarios: 0, push_enviadas: 0 };
        const rows = await this.repo.insertEach(this.ds.manager, items, opts.activeOnly ?? false);
        await this.announce(rows);
        const stored = new Set(rows.map((r) => r.usuario_uuid));
        const groups = new Map();
        for (const i of items) {
            if (!stored.has(i.usuarioUuid))
                continue;
            const key = JSON.stringify([i.titulo, i.mensaje]);
            let g = groups.get(key);
            if (!g)
                groups.set(key, (g = { titulo: i.titulo, mensaje: i.mensaje, recipients: new Set() }));
            g.recipients.add(i.usuarioUuid);
        }
        const push_enviadas = await this.pushEach([...groups.values()].map((g) => ({ ...g, recipients: [...g.recipients] })));
        return { destinatarios: rows.length, push_enviadas };
    }
    /** One live event per inbox row, published together (the events service batches the NOTIFYs). */
    async announce(rows) {
        await Promise.all(rows.map((row) => {
            const data = (0, notifications_mapper_1.toNotificationResponse)(row);
            return this.events.publish({ type: contracts_1.SERVER_EVENTS.notification, data, audience: { userUuids: [row.usuario_uuid] } });
        }));
    }
    /** Several push messages, each to the devices of its own recipients: the devices are read in one query. */
    async pushEach(groups) {
        if (!this.push.enabled)
            return 0;
        try {
            const devices = await this.repo.tokensByUser([...new Set(groups.flatMap((g) => g.recipients))]);
            const tokensOf = new Map();
            for (const d of devices)
                tokensOf.set(d.usuario_uuid, [...(tokensOf.get(d.usuario_uuid) ?? []), d.token]);
            return await this.send(groups.map((g) => ({ titulo: g.titulo, mensaje: g.mensaje, tokens: g.recipients.flatMap((r) => tokensOf.get(r) ?? []) })));
        }
        catch (err) {
            this.logger.warn(`No se pudo enviar la notificación push: ${err.message}`);
            return 0;
        }
    }
    /** Sends each message (a few at a time), then forgets the tokens the push service reports invalid. */
    async send(messages) {
        const sends = messages.filter((m) => m.tokens.length);
        if (!sends.length)
            return 0;
        let sent = 0;
        const invalid = [];
        let next = 0;
        const worker = async () => {
            while (next < sends.length) {
                const m = sends[next++];
                try {
                    // One multicast for every recipient, so `data` carries nothing per-recipient; the page
                    // matches a foreground push to its live event by title and message.
                    const result = await this.push.sendToTokens(m.tokens, { titulo: m.titulo, mensaje: m.mensaje, data: { tipo: 'notificacion' } });
                    sent += result.successCount;
                    invalid.push(...result.invalidTokens);
                }
                catch (err) {
                    this.logger.warn(`No se pudo enviar la notificación push: ${err.message}`);
                }
            }
        };
        await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, sends.length) }, worker));
        if (invalid.length) {
            const unique = [...new Set(invalid)];
            await this.repo.deleteTokens(unique);
            this.logger.log(`${unique.length} tokens de dispositivo inválidos eliminados`);
        }
        return sent;
    }
};
exports.NotificationDelivery = NotificationDelivery;
exports.NotificationDelivery = NotificationDelivery = __decorate([
    (0, common_1.Injectable)(),
    __param(3, (0, common_1.Inject)(push_port_1.PUSH_PORT)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        notifications_repository_1.NotificationsRepository,
        events_service_1.EventsService, Object])
], NotificationDelivery);
//# sourceMappingURL=notification-delivery.service.js.map