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
exports.ScheduledTasksService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const config_1 = require("../../config");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const company_date_1 = require("../../common/time/company-date");
const scheduled_tasks_mapper_1 = require("./scheduled-tasks.mapper");
const scheduled_tasks_repository_1 = require("./scheduled-tasks.repository");
const schedule_dates_1 = require("./schedule-dates");
function isUniqueViolation(err) {
    const e = err;
    return (e?.code ?? e?.driverError?.code) === '23505';
}
/**
 * Schedules of tasks (SPEC 2.7). The route permission is checked by the guard;
 * here a caller without `read:all:areas` is confined to tasks of its own areas,
 * for reading and for every change.
 */
let ScheduledTasksService = class ScheduledTasksService {
    ds;
    repo;
    config;
    constructor(ds, repo, config) {
        this.ds = ds;
        this.repo = repo;
        this.config = config;
    }
    async list(caller, query) {
        const { rows, total } = await this.repo.page((0, access_1.scopeAreas)((0, access_1.areaScope)(caller)), query.page, query.limit);
        return {
            data: rows.map((r) => (0, scheduled_tasks_mapper_1.toScheduledTaskResponse)(r, this.config.timezone)),
            meta: { totalItems: total, currentPage: query.page, limit: query.limit, totalPages: Math.ceil(total / query.limit) },
        };
    }
    async create(caller, input) {
        const today = this.today();
        const proxima = input.proxima_ejecucion ? this.executionDate(input.proxima_ejecucion, today) : today;
        try {
            const uuid = await this.ds.transaction(async (em) => {
                await this.taskInScope(caller, input.tarea_uuid, em);
                if (await this.repo.scheduleOfTask(input.tarea_uuid, em))
                    throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.scheduleExists);
                return this.repo.insert({ tarea_uuid: input.tarea_uuid, intervalo_repeticion: input.intervalo_repeticion, proxima_ejecucion: proxima, activo: input.activo ?? true }, em);
            });
            return this.get(uuid);
        }
        catch (err) {
            // Two creations for one task at once: the unique key decides, the loser gets the same 409.
            if (isUniqueViolation(err))
                throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.scheduleExists);
            throw err;
        }
    }
    /** Full edit, or any subset (the toggle sends only `activo`). */
    async update(caller, uuid, input) {
        const today = this.today();
        try {
            await this.ds.transaction(async (em) => {
                if (!(await this.repo.lock(uuid, em)))
                    throw (0, app_exception_1.notFound)();
                const current = await this.repo.findOne(uuid, em);
                if (!current)
                    throw (0, app_exception_1.notFound)();
                (0, access_1.assertInScope)((0, access_1.areaScope)(caller), current.area_uuid);
                const tareaUuid = input.tarea_uuid ?? current.tarea_uuid;
                if (tareaUuid !== current.tarea_uuid) {
                    await this.taskInScope(caller, tareaUuid, em);
                    if (await this.repo.scheduleOfTask(tareaUuid, em))
                        throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.scheduleExists);
                }
                const interval = input.intervalo_repeticion ?? current.intervalo_repeticion;
                const activo = input.activo ?? current.activo;
                let proxima = input.proxima_ejecucion ? this.executionDate(input.proxima_ejecucion, today) : current.proxima_ejecucion;
                // Turning a schedule back on does not owe the dates it was off: it resumes at the first date from today on.
                if (activo && !current.activo && !input.proxima_ejecucion)
                    proxima = (0, schedule_dates_1.firstOnOrAfter)(proxima, interval, today);
                await this.repo.update(uuid, { tarea_uuid: tareaUuid, intervalo_repeticion: interval, proxima_ejecucion: proxima, activo }, em);
            });
        }
        catch (err) {
            if (isUniqueViolation(err))
                throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.scheduleExists);
            throw err;
        }
        return this.get(uuid);
    }
    async remove(caller, uuid) {
        const current = await this.repo.findOne(uuid);
        if (!current)
            throw (0, app_exception_1.notFound)();
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), current.area_uuid);
        await this.repo.delete(uuid);
        return { ok: true };
    }
    async get(uuid) {
        const row = await this.repo.findOne(uuid);
        if (!row)
            throw (0, app_exception_1.notFound)();
        return (0, scheduled_tasks_mapper_1.toScheduledTaskResponse)(row, this.config.timezone);
    }
    async taskInScope(caller, tareaUuid, em) {
        const task = await this.repo.findTask(tareaUuid, em);
        if (!task)
            throw (0, app_exception_1.notFound)();
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), task.area_uuid);
        return task;
    }
    today() {
        return (0, company_date_1.companyToday)(this.config.timezone);
    }
    /** A calendar date in the company zone, not before today (a past date would fire at once). */
    executionDate(input, today) {
        const date = (0, company_date_1.toCompanyDate)(input, this.config.timezone);
        if (date < today) {
            const message = contracts_1.MESSAGES.validation.executionDateNotPast;
            throw (0, app_exception_1.badRequest)(message, [{ path: 'proxima_ejecucion', message }]);
        }
        return date;
    }
};
exports.ScheduledTasksService = ScheduledTasksService;
exports.ScheduledTasksService = ScheduledTasksService = __decorate([
    (0, common_1.Injectable)(),
    __param(2, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        scheduled_tasks_repository_1.ScheduledTasksRepository, Object])
], ScheduledTasksService);
//# sourceMappingURL=scheduled-tasks.service.js.map