import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import {
  AreaListQuery,
  AreaListResponse,
  AreaResponse,
  AreasOfUserResponse,
  AreasWithUsersResponse,
  CreateAreaRequest,
  MESSAGES,
  UpdateAreaRequest,
} from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { anyInScope, areaScope, assertInScope, scopeAreas, scopeFor } from '../../common/access/access';
import { conflict, forbidden, notFound } from '../../common/http/app-exception';
import { AreasRepository } from './areas.repository';

function isForeignKeyViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  return (err.driverError as { code?: string } | undefined)?.code === '23503';
}

@Injectable()
export class AreasService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: AreasRepository,
  ) {}

  /** `read:all:areas` sees every area; `read:area` only the caller's own. */
  async list(caller: AuthUser, q: AreaListQuery): Promise<AreaListResponse> {
    const { rows, total } = await this.repo.list({ page: q.page, limit: q.limit, nombre: q.nombre, scope: scopeAreas(areaScope(caller)) });
    return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
  }

  async get(caller: AuthUser, uuid: string): Promise<AreaResponse> {
    const area = await this.repo.findOne(uuid);
    if (!area) throw notFound();
    assertInScope(areaScope(caller), area.uuid);
    return area;
  }

  async withUsers(caller: AuthUser): Promise<AreasWithUsersResponse> {
    const areas = await this.repo.all(scopeAreas(areaScope(caller)));
    const users = await this.repo.activeUsersOf(areas.map((a) => a.uuid));
    return areas.map((a) => ({
      uuid: a.uuid,
      nombre: a.nombre,
      usuarios: users.filter((u) => u.area_uuid === a.uuid).map(({ uuid, nombre, apellido, username }) => ({ uuid, nombre, apellido, username })),
    }));
  }

  /** Self, or `read:user:all`, or `read:user` for a user sharing one of the caller's areas (same rule as GET users/:id). */
  async ofUser(caller: AuthUser, userUuid: string): Promise<AreasOfUserResponse> {
    if (!(await this.repo.userExists(userUuid))) throw notFound();
    const areas = await this.repo.ofUser(userUuid);
    if (userUuid !== caller.uuid) {
      const scope = scopeFor(caller, ['read:user:all'], ['read:user']);
      if (scope.kind === 'none') throw forbidden();
      if (!anyInScope(scope, areas.map((a) => a.uuid))) throw forbidden(MESSAGES.errors.outOfScope);
    }
    return areas;
  }

  create(input: CreateAreaRequest): Promise<AreaResponse> {
    return this.repo.insert(input.nombre);
  }

  async update(uuid: string, input: UpdateAreaRequest): Promise<AreaResponse> {
    const area = await this.repo.update(uuid, input.nombre);
    if (!area) throw notFound();
    return area;
  }

  /** Refused (409) while a user or a task belongs to the area: deleting it must not orphan anything. */
  async remove(uuid: string): Promise<{ ok: true }> {
    try {
      await this.ds.transaction(async (em) => {
        if (!(await this.repo.lock(em, uuid))) throw notFound();
        if (await this.repo.inUse(em, uuid)) throw conflict(MESSAGES.errors.areaInUse);
        await this.repo.delete(em, uuid);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw conflict(MESSAGES.errors.areaInUse);
      throw err;
    }
    return { ok: true };
  }
}
