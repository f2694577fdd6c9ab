import { Injectable } from '@nestjs/common';
import { pageMeta } from '../../database/sql';
import { RoleListQuery, RoleListResponse } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { RolesRepository } from './roles.repository';

@Injectable()
export class RolesService {
  constructor(private readonly repo: RolesRepository) {}

  /**
   * The roles the caller may grant: those whose permissions it holds itself. The
   * user form offers exactly these, so a supervisor is never shown 'Administrador'
   * (the users API refuses it anyway).
   */
  async list(caller: AuthUser, q: RoleListQuery): Promise<RoleListResponse> {
    const grantable = (await this.repo.all()).filter((r) => r.permisos.every((p) => caller.permisos.includes(p)));
    const start = (q.page - 1) * q.limit;
    return {
      data: grantable.slice(start, start + q.limit).map((r) => ({ uuid: r.uuid, nombre: r.nombre })),
      meta: pageMeta(q, grantable.length),
    };
  }
}
