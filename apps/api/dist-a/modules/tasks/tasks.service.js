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
exports.TasksService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const config_1 = require("../../config");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const company_date_1 = require("../../common/time/company-date");
const events_service_1 = require("../events/events.service");
const assigned_task_events_1 = require("../assigned-tasks/assigned-task-events");
const assigned_tasks_service_1 = require("../assigned-tasks/assigned-tasks.service");
const tasks_mapper_1 = require("./tasks.mapper");
const tasks_repository_1 = require("./tasks.repository");
function fieldError(path, message) {
    return (0, app_exception_1.badRequest)(message, [{ path, message }]);
}
let TasksService = class TasksService {
    ds;
    repo;
    assigned;
    assignedEvents;
    events;
    config;
    constructor(ds, repo, assigned, assignedEvents, events, config) {
        this.ds = ds;
        this.repo = repo;
        this.assigned = assigned;
        this.assignedEvents = assignedEvents;
        this.events = events;
        this.config = config;
    }
    get tz() {
        return this.config.timezone;
    }
    /** Active tasks (or inactive ones with `activo=false`) in the caller's areas, newest first. */
    async list(caller, q) {
        const scope = (0, access_1.areaScope)(caller);
        if (q.area_uuid)
            (0, access_1.assertInScope)(scope, q.area_uuid);
        const { tasks, total } = await this.repo.page({
            areas: (0, access_1.scopeAreas)(scope),
            titulo: q.titulo,
            areaUuid: q.area_uuid,
            userUuid: q.user_uuid,
            activo: q.activo ?? true,
            page: q.page,
            limit: q.limit,
        });
        return {
            data: tasks.map((t) => (0, tasks_mapper_1.toTaskResponse)(t, this.tz)),
            meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
        };
    }
    async get(caller, uuid) {
        const row = await this.repo.findRow(uuid);
        if (!row)
            throw (0, app_exception_1.notFound)();
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), row.area_uuid);
        return this.response(uuid);
    }
    async response(uuid) {
        const task = await this.repo.findOne(uuid);
        if (!task)
            throw (0, app_exception_1.notFound)();
        return (0, tasks_mapper_1.toTaskResponse)(task, this.tz);
    }
    /**
     * DECISIONS section 4: the task and its default assignees, and in the same transaction either
     * the schedule (occurrences come from the scheduler) or one occurrence per assignee now.
     */
    async create(caller, input) {
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), input.area_uuid);
        const today = (0, company_date_1.companyToday)(this.tz);
        const due = (0, company_date_1.toCompanyDate)(input.fecha_vencimiento, this.tz);
        let schedule = null;
        if (input.programacion_tarea) {
            schedule = this.scheduleFor(input.programacion_tarea, due, null);
        }
        else if (due < today) {
            throw fieldError('fecha_vencimiento', contracts_1.MESSAGES.validation.dueDateNotPast);
        }
        const { uuid, created } = await this.ds.transaction(async (em) => {
            await this.checkReferences(em, input.area_uuid, input.tipo_tarea_uuid);
            const users = await this.assigned.assigneesOf(em, input.usuarios_asignados, input.area_uuid);
            const uuid = await this.repo.insertTask(em, {
                titulo: input.titulo,
                descripcion: input.descripcion,
                tipoTareaUuid: input.tipo_tarea_uuid,
                areaUuid: input.area_uuid,
                creadoPor: caller.uuid,
            });
            await this.repo.setDefaultAssignees(em, uuid, input.usuarios_asignados);
            let created = [];
            if (schedule) {
                await this.repo.insertSchedule(em, uuid, schedule);
            }
            else {
                const estadoUuid = await this.assigned.firstStatusUuid(em);
                created = await this.assigned.createOccurrences(em, {
                    tareaUuid: uuid,
                    areaUuid: input.area_uuid,
                    users,
                    estadoUuid,
                    due,
                    by: caller.uuid,
                });
            }
            return { uuid, created };
        });
        await this.assignedEvents.changed(created, 'asignacion', caller.uuid);
        return this.response(uuid);
    }
    /**
     * Edits the definition and its default assignees (who future occurrences go to); occurrences
     * already assigned keep their own data. `programacion_tarea`: object creates or replaces, null removes.
     */
    async update(caller, uuid, input) {
        const scope = (0, access_1.areaScope)(caller);
        await this.ds.transaction(async (em) => {
            const row = await this.repo.findRow(uuid, em, true);
            if (!row)
                throw (0, app_exception_1.notFound)();
            (0, access_1.assertInScope)(scope, row.area_uuid);
            (0, access_1.assertInScope)(scope, input.area_uuid);
            await this.checkReferences(em, input.area_uuid, input.tipo_tarea_uuid);
            await this.assigned.assigneesOf(em, input.usuarios_asignados, input.area_uuid);
            await this.repo.updateTask(em, uuid, {
                titulo: input.titulo,
                descripcion: input.descripcion,
                tipoTareaUuid: input.tipo_tarea_uuid,
                areaUuid: input.area_uuid,
                activo: input.activo,
            });
            await this.repo.setDefaultAssignees(em, uuid, input.usuarios_asignados);
            if (input.programacion_tarea === null) {
                await this.repo.deleteSchedule(em, uuid);
            }
            else if (input.programacion_tarea) {
                const existing = await this.repo.findSchedule(uuid, em);
                const proxima = (0, company_date_1.toCompanyDate)(input.programacion_tarea.proxima_ejecucion, this.tz);
                // The due-date offset is kept from creation; it cannot exceed the new interval.
                const dias = Math.min(existing?.dias_vencimiento ?? 0, input.programacion_tarea.intervalo_repeticion);
                const schedule = this.scheduleFor(input.programacion_tarea, null, existing?.proxima_ejecucion ?? null, dias);
                if (existing)
                    await this.repo.updateSchedule(em, uuid, { ...schedule, proxima });
                else
                    await this.repo.insertSchedule(em, uuid, { ...schedule, proxima });
            }
        });
        await this.announce(uuid, input.area_uuid, input.activo ?? true);
        return this.response(uuid);
    }
    /** A task with occurrences is deactivated (history stays for reports); one without any is deleted. */
    async remove(caller, uuid) {
        const row = await this.ds.transaction(async (em) => {
            const row = await this.repo.findRow(uuid, em, true);
            if (!row)
                throw (0, app_exception_1.notFound)();
            (0, access_1.assertInScope)((0, access_1.areaScope)(caller), row.area_uuid);
            if (await this.repo.hasOccurrences(uuid, em))
                await this.repo.deactivate(em, uuid);
            else
                await this.repo.deleteTask(em, uuid);
            return row;
        });
        await this.announce(uuid, row.area_uuid, false);
        return { ok: true };
    }
    /**
     * The schedule row of a task form. The execution date cannot be before today (unless it is the
     * stored one, unchanged); with a due date, `dias_vencimiento` is its offset from the execution date.
     */
    scheduleFor(s, due, stored, dias = 0) {
        const proxima = (0, company_date_1.toCompanyDate)(s.proxima_ejecucion, this.tz);
        if (proxima !== stored && proxima < (0, company_date_1.companyToday)(this.tz)) {
            throw fieldError('programacion_tarea.proxima_ejecucion', contracts_1.MESSAGES.validation.executionDateNotPast);
        }
        if (due === null)
            return { proxima, intervalo: s.intervalo_repeticion, diasVencimiento: dias };
        const offset = (0, company_date_1.diffDays)(proxima, due);
        if (offset < 0)
            throw fieldError('fecha_vencimiento', contracts_1.MESSAGES.validation.dueDateBeforeExecution);
        if (offset > s.intervalo_repeticion)
            throw fieldError('fecha_vencimiento', contracts_1.MESSAGES.validation.dueDateAfterInterval);
        return { proxima, intervalo: s.intervalo_repeticion, diasVencimiento: offset };
    }
    async checkReferences(em, areaUuid, tipoUuid) {
        if (!(await this.repo.exists('areas', areaUuid, em)))
            throw fieldError('area_uuid', contracts_1.MESSAGES.errors.areaNotFound);
        if (!(await this.repo.exists('tipos_tarea', tipoUuid, em)))
            throw fieldError('tipo_tarea_uuid', contracts_1.MESSAGES.errors.taskTypeNotFound);
    }
    async announce(uuid, areaUuid, activo) {
        const data = { uuid, area_uuid: areaUuid, activo };
        await this.events.publish({
            type: contracts_1.SERVER_EVENTS.taskChanged,
            data,
            audience: { areaUuid, userUuids: await this.repo.openOccurrenceEmployees(uuid) },
        });
    }
};
exports.TasksService = TasksService;
exports.TasksService = TasksService = __decorate([
    (0, common_1.Injectable)(),
    __param(5, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        tasks_repository_1.TasksRepository,
        assigned_tasks_service_1.AssignedTasksService,
        assigned_task_events_1.AssignedTaskEvents,
        events_service_1.EventsService, Object])
], TasksService);
//# sourceMappingURL=tasks.service.js.map