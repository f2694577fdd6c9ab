import { Controller } from '@nestjs/common';
import { ROLES_ROUTES, RoleListQuery } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { RolesService } from './roles.service';

@Controller()
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Endpoint(ROLES_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: RoleListQuery) {
    return this.roles.list(user, q);
  }
}
