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
exports.SchedulerService = exports.SCHEDULER_ANNOUNCE_LANES = exports.SCHEDULER_WORKERS = exports.SCHEDULER_BATCH_SIZE = void 0;
const common_1 = require("@nestjs/common");
const schedule_1 = require("@nestjs/schedule");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const config_1 = require("../../config");
const company_date_1 = require("../../common/time/company-date");
const events_service_1 = require("../events/events.service");
const occurrence_notifier_1 = require("./occurrence-notifier");
const schedule_dates_1 = require("./schedule-dates");
const scheduler_repository_1 = require("./scheduler.repository");
/**
 * Schedules claimed per transaction: bounds lock time and memory, whatever the number of
 * schedules, and lets each batch be announced while the next one is produced.
 */
exports.SCHEDULER_BATCH_SIZE = 100;
/** Batches produced at the same time by one tick (each in its own transaction and connection). */
exports.SCHEDULER_WORKERS = 2;
/** Batches announced at the same time (live events and notifications of committed batches). */
exports.SCHEDULER_ANNOUNCE_LANES = 2;
/**
 * Produces the assigned tasks of due schedules (DECISIONS section 4), exactly once
 * however many API processes run it: each batch of schedules is claimed with
 * FOR UPDATE SKIP LOCKED in the same transaction that inserts its occurrences and
 * advances `proxima_ejecucion`, and the unique key (schedule, occurrence date,
 * employee) turns any second insert into a no-op. A process dying mid-transaction
 * rolls everything back, so the schedule stays due and the next tick (here or in
 * another process) produces it.
 */
