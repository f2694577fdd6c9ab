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
exports.SuggestionsService = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const auth_user_1 = require("../../common/auth/auth-user");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const tasks_mapper_1 = require("./tasks.mapper");
const tasks_repository_1 = require("./tasks.repository");
/** Suggestions on a task: whoever may see the task adds; the author edits; the author or `update:task` deletes. */
let SuggestionsService = class SuggestionsService {
    repo;
    constructor(repo) {
        this.repo = repo;
    }
    async visibleTask(caller, uuid) {
        const task = await this.repo.findRow(uuid);
        if (!task)
            throw (0, app_exception_1.notFound)();
        const readsIt = (0, auth_user_1.hasPermission)(caller, 'read:task') && (0, access_1.inScope)((0, access_1.areaScope)(caller), task.area_uuid);
        if (!readsIt && !(await this.repo.isAssignedTo(uuid, caller.uuid)))
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        return task;
    }
    async upsert(caller, tareaUuid, input) {
        await this.visibleTask(caller, tareaUuid);
        let uuid = input.suggestion_uuid;
        if (uuid) {
            const existing = await this.repo.findSuggestion(tareaUuid, uuid);
            if (!existing)
                throw (0, app_exception_1.notFound)();
            if (existing.creado_por_uuid !== caller.uuid)
                throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.onlyAuthorCanEditSuggestion);
            await this.repo.updateSuggestion(uuid, input.descripcion);
        }
        else {
            uuid = await this.repo.insertSuggestion(tareaUuid, caller.uuid, input.descripcion);
        }
        const saved = await this.repo.findSuggestion(tareaUuid, uuid);
        if (!saved)
            throw (0, app_exception_1.notFound)();
        return (0, tasks_mapper_1.toSuggestionResponse)(saved);
    }
    async remove(caller, tareaUuid, uuid) {
        const task = await this.repo.findRow(tareaUuid);
        if (!task)
            throw (0, app_exception_1.notFound)();
        const suggestion = await this.repo.findSuggestion(tareaUuid, uuid);
        if (!suggestion)
            throw (0, app_exception_1.notFound)();
        const isAuthor = suggestion.creado_por_uuid === caller.uuid;
        const moderates = (0, auth_user_1.hasPermission)(caller, 'update:task') && (0, access_1.inScope)((0, access_1.areaScope)(caller), task.area_uuid);
        if (!isAuthor && !moderates)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.onlyAuthorCanEditSuggestion);
        await this.repo.deleteSuggestion(uuid);
        return { ok: true };
    }
};
exports.SuggestionsService = SuggestionsService;
exports.SuggestionsService = SuggestionsService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [tasks_repository_1.TasksRepository])
], SuggestionsService);
//# sourceMappingURL=suggestions.service.js.map