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
exports.AreasService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const areas_repository_1 = require("./areas.repository");
function isForeignKeyViolation(err) {
    if (!(err instanceof typeorm_1.QueryFailedError))
        return false;
    return err.driverError?.code === '23503';
}
let AreasService = class AreasService {
    ds;
    repo;
    constructor(ds, repo) {
        this.ds = ds;
        this.repo = repo;
    }
    /** `read:all:areas` sees every area; `read:area` only the caller's own. */
    async list(caller, q) {
        const { rows, total } = await this.repo.list({ page: q.page, limit: q.limit, nombre: q.nombre, scope: (0, access_1.scopeAreas)((0, access_1.areaScope)(caller)) });
        return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
    }
    async get(caller, uuid) {
        const area = await this.repo.findOne(uuid);
        if (!area)
            throw (0, app_exception_1.notFound)();
        (0, access_1.assertInScope)((0, access_1.areaScope)(caller), area.uuid);
        return area;
    }
    async withUsers(caller) {
        const areas = await this.repo.all((0, access_1.scopeAreas)((0, access_1.areaScope)(caller)));
        const users = await this.repo.activeUsersOf(areas.map((a) => a.uuid));
        return areas.map((a) => ({
            uuid: a.uuid,
            nombre: a.nombre,
            usuarios: users.filter((u) => u.area_uuid === a.uuid).map(({ uuid, nombre, apellido, username }) => ({ uuid, nombre, apellido, username })),
        }));
    }
    /** Self, or `read:user:all`, or `read:user` for a user sharing one of the caller's areas (same rule as GET users/:id). */
    async ofUser(caller, userUuid) {
        if (!(await this.repo.userExists(userUuid)))
            throw (0, app_exception_1.notFound)();
        const areas = await this.repo.ofUser(userUuid);
        if (userUuid !== caller.uuid) {
            const scope = (0, access_1.scopeFor)(caller, ['read:user:all'], ['read:user']);
            if (scope.kind === 'none')
                throw (0, app_exception_1.forbidden)();
            if (!(0, access_1.anyInScope)(scope, areas.map((a) => a.uuid)))
                throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        }
        return areas;
    }
    create(input) {
        return this.repo.insert(input.nombre);
    }
    async update(uuid, input) {
        const area = await this.repo.update(uuid, input.nombre);
        if (!area)
            throw (0, app_exception_1.notFound)();
        return area;
    }
    /** Refused (409) while a user or a task belongs to the area: deleting it must not orphan anything. */
    async remove(uuid) {
        try {
            await this.ds.transaction(async (em) => {
                if (!(await this.repo.lock(em, uuid)))
                    throw (0, app_exception_1.notFound)();
                if (await this.repo.inUse(em, uuid))
                    throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.areaInUse);
                await this.repo.delete(em, uuid);
            });
        }
        catch (err) {
            if (isForeignKeyViolation(err))
                throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.areaInUse);
            throw err;
        }
        return { ok: true };
    }
};
exports.AreasService = AreasService;
exports.AreasService = AreasService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        areas_repository_1.AreasRepository])
], AreasService);
//# sourceMappingURL=areas.service.js.map