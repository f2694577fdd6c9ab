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
exports.AssignedTasksService = void 0;
exports.watchScope = watchScope;
exports.accessTo = accessTo;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const config_1 = require("../../config");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const company_date_1 = require("../../common/time/company-date");
const assigned_task_events_1 = require("./assigned-task-events");
const assigned_tasks_mapper_1 = require("./assigned-tasks.mapper");
const assigned_tasks_repository_1 = require("./assigned-tasks.repository");
function watchScope(caller) {
    return (0, access_1.scopeFor)(caller, ['read:all:assigned-tasks'], ['read:all:assigned-tasks:by-area']);
}
function accessTo(caller, row) {
    const watches = (0, access_1.inScope)(watchScope(caller), row.area_uuid);
    const isAssignee = row.empleado_uuid === caller.uuid;
    return { watches, isAssignee, canSee: watches || isAssignee };
}
let AssignedTasksService = class AssignedTasksService {
    ds;
    repo;
    events;
    config;
    constructor(ds, repo, events, config) {
        this.ds = ds;
        this.repo = repo;
        this.events = events;
        this.config = config;
    }
    get tz() {
        return this.config.timezone;
    }
    /**
     * The board. Without an assigned-tasks read permission: the caller's own, for its own id only.
     * With one: everything in scope, narrowed by `area`, `users` and a `{userId}` other than the caller's.
     */
    async board(caller, userId, query) {
        const scope = watchScope(caller);
        const areas = query.area?.length ? query.area : null;
        const users = new Set(query.users ?? []);
        if (userId !== caller.uuid)
            users.add(userId);
        if (scope.kind === 'none') {
            if (userId !== caller.uuid || areas || users.size > 0)
                throw (0, app_exception_1.forbidden)();
            const rows = await this.repo.board({
                onlyEmployee: caller.uuid,
                scopeAreas: null,
                caller: caller.uuid,
                areas: null,
                users: null,
            });
            return rows.map((r) => (0, assigned_tasks_mapper_1.toAssignedTaskResponse)(r, this.tz));
        }
        for (const a of areas ?? [])
            (0, access_1.assertInScope)(scope, a);
        await (0, access_1.assertUsersInScope)(this.ds, scope, caller.uuid, users);
        const rows = await this.repo.board({
            scopeAreas: (0, access_1.scopeAreas)(scope),
            caller: caller.uuid,
            areas,
            users: users.size > 0 ? [...users] : null,
        });
        return rows.map((r) => (0, assigned_tasks_mapper_1.toAssignedTaskResponse)(r, this.tz));
    }
    /** One assigned task with its history (also what the update answers). */
    async full(uuid) {
        const card = await this.repo.findCard(uuid);
        if (!card)
            throw (0, app_exception_1.notFound)();
        return (0, assigned_tasks_mapper_1.toAssignedTaskResponse)(card, this.tz, await this.repo.history(uuid));
    }
    async visibleRow(caller, uuid, em, lock = false) {
        const row = await this.repo.findAccessRow(uuid, em, lock);
        if (!row)
            throw (0, app_exception_1.notFound)();
        const access = accessTo(caller, row);
        if (!access.canSee)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        return { row, access };
    }
    async history(caller, uuid) {
        await this.visibleRow(caller, uuid);
        return (await this.repo.history(uuid)).map(assigned_tasks_mapper_1.toHistoryEntry);
    }
    /**
     * A status change (the assignee or a watcher in scope) and/or an archive (watchers only).
     * Reaching the last status by order stamps `fecha_completada`; leaving it clears it.
     */
    async update(caller, uuid, input) {
        const outcome = await this.ds.transaction(async (em) => {
            const { row, access } = await this.visibleRow(caller, uuid, em, true);
            if (input.archivada !== undefined && !access.watches)
                throw (0, app_exception_1.forbidden)();
            const history = [];
            const note = (tipo, detalle) => history.push({ tareaAsignadaUuid: uuid, tipo, detalle, usuarioUuid: caller.uuid });
            if (input.estado_uuid !== undefined && input.estado_uuid !== row.estado_uuid) {
                const statuses = await this.repo.statuses(em);
                const target = statuses.find((s) => s.uuid === input.estado_uuid);
                if (!target) {
                    throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.statusNotFound, [
                        { path: 'estado_uuid', message: contracts_1.MESSAGES.errors.statusNotFound },
                    ]);
                }
                const from = statuses.find((s) => s.uuid === row.estado_uuid);
                const last = statuses[statuses.length - 1];
                await this.repo.setStatus(em, uuid, target.uuid, target.uuid === last?.uuid);
                note('estado', `${from?.nombre ?? 'Sin estado'} → ${target.nombre}`);
            }
            let archived = false;
            if (input.archivada === true) {
                const rating = input.calificacion ?? null;
                const notes = input.observaciones ? input.observaciones : null;
                await this.repo.archive(em, uuid, rating, notes);
                const ratingText = rating
                    ? `con calificación ${rating} (${contracts_1.RATING_LABELS[rating]})`
                    : 'sin calificación';
                note('archivo', `Archivada ${ratingText}${notes ? `. Observaciones: ${notes}` : ''}`);
                archived = true;
            }
            else if (input.archivada === false && row.archivada) {
                await this.repo.unarchive(em, uuid);
                note('archivo', 'Desarchivada');
                archived = true;
            }
            await this.repo.addHistory(em, history);
            return { row, changed: history.length > 0, archived };
        });
        if (outcome.changed)
            await this.events.changed([outcome.row], outcome.archived ? 'archivo' : 'estado');
        return this.full(uuid);
    }
    /** `POST /api/assigned-tasks`: one occurrence per user, now, due `fecha_vencimiento`. */
    async assign(caller, input) {
        const [task] = await this.ds.query(`SELECT uuid, area_uuid, activo FROM tareas WHERE uuid = $1`, [input.tarea_uuid]);
        if (!task)
            throw (0, app_exception_1.notFound)();
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), task.area_uuid);
        if (!task.activo)
            throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.taskInactive);
        const due = this.dueDateNotPast(input.fecha_vencimiento);
        const created = await this.ds.transaction(async (em) => {
            const users = await this.assigneesOf(em, input.usuarios_asignados, task.area_uuid);
            let estadoUuid;
            if (input.estado_uuid) {
                const statuses = await this.repo.statuses(em);
                if (!statuses.some((s) => s.uuid === input.estado_uuid)) {
                    throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.statusNotFound, [
                        { path: 'estado_uuid', message: contracts_1.MESSAGES.errors.statusNotFound },
                    ]);
                }
                estadoUuid = input.estado_uuid;
            }
            else {
                estadoUuid = await this.firstStatusUuid(em);
            }
            return this.createOccurrences(em, {
                tareaUuid: task.uuid,
                areaUuid: task.area_uuid,
                users,
                estadoUuid,
                due,
                by: caller.uuid,
            });
        });
        await this.events.changed(created, 'asignacion', caller.uuid);
        const cards = await this.repo.findCards(created.map((c) => c.uuid));
        return cards.map((c) => (0, assigned_tasks_mapper_1.toAssignedTaskResponse)(c, this.tz));
    }
    /** A due date as a company calendar date, refused when before today. */
    dueDateNotPast(input, path = 'fecha_vencimiento') {
        const due = (0, company_date_1.toCompanyDate)(input, this.tz);
        if (due < (0, company_date_1.companyToday)(this.tz)) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.validation.dueDateNotPast, [{ path, message: contracts_1.MESSAGES.validation.dueDateNotPast }]);
        }
        return due;
    }
    /** The users, each active and a member of the area; otherwise 400 at `usuarios_asignados`. */
    async assigneesOf(em, uuids, areaUuid) {
        const users = await this.repo.activeUsersOfArea(uuids, areaUuid, em);
        if (users.length !== new Set(uuids).size) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.assigneesNotInArea, [
                { path: 'usuarios_asignados', message: contracts_1.MESSAGES.errors.assigneesNotInArea },
            ]);
        }
        return users;
    }
    async firstStatusUuid(em) {
        const first = await this.repo.firstStatus(em);
        if (!first)
            throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.noStatuses);
        return first.uuid;
    }
    /** Inserts the occurrences and their 'asignacion' history inside the caller's transaction. */
    async createOccurrences(em, p) {
        const uuids = await this.repo.insertOccurrences(em, p.users.map((u) => ({
            tareaUuid: p.tareaUuid,
            empleadoUuid: u.uuid,
            estadoUuid: p.estadoUuid,
            fechaVencimiento: p.due,
            asignadoPor: p.by,
        })));
        await this.repo.addHistory(em, uuids.map((uuid, i) => ({
            tareaAsignadaUuid: uuid,
            tipo: 'asignacion',
            detalle: `Asignada a ${p.users[i].nombre} ${p.users[i].apellido}`,
            usuarioUuid: p.by,
        })));
        return uuids.map((uuid, i) => ({
            uuid,
            tarea_uuid: p.tareaUuid,
            empleado_uuid: p.users[i].uuid,
            area_uuid: p.areaUuid,
        }));
    }
};
exports.AssignedTasksService = AssignedTasksService;
exports.AssignedTasksService = AssignedTasksService = __decorate([
    (0, common_1.Injectable)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        assigned_tasks_repository_1.AssignedTasksRepository,
        assigned_task_events_1.AssignedTaskEvents, Object])
], AssignedTasksService);
//# sourceMappingURL=assigned-tasks.service.js.map