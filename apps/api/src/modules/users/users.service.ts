import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import {
  AssignJobPositionRequest,
  ChangePasswordRequest,
  CreateUserRequest,
  MESSAGES,
  UpdateUserRequest,
  UserListQuery,
  UserListResponse,
  UserResponse,
  UsersOfAreasOfUserResponse,
  userManageRefusal,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { UserStateService } from '../../common/auth/user-state.service';
import { anyInScope, assertAllInScope, Scope, scopeAreas, scopeFor } from '../../common/access/access';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/app-exception';
import { PG, pageMeta, pgErrorCode } from '../../database/sql';
import { AuthService } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../../common/auth/password';
import { assertAdministratorRemains } from './administrators';
import { toUserResponse } from './users.mapper';
import { UserRow, UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly userState: UserStateService,
    private readonly auth: AuthService,
  ) {}

  /** Who the caller may read: everyone (`read:user:all`), users sharing an area (`read:user`), or nobody. */
  private readScope(caller: AuthUser): Scope {
    return scopeFor(caller, ['read:user:all'], ['read:user']);
  }

  /**
   * Who the caller may create, edit or deactivate. The route already checked the
   * write permission; `read:user:all` (or `read:all:areas`) lifts the area limit,
   * anyone else (a supervisor) manages only its own areas.
   */
  private writeScope(caller: AuthUser): Scope {
    return scopeFor(caller, ['read:user:all'], ['create:user', 'update:user', 'delete:user']);
  }

  /** A role may be granted only by a caller holding every one of its permissions. */
  private assertGrantable(caller: AuthUser, permisos: readonly string[]): void {
    if (!permisos.every((p) => caller.permisos.includes(p))) throw forbidden(MESSAGES.errors.roleNotGrantable);
  }

  /**
   * A target user is manageable when its current role does not exceed the caller's
   * permissions and every area it belongs to is one the caller runs (the contracts'
   * `userManageRefusal`, which the users screen follows too): a supervisor cannot
   * edit an admin, nor take a user out of an area it does not run.
   */
  private assertManageable(caller: AuthUser, target: UserRow, action: 'edit' | 'delete'): void {
    const refusal = userManageRefusal(
      { permisos: caller.permisos, areaUuids: caller.areaUuids },
      { rolPermisos: target.rol_permisos, areaUuids: areaUuidsOf(target) },
    );
    if (refusal === 'rol_superior') {
      throw forbidden(action === 'edit' ? MESSAGES.errors.userRoleAboveEdit : MESSAGES.errors.userRoleAboveDelete);
    }
    if (refusal === 'fuera_de_alcance') throw forbidden(MESSAGES.errors.noAccessUser);
  }

  /** Checks the references of a create/update payload (areas, role, job position) against scope and existence. */
  private async checkPayload(
    caller: AuthUser,
    scope: Scope,
    input: { rol_uuid: string; usuario_areas_uuid: string[]; descripcion_puesto_uuid?: string | null },
  ): Promise<void> {
    assertAllInScope(scope, input.usuario_areas_uuid);
    const existing = await this.repo.existingAreas(input.usuario_areas_uuid);
    const missing = input.usuario_areas_uuid.findIndex((a) => !existing.includes(a));
    if (missing >= 0) {
      throw badRequest(MESSAGES.errors.areaNotFound, [
        { path: `usuario_areas_uuid.${missing}`, message: MESSAGES.errors.areaNotFound },
      ]);
    }
    const permisos = await this.repo.rolePermissions(input.rol_uuid);
    if (!permisos)
      throw badRequest(MESSAGES.errors.roleNotFound, [{ path: 'rol_uuid', message: MESSAGES.errors.roleNotFound }]);
    this.assertGrantable(caller, permisos);
    if (input.descripcion_puesto_uuid && !(await this.repo.jobPositionExists(input.descripcion_puesto_uuid))) {
      throw badRequest(MESSAGES.errors.jobPositionNotFound, [
        { path: 'descripcion_puesto_uuid', message: MESSAGES.errors.jobPositionNotFound },
      ]);
    }
  }

  private async loadOrThrow(uuid: string): Promise<UserRow> {
    const user = await this.repo.findOne(uuid);
    if (!user) throw notFound(MESSAGES.errors.userGone);
    return user;
  }

  /** Self, or `read:user:all`, or `read:user` for a user sharing one of the caller's areas. */
  async get(caller: AuthUser, uuid: string): Promise<UserResponse> {
    const user = await this.loadOrThrow(uuid);
    if (user.uuid !== caller.uuid) {
      const scope = this.readScope(caller);
      if (scope.kind === 'none') throw forbidden();
      if (!anyInScope(scope, areaUuidsOf(user))) throw forbidden(MESSAGES.errors.noAccessUser);
    }
    return toUserResponse(user);
  }

  async list(caller: AuthUser, q: UserListQuery): Promise<UserListResponse> {
    const scope = this.readScope(caller);
    if (q.area_uuid && !anyInScope(scope, [q.area_uuid])) throw forbidden(MESSAGES.errors.noAccessArea);
    const nameTerms = [...new Set([q.nombre, q.apellido].filter((t): t is string => !!t))];
    const { users, total } = await this.repo.list({
      page: q.page,
      limit: q.limit,
      nameTerms,
      username: q.username,
      areaUuid: q.area_uuid,
      activo: q.activo,
      scopeAreas: scopeAreas(scope),
    });
    return {
      data: users.map(toUserResponse),
      meta: pageMeta(q, total),
    };
  }

  async create(caller: AuthUser, input: CreateUserRequest): Promise<UserResponse> {
    const scope = this.writeScope(caller);
    await this.checkPayload(caller, scope, input);
    if (await this.repo.usernameTaken(input.username)) throw conflict(MESSAGES.errors.usernameTaken);
    const password_hash = await hashPassword(input.password);
    let uuid: string;
    try {
      uuid = await this.insertWithAreas(input, password_hash);
    } catch (err) {
      // Two creates racing past the pre-check: the unique index on lower(username) decides.
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(MESSAGES.errors.usernameTaken);
      throw err;
    }
    return toUserResponse(await this.loadOrThrow(uuid));
  }

  @Transactional()
  private async insertWithAreas(input: CreateUserRequest, password_hash: string): Promise<string> {
    const uuid = await this.repo.insert({
      username: input.username,
      password_hash,
      nombre: input.nombre,
      apellido: input.apellido,
      rol_uuid: input.rol_uuid,
      descripcion_puesto_uuid: input.descripcion_puesto_uuid ?? null,
    });
    await this.repo.replaceAreas(uuid, input.usuario_areas_uuid);
    return uuid;
  }

  /**
   * Replaces the editable fields. `username` is read-only: sending the same value is
   * accepted (forms send the whole record), a different one is refused. A blank
   * password keeps the current one; a new one (set by someone else) ends the user's sessions.
   */
  async update(caller: AuthUser, uuid: string, input: UpdateUserRequest): Promise<UserResponse> {
    const scope = this.writeScope(caller);
    const password_hash = input.password ? await hashPassword(input.password) : null;
    await this.applyUpdate(caller, scope, uuid, input, password_hash);
    this.userState.invalidate(uuid);
    return toUserResponse(await this.loadOrThrow(uuid));
  }

  /** Deactivates (activo=false), ends the user's sessions at once and answers the record. */
  async deactivate(caller: AuthUser, uuid: string): Promise<UserResponse> {
    await this.applyDeactivation(caller, uuid);
    this.userState.invalidate(uuid);
    return toUserResponse(await this.loadOrThrow(uuid));
  }

  @Transactional()
  private async applyUpdate(
    caller: AuthUser,
    scope: Scope,
    uuid: string,
    input: UpdateUserRequest,
    password_hash: string | null,
  ): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound(MESSAGES.errors.userGone);
    const target = await this.loadOrThrow(uuid);
    this.assertManageable(caller, target, 'edit');
    if (input.username !== undefined && input.username !== target.username) {
      throw badRequest(MESSAGES.validation.usernameReadOnly, [
        { path: 'username', message: MESSAGES.validation.usernameReadOnly },
      ]);
    }
    await this.checkPayload(caller, scope, input);
    const activo = input.activo ?? target.activo;
    if (!activo && target.uuid === caller.uuid) throw badRequest(MESSAGES.errors.cannotDeactivateSelf);
    await this.repo.update(uuid, {
      nombre: input.nombre,
      apellido: input.apellido,
      rol_uuid: input.rol_uuid,
      descripcion_puesto_uuid:
        input.descripcion_puesto_uuid === undefined ? target.descripcion_puesto_uuid : input.descripcion_puesto_uuid,
      activo,
    });
    await this.repo.replaceAreas(uuid, input.usuario_areas_uuid);
    await assertAdministratorRemains(this.repo);
    if (password_hash) await this.repo.setPasswordHash(uuid, password_hash);
    if (!activo || (password_hash && uuid !== caller.uuid)) await this.auth.endSessionsOf(uuid, activo ? 'contrasena' : 'desactivada');
  }

  @Transactional()
  private async applyDeactivation(caller: AuthUser, uuid: string): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound(MESSAGES.errors.userGone);
    const target = await this.loadOrThrow(uuid);
    this.assertManageable(caller, target, 'delete');
    if (target.uuid === caller.uuid) throw badRequest(MESSAGES.errors.cannotDeactivateSelf);
    await this.repo.deactivate(uuid);
    await assertAdministratorRemains(this.repo);
    await this.auth.endSessionsOf(uuid, 'desactivada');
  }

  /** Sets or clears a user's job position (`update:user`, same scope as editing). */
  async assignJobPosition(caller: AuthUser, input: AssignJobPositionRequest): Promise<UserResponse> {
    const target = await this.loadOrThrow(input.usuario_uuid);
    this.assertManageable(caller, target, 'edit');
    if (input.descripcion_puesto_uuid && !(await this.repo.jobPositionExists(input.descripcion_puesto_uuid))) {
      throw badRequest(MESSAGES.errors.jobPositionNotFound, [
        { path: 'descripcion_puesto_uuid', message: MESSAGES.errors.jobPositionNotFound },
      ]);
    }
    await this.repo.setJobPosition(target.uuid, input.descripcion_puesto_uuid);
    return toUserResponse(await this.loadOrThrow(target.uuid));
  }

  /**
   * Active users of the areas user `:id` belongs to. The caller itself sees all of
   * its areas; with `read:user:all` any user's; with `read:user` only a user sharing
   * an area, and only the shared areas.
   */
  async usersOfAreasOfUser(caller: AuthUser, uuid: string): Promise<UsersOfAreasOfUserResponse> {
    const target = await this.loadOrThrow(uuid);
    let areas = areaUuidsOf(target);
    if (target.uuid !== caller.uuid) {
      const scope = this.readScope(caller);
      if (scope.kind === 'none') throw forbidden();
      if (!anyInScope(scope, areas)) throw forbidden(MESSAGES.errors.noAccessUser);
      const limit = scopeAreas(scope);
      if (limit) areas = areas.filter((a) => limit.includes(a));
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

  /**
   * Self only; the current password must match (attempts limited like login). Every other
   * session of the user ends: whoever knew the old password is out.
   */
  async changePassword(caller: AuthUser, uuid: string, input: ChangePasswordRequest): Promise<{ ok: true }> {
    if (caller.uuid !== uuid) throw forbidden(MESSAGES.errors.onlyOwnPassword);
    const current = await this.repo.passwordHash(uuid);
    if (!current) throw notFound(MESSAGES.errors.userGone);
    if (!(await this.auth.checkCurrentPassword(uuid, () => verifyPassword(current, input.currentPassword)))) {
      throw badRequest(MESSAGES.errors.currentPasswordWrong, [
        { path: 'currentPassword', message: MESSAGES.errors.currentPasswordWrong },
      ]);
    }
    await this.applyOwnPassword(uuid, await hashPassword(input.newPassword), caller.sesionUuid);
    return { ok: true };
  }

  /** The new hash and the end of the other sessions, together or not at all. */
  @Transactional()
  private async applyOwnPassword(uuid: string, hash: string, keepSession: string): Promise<void> {
    await this.repo.setPasswordHash(uuid, hash);
    await this.auth.endSessionsOf(uuid, 'contrasena', keepSession);
  }
}

function areaUuidsOf(user: UserRow): string[] {
  return (user.areas ?? []).map((a) => a.uuid);
}
