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
exports.EventsService = exports.EVENTS_CHANNEL = void 0;
exports.canHear = canHear;
const common_1 = require("@nestjs/common");
const pg_1 = require("pg");
const typeorm_1 = require("typeorm");
const config_1 = require("../../config");
const access_1 = require("../../common/access/access");
const events_wire_1 = require("./events-wire");
/** The PostgreSQL channel every API process listens on. */
exports.EVENTS_CHANNEL = 'gestar_events';
function canHear(user, audience) {
    if (audience.everyone)
        return true;
    if (audience.userUuids?.includes(user.uuid))
        return true;
    if (audience.areaUuid) {
        const scope = (0, access_1.scopeFor)(user, ['read:all:assigned-tasks'], ['read:all:assigned-tasks:by-area']);
        return (0, access_1.inScope)(scope, audience.areaUuid);
    }
    return false;
}
/**
 * Live events across every API process: `publish` sends a PostgreSQL NOTIFY; each
 * process LISTENs on one dedicated connection and fans events out to its open
 * server-sent-event streams, filtered by audience.
 *
 * Events published in the same turn of the event loop (e.g. `Promise.all` over the
 * occurrences of a scheduler tick) are coalesced: packed into as few payloads as fit
 * (events-wire.ts), all sent by one statement (one transaction), instead of one NOTIFY
 * and one commit per event. Order is kept. What reaches the browsers is unchanged: one
 * SSE message per event.
 */
let EventsService = class EventsService {
    ds;
    config;
    logger = new common_1.Logger('Events');
    listeners = new Set();
    client = null;
    closing = false;
    retryMs = 500;
    queue = [];
    /** The running drain, if any: events queued meanwhile are sent by it. */
    draining = null;
    constructor(ds, config) {
        this.ds = ds;
        this.config = config;
    }
    async onModuleInit() {
        await this.connect();
    }
    async onModuleDestroy() {
        this.closing = true;
        // Events already published by committed changes still go out.
        await this.draining;
        for (const l of this.listeners) {
            l.send({ type: 'server.closing', data: {} });
            l.close?.();
        }
        this.listeners.clear();
        await this.client?.end().catch(() => undefined);
    }
    async connect() {
        if (this.closing)
            return;
        const client = new pg_1.Client({ connectionString: this.config.databaseUrl });
        client.on('error', (err) => {
            this.logger.warn(`Conexión de eventos perdida: ${err.message}`);
            this.reconnectLater(client);
        });
        client.on('end', () => this.reconnectLater(client));
        client.on('notification', (msg) => {
            if (msg.channel !== exports.EVENTS_CHANNEL || !msg.payload)
                return;
            try {
                for (const event of (0, events_wire_1.unpackEvents)(msg.payload))
                    this.dispatch(event);
            }
            catch (err) {
                this.logger.warn(`Evento ilegible: ${err.message}`);
            }
        });
        try {
            await client.connect();
            await client.query(`LISTEN ${exports.EVENTS_CHANNEL}`);
            this.client = client;
            this.retryMs = 500;
        }
        catch (err) {
            this.logger.warn(`No se pudo escuchar eventos: ${err.message}`);
            this.reconnectLater(client);
        }
    }
    reconnectLater(client) {
        if (this.closing || (this.client && this.client !== client))
            return;
        this.client = null;
        client.removeAllListeners();
        client.end().catch(() => undefined);
        const wait = this.retryMs;
        this.retryMs = Math.min(this.retryMs * 2, 10_000);
        setTimeout(() => void this.connect(), wait).unref();
    }
    /**
     * Announce an event to every API process (after the change is committed). Resolves
     * once the NOTIFY carrying it is sent (or failed: never rejects). Call it for many
     * events at once without awaiting each (`Promise.all`) and they share one statement.
     */
    publish(event) {
        return new Promise((done) => {
            this.queue.push({ payload: JSON.stringify(event), type: event.type, done });
            // Started after the current synchronous run, so that every event published in it joins the batch.
            this.draining ??= Promise.resolve().then(() => this.drain());
        });
    }
    /** Sends what is queued, batch after batch, until the queue is empty. */
    async drain() {
        try {
            while (this.queue.length) {
                const batch = this.queue;
                this.queue = [];
                try {
                    const { payloads, tooLarge } = (0, events_wire_1.packEvents)(batch.map((p) => p.payload));
                    for (const i of tooLarge)
                        this.logger.warn(`No se pudo publicar el evento ${batch[i].type}: supera el límite de NOTIFY`);
                    if (payloads.length) {
                        await this.ds.query('SELECT pg_notify($1, x.p) FROM unnest($2::text[]) WITH ORDINALITY AS x(p, n) ORDER BY x.n', [
                            exports.EVENTS_CHANNEL,
                            payloads,
                        ]);
                    }
                }
                catch (err) {
                    // A lost live event only delays a refresh; the write itself already succeeded.
                    const types = [...new Set(batch.map((p) => p.type))].join(', ');
                    this.logger.warn(`No se pudo publicar ${batch.length} evento(s) ${types}: ${err.message}`);
                }
                finally {
                    for (const p of batch)
                        p.done();
                }
            }
        }
        finally {
            this.draining = null;
        }
    }
    /** Deliver to this process's streams (called for every NOTIFY received). */
    dispatch(event) {
        for (const l of this.listeners) {
            if (canHear(l.user, event.audience))
                l.send({ type: event.type, data: event.data });
        }
    }
    subscribe(listener) {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
    }
    get connectionCount() {
        return this.listeners.size;
    }
};
exports.EventsService = EventsService;
exports.EventsService = EventsService = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_1.DataSource, Object])
], EventsService);
//# sourceMappingURL=events.service.js.map