let SchedulerService = class SchedulerService {
    ds;
    repo;
    events;
    config;
    /** Schedules claimed per transaction (tests lower it to make a few schedules span several batches). */
    batchSize = exports.SCHEDULER_BATCH_SIZE;
    logger = new common_1.Logger('Scheduler');
    running = false;
    notifier;
    constructor(ds, repo, events, config, notifier) {
        this.ds = ds;
        this.repo = repo;
        this.events = events;
        this.config = config;
        this.notifier = notifier ?? new occurrence_notifier_1.LoggingOccurrenceNotifier();
    }
    async onMinute() {
        // Tests and processes that must not generate set SCHEDULER_ENABLED=false; a slow tick is never overlapped by the next.
        if (!this.config.schedulerEnabled || this.running)
            return;
        this.running = true;
        try {
            await this.runTick();
        }
        catch (err) {
            this.logger.error(`La generación de tareas programadas falló; se reintenta en el próximo minuto: ${err.message}`);
        }
        finally {
            this.running = false;
        }
    }
    /** One pass over every due schedule, as of `now`. Safe to run concurrently in any number of processes. */
    async runTick(now = new Date()) {
        const today = (0, company_date_1.companyToday)(this.config.timezone, now);
        const result = { today, schedules: 0, occurrences: [] };
        // The status new assigned tasks start in, read once per tick (a status deleted meanwhile
        // fails the batch's foreign key: rolled back, produced by the next tick).
        const estado = await this.repo.firstStatus(this.ds.manager);
        if (!estado) {
            this.logger.warn(contracts_1.MESSAGES.errors.noStatuses);
            return result;
        }
        // Each batch is announced as soon as it committed, on one of a few lanes (bounded connections), while
        // the next batches are produced.
        const lanes = Array.from({ length: exports.SCHEDULER_ANNOUNCE_LANES }, () => Promise.resolve());
        let announced = 0;
        const worker = async () => {
            for (;;) {
                const batch = await this.ds.transaction('READ COMMITTED', (em) => this.runBatch(em, today, now, estado));
                result.schedules += batch.claimed;
                result.occurrences.push(...batch.occurrences);
                if (batch.occurrences.length) {
                    const lane = announced++ % lanes.length;
                    lanes[lane] = lanes[lane].then(() => this.announce(batch.occurrences));
                }
                // Fewer than a full batch: nothing due is left, or the rest is locked by another worker or process that will produce it.
                if (batch.claimed < this.batchSize)
                    return;
            }
        };
        // The workers claim disjoint batches (SKIP LOCKED), exactly as two API processes would.
        const outcomes = await Promise.allSettled(Array.from({ length: exports.SCHEDULER_WORKERS }, worker));
        // Batches committed before a failure are announced all the same; the tick ends when every announcement has.
        await Promise.all(lanes);
        const failed = outcomes.find((o) => o.status === 'rejected');
        if (failed)
            throw failed.reason;
        return result;
    }
    async runBatch(em, today, now, estado) {
        const claimed = await this.repo.claimDue(em, today, this.batchSize);
        if (!claimed.length)
            return { claimed: 0, occurrences: [] };
        const plans = claimed.flatMap((s) => {
            const due = (0, schedule_dates_1.dueOccurrence)(s.proxima_ejecucion, s.intervalo_repeticion, today);
            return due ? [{ schedule: s, ...due }] : [];
        });
        const inserted = await this.repo.insertOccurrences(em, plans.map((p) => ({
            programacion_uuid: p.schedule.uuid,
            fecha_ocurrencia: p.occurrence,
            fecha_vencimiento: (0, schedule_dates_1.dueDateOf)(p.occurrence, p.schedule.dias_vencimiento),
        })), estado, now, contracts_1.MESSAGES.scheduler.assignedBySchedule);
        const generated = new Map();
        for (const i of inserted)
            generated.set(i.programacion_uuid, (generated.get(i.programacion_uuid) ?? 0) + 1);
        const advances = plans.map((p) => ({ uuid: p.schedule.uuid, next: p.next, generated: generated.get(p.schedule.uuid) ?? 0 }));
        await this.repo.advance(em, advances, now);
        const byUuid = new Map(claimed.map((s) => [s.uuid, s]));
        const occurrences = inserted.map((i) => {
            const s = byUuid.get(i.programacion_uuid);
            return { ...i, titulo: s?.titulo ?? '', area_uuid: s?.area_uuid ?? '' };
        });
        if (plans.some((p) => p.skipped > 0)) {
            this.logger.warn(`Programaciones atrasadas: se generó solo la última fecha pendiente de ${plans.filter((p) => p.skipped > 0).length}`);
        }
        return { claimed: claimed.length, occurrences };
    }
    /**
     * After a batch's commit: live refresh for the assignee and the area's watchers, and
     * the notification hook (once per batch that produced something). Never rejects.
     */
    async announce(occurrences) {
        if (!occurrences.length)
            return;
        // Published together: the events service packs them into a few NOTIFYs sent by one statement.
        const published = Promise.all(occurrences.map((o) => {
            const data = { uuid: o.uuid, tarea_uuid: o.tarea_uuid, empleado_uuid: o.empleado_uuid, cambio: 'asignacion' };
            return this.events.publish({ type: contracts_1.SERVER_EVENTS.assignedTaskChanged, data, audience: { userUuids: [o.empleado_uuid], areaUuid: o.area_uuid } });
        }));
        // The notifications (their own statement) are stored while the live events go out.
        await Promise.all([published, this.notify(occurrences)]);
    }
    async notify(occurrences) {
        try {
            await this.notifier.notifyGenerated(occurrences);
        }
        catch (err) {
            // The tasks exist either way; a failed notification must not undo or repeat them.
            this.logger.warn(`No se pudo notificar las tareas generadas: ${err.message}`);
        }
    }
};
exports.SchedulerService = SchedulerService;
__decorate([
    (0, schedule_1.Cron)(schedule_1.CronExpression.EVERY_MINUTE, { name: 'scheduled-tasks' }),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", Promise)
], SchedulerService.prototype, "onMinute", null);
exports.SchedulerService = SchedulerService = __decorate([
    (0, common_1.Injectable)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __param(4, (0, common_1.Optional)()),
    __param(4, (0, common_1.Inject)(occurrence_notifier_1.OCCURRENCE_NOTIFIER)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        scheduler_repository_1.SchedulerRepository,
        events_service_1.EventsService, Object, Object])
], SchedulerService);
//# sourceMappingURL=scheduler.service.js.map