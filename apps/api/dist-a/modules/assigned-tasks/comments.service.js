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
exports.CommentsService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../../common/http/app-exception");
const assigned_task_events_1 = require("./assigned-task-events");
const assigned_tasks_mapper_1 = require("./assigned-tasks.mapper");
const assigned_tasks_repository_1 = require("./assigned-tasks.repository");
const assigned_tasks_service_1 = require("./assigned-tasks.service");
/** Comments of an assigned task: whoever may see it reads and adds; only the author edits or deletes. */
let CommentsService = class CommentsService {
    ds;
    repo;
    events;
    constructor(ds, repo, events) {
        this.ds = ds;
        this.repo = repo;
        this.events = events;
    }
    async visibleRow(caller, uuid, em) {
        const row = await this.repo.findAccessRow(uuid, em);
        if (!row)
            throw (0, app_exception_1.notFound)();
        if (!(0, assigned_tasks_service_1.accessTo)(caller, row).canSee)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        return row;
    }
    async list(caller, uuid) {
        await this.visibleRow(caller, uuid);
        return (await this.repo.comments(uuid)).map(assigned_tasks_mapper_1.toCommentResponse);
    }
    async add(caller, uuid, input) {
        const { row, commentUuid } = await this.ds.transaction(async (em) => {
            const row = await this.visibleRow(caller, uuid, em);
            const commentUuid = await this.repo.insertComment(em, uuid, caller.uuid, input.texto);
            await this.repo.addHistory(em, [
                { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario agregado', usuarioUuid: caller.uuid },
            ]);
            return { row, commentUuid };
        });
        await this.events.changed([row], 'comentario');
        return this.one(uuid, commentUuid);
    }
    async update(caller, uuid, commentUuid, input) {
        const row = await this.ds.transaction(async (em) => {
            const row = await this.authored(caller, uuid, commentUuid, em);
            await this.repo.updateComment(em, commentUuid, input.texto);
            await this.repo.addHistory(em, [
                { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario editado', usuarioUuid: caller.uuid },
            ]);
            return row;
        });
        await this.events.changed([row], 'comentario');
        return this.one(uuid, commentUuid);
    }
    async remove(caller, uuid, commentUuid) {
        const row = await this.ds.transaction(async (em) => {
            const row = await this.authored(caller, uuid, commentUuid, em);
            await this.repo.deleteComment(em, commentUuid);
            await this.repo.addHistory(em, [
                { tareaAsignadaUuid: uuid, tipo: 'comentario', detalle: 'Comentario eliminado', usuarioUuid: caller.uuid },
            ]);
            return row;
        });
        await this.events.changed([row], 'comentario');
        return { ok: true };
    }
    async authored(caller, uuid, commentUuid, em) {
        const row = await this.visibleRow(caller, uuid, em);
        const comment = await this.repo.findComment(uuid, commentUuid, em);
        if (!comment)
            throw (0, app_exception_1.notFound)();
        if (comment.usuario_uuid !== caller.uuid)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.onlyAuthorCanEdit);
        return row;
    }
    async one(uuid, commentUuid) {
        const comment = await this.repo.findComment(uuid, commentUuid);
        if (!comment)
            throw (0, app_exception_1.notFound)();
        return (0, assigned_tasks_mapper_1.toCommentResponse)(comment);
    }
};
exports.CommentsService = CommentsService;
exports.CommentsService = CommentsService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        assigned_tasks_repository_1.AssignedTasksRepository,
        assigned_task_events_1.AssignedTaskEvents])
], CommentsService);
//# sourceMappingURL=comments.service.js.map