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
exports.UsersService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const user_state_service_1 = require("../../common/auth/user-state.service");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const password_1 = require("../auth/password");
const users_mapper_1 = require("./users.mapper");
const users_repository_1 = require("./users.repository");
function isUniqueViolation(err) {
    if (!(err instanceof typeorm_1.QueryFailedError))
        return false;
    const code = err.code ?? err.driverError?.code;
    return code === '23505';
}
let UsersService = class UsersService {
    ds;
    repo;
    userState;
    constructor(ds, repo, userState) {
        this.ds = ds;
        this.repo = repo;
        this.userState = userState;
    }
    /** Who the caller may read: everyone (`read:user:all`), users sharing an area (`read:user`), or nobody. */
    readScope(caller) {
        return (0, access_1.scopeFor)(caller, ['read:user:all'], ['read:user']);
    }
    /**
     * Who the caller may create, edit or deactivate. The route already checked the
     * write permission; `read:user:all` (or `read:all:areas`) lifts the area limit,
     * anyone else (a supervisor) manages only its own areas.
     */
    writeScope(caller) {
        return (0, access_1.scopeFor)(caller, ['read:user:all'], ['create:user', 'update:user', 'delete:user']);
    }
    /** A role may be granted only by a caller holding every one of its permissions. */
    assertGrantable(caller, permisos) {
        if (!permisos.every((p) => caller.permisos.includes(p)))
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.roleNotGrantable);
    }
    /**
     * A target user is manageable when every area it belongs to is in the caller's
     * scope and its current role does not exceed the caller's permissions: a
     * supervisor cannot take a user out of an area it does not run, nor edit an admin.
     */
    assertManageable(caller, scope, target) {
        (0, access_1.assertAllInScope)(scope, target.usuario_areas.map((a) => a.area_uuid));
        this.assertGrantable(caller, target.rol.permisos);
    }
    /** Checks the references of a create/update payload (areas, role, job position) against scope and existence. */
    async checkPayload(caller, scope, input, em) {
        (0, access_1.assertAllInScope)(scope, input.usuario_areas_uuid);
        const existing = await this.repo.existingAreas(input.usuario_areas_uuid, em);
        const missing = input.usuario_areas_uuid.findIndex((a) => !existing.includes(a));
        if (missing >= 0) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.areaNotFound, [{ path: `usuario_areas_uuid.${missing}`, message: contracts_1.MESSAGES.errors.areaNotFound }]);
        }
        const permisos = await this.repo.rolePermissions(input.rol_uuid, em);
        if (!permisos)
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.roleNotFound, [{ path: 'rol_uuid', message: contracts_1.MESSAGES.errors.roleNotFound }]);
        this.assertGrantable(caller, permisos);
        if (input.descripcion_puesto_uuid && !(await this.repo.jobPositionExists(input.descripcion_puesto_uuid, em))) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.jobPositionNotFound, [{ path: 'descripcion_puesto_uuid', message: contracts_1.MESSAGES.errors.jobPositionNotFound }]);
        }
    }
    async loadOrThrow(uuid, em) {
        const user = await this.repo.findOne(uuid, em);
        if (!user)
            throw (0, app_exception_1.notFound)();
        return user;
    }
    /** Self, or `read:user:all`, or `read:user` for a user sharing one of the caller's areas. */
    async get(caller, uuid) {
        const user = await this.loadOrThrow(uuid);
        if (user.uuid !== caller.uuid) {
            const scope = this.readScope(caller);
            if (scope.kind === 'none')
                throw (0, app_exception_1.forbidden)();
            if (!(0, access_1.anyInScope)(scope, user.usuario_areas.map((a) => a.area_uuid)))
                throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        }
        return (0, users_mapper_1.toUserResponse)(user);
    }
    async list(caller, q) {
        const scope = this.readScope(caller);
        if (q.area_uuid && !(0, access_1.anyInScope)(scope, [q.area_uuid]))
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
        const nameTerms = [...new Set([q.nombre, q.apellido].filter((t) => !!t))];
        const { users, total } = await this.repo.list({
            page: q.page,
            limit: q.limit,
            nameTerms,
            username: q.username,
            areaUuid: q.area_uuid,
            activo: q.activo,
            scopeAreas: (0, access_1.scopeAreas)(scope),
        });
        return {
            data: users.map(users_mapper_1.toUserListResponse),
            meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) },
        };
    }
    async create(caller, input) {
        const scope = this.writeScope(caller);
        await this.checkPayload(caller, scope, input, this.ds.manager);
        if (await this.repo.usernameTaken(input.username))
            throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.usernameTaken);
        const password_hash = await (0, password_1.hashPassword)(input.password);
        let uuid;
        try {
            uuid = await this.ds.transaction(async (em) => {
                const id = await this.repo.insert(em, {
                    username: input.username,
                    password_hash,
                    nombre: input.nombre,
                    apellido: input.apellido,
                    rol_uuid: input.rol_uuid,
                    descripcion_puesto_uuid: input.descripcion_puesto_uuid ?? null,
                });
                await this.repo.replaceAreas(em, id, input.usuario_areas_uuid);
                return id;
            });
        }
        catch (err) {
            // Two creates racing past the pre-check: the unique index on lower(username) decides.
            if (isUniqueViolation(err))
                throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.usernameTaken);
            throw err;
        }
        return (0, users_mapper_1.toUserResponse)(await this.loadOrThrow(uuid));
    }
    /**
     * Replaces the editable fields. `username` is read-only: sending the same value is
     * accepted (forms send the whole record), a different one is refused. A blank
     * password keeps the current one; a new one (set by someone else) ends the user's sessions.
     */
    async update(caller, uuid, input) {
        const scope = this.writeScope(caller);
        const password_hash = input.password ? await (0, password_1.hashPassword)(input.password) : null;
        await this.ds.transaction(async (em) => {
            if (!(await this.repo.lock(em, uuid)))
                throw (0, app_exception_1.notFound)();
            const target = await this.loadOrThrow(uuid, em);
            this.assertManageable(caller, scope, target);
            if (input.username !== undefined && input.username !== target.username) {
                throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.validation.usernameReadOnly, [{ path: 'username', message: contracts_1.MESSAGES.validation.usernameReadOnly }]);
            }
            await this.checkPayload(caller, scope, input, em);
            const activo = input.activo ?? target.activo;
            if (!activo && target.uuid === caller.uuid)
                throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.cannotDeactivateSelf);
            await this.repo.update(em, uuid, {
                nombre: input.nombre,
                apellido: input.apellido,
                rol_uuid: input.rol_uuid,
                descripcion_puesto_uuid: input.descripcion_puesto_uuid === undefined ? target.descripcion_puesto_uuid : input.descripcion_puesto_uuid,
                activo,
            });
            await this.repo.replaceAreas(em, uuid, input.usuario_areas_uuid);
            if (password_hash)
                await this.repo.setPasswordHash(uuid, password_hash, em);
            if (!activo || (password_hash && uuid !== caller.uuid))
                await this.repo.revokeRefreshTokens(em, uuid);
        });
        this.userState.invalidate(uuid);
        return (0, users_mapper_1.toUserResponse)(await this.loadOrThrow(uuid));
    }
    /** Deactivates (activo=false), ends the user's sessions at once and answers the record. */
    async deactivate(caller, uuid) {
        const scope = this.writeScope(caller);
        await this.ds.transaction(async (em) => {
            if (!(await this.repo.lock(em, uuid)))
                throw (0, app_exception_1.notFound)();
            const target = await this.loadOrThrow(uuid, em);
            this.assertManageable(caller, scope, target);
            if (target.uuid === caller.uuid)
                throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.cannotDeactivateSelf);
            await this.repo.deactivate(em, uuid);
            await this.repo.revokeRefreshTokens(em, uuid);
        });
        this.userState.invalidate(uuid);
        return (0, users_mapper_1.toUserResponse)(await this.loadOrThrow(uuid));
    }
    /** Sets or clears a user's job position (`update:user`, same scope as editing). */
    async assignJobDescription(caller, input) {
        const target = await this.loadOrThrow(input.usuario_uuid);
        this.assertManageable(caller, this.writeScope(caller), target);
        if (input.descripcion_puesto_uuid && !(await this.repo.jobPositionExists(input.descripcion_puesto_uuid))) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.jobPositionNotFound, [{ path: 'descripcion_puesto_uuid', message: contracts_1.MESSAGES.errors.jobPositionNotFound }]);
        }
        await this.repo.setJobPosition(target.uuid, input.descripcion_puesto_uuid);
        return (0, users_mapper_1.toUserResponse)(await this.loadOrThrow(target.uuid));
    }
    /**
     * Active users of the areas user `:id` belongs to. The caller itself sees all of
     * its areas; with `read:user:all` any user's; with `read:user` only a user sharing
     * an area, and only the shared areas.
     */
    async usersOfAreasOfUser(caller, uuid) {
        const target = await this.loadOrThrow(uuid);
        let areas = target.usuario_areas.map((a) => a.area_uuid);
        if (target.uuid !== caller.uuid) {
            const scope = this.readScope(caller);
            if (scope.kind === 'none')
                throw (0, app_exception_1.forbidden)();
            if (!(0, access_1.anyInScope)(scope, areas))
                throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
            const limit = (0, access_1.scopeAreas)(scope);
            if (limit)
                areas = areas.filter((a) => limit.includes(a));
        }
        const rows = await this.repo.activeUsersOfAreas(areas);
        return rows.map((r) => ({
            uuid: r.uuid,
            nombre: r.nombre,
            apellido: r.apellido,
            username: r.username,
            activo: r.activo,
            usuario_areas_uuid: r.areas,
        }));
    }
    /** Self only; the current password must match. Other sessions stay valid. */
    async changePassword(caller, uuid, input) {
        if (caller.uuid !== uuid)
            throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.onlyOwnPassword);
        const current = await this.repo.passwordHash(uuid);
        if (!current)
            throw (0, app_exception_1.notFound)();
        if (!(await (0, password_1.verifyPassword)(current, input.currentPassword))) {
            throw (0, app_exception_1.badRequest)(contracts_1.MESSAGES.errors.currentPasswordWrong, [{ path: 'currentPassword', message: contracts_1.MESSAGES.errors.currentPasswordWrong }]);
        }
        await this.repo.setPasswordHash(uuid, await (0, password_1.hashPassword)(input.newPassword));
        return { ok: true };
    }
};
exports.UsersService = UsersService;
exports.UsersService = UsersService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        users_repository_1.UsersRepository,
        user_state_service_1.UserStateService])
], UsersService);
//# sourceMappingURL=users.service.js.map