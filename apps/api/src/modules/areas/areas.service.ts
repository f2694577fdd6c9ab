import { Injectable } from '@nestjs/common';
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
import { InjectCatalog } from '../../common/catalog/catalog.module';
import type { CatalogService } from '../../common/catalog/catalog.service';
import type { AuthUser } from '../../common/auth/auth-user';
import { anyInScope, areaScope, assertInScope, scopeAreas, scopeFor } from '../../common/access/access';
import { forbidden, notFound } from '../../common/http/app-exception';
import { AREAS } from './areas.catalog';
import { AreasRepository } from './areas.repository';

@Injectable()
export class AreasService {
  constructor(
    @InjectCatalog(AREAS) private readonly catalog: CatalogService<AreaResponse>,
    private readonly repo: AreasRepository,
  ) {}

  /** `read:all:areas` sees every area; `read:area` only the caller's own. */
  async list(caller: AuthUser, q: AreaListQuery): Promise<AreaListResponse> {
    return this.catalog.list({ page: q.page, limit: q.limit, nombre: q.nombre, scope: scopeAreas(areaScope(caller)) });
  }

  async get(caller: AuthUser, uuid: string): Promise<AreaResponse> {
    const area = await this.catalog.get(uuid);
    assertInScope(areaScope(caller), area.uuid, MESSAGES.errors.noAccessArea);
    return area;
  }

  async withUsers(caller: AuthUser): Promise<AreasWithUsersResponse> {
    const areas = await this.repo.all(scopeAreas(areaScope(caller)));
    const users = await this.repo.activeUsersOf(areas.map((a) => a.uuid));
    return areas.map((a) => ({
      uuid: a.uuid,
      nombre: a.nombre,
      usuarios: users
        .filter((u) => u.area_uuid === a.uuid)
        .map(({ uuid, nombre, apellido, username }) => ({ uuid, nombre, apellido, username })),
    }));
  }

  /** Self, or `read:user:all`, or `read:user` for a user sharing one of the caller's areas (same rule as GET users/:id). */
  async ofUser(caller: AuthUser, userUuid: string): Promise<AreasOfUserResponse> {
    if (!(await this.repo.userExists(userUuid))) throw notFound(MESSAGES.errors.userGone);
    const areas = await this.repo.ofUser(userUuid);
    if (userUuid !== caller.uuid) {
      const scope = scopeFor(caller, ['read:user:all'], ['read:user']);
      if (scope.kind === 'none') throw forbidden();
      if (
        !anyInScope(
          scope,
          areas.map((a) => a.uuid),
        )
      )
        throw forbidden(MESSAGES.errors.noAccessUser);
    }
    return areas;
  }

  create(input: CreateAreaRequest): Promise<AreaResponse> {
    return this.catalog.create(input);
  }

  update(uuid: string, input: UpdateAreaRequest): Promise<AreaResponse> {
    return this.catalog.update(uuid, input);
  }

  remove(uuid: string): Promise<{ ok: true }> {
    return this.catalog.remove(uuid);
  }
}
