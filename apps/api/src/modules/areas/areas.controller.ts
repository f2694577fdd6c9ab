import { Controller } from '@nestjs/common';
import { AREAS_ROUTES, AreaListQuery, CreateAreaRequest, UpdateAreaRequest, UuidParam } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AreasService } from './areas.service';

@Controller()
export class AreasController {
  constructor(private readonly areas: AreasService) {}

  @Endpoint(AREAS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: AreaListQuery) {
    return this.areas.list(user, q);
  }

  // Static paths before `/areas/:id`.
  @Endpoint(AREAS_ROUTES.withUsers)
  withUsers(@CurrentUser() user: AuthUser) {
    return this.areas.withUsers(user);
  }

  @Endpoint(AREAS_ROUTES.ofUser)
  ofUser(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.areas.ofUser(user, p.id);
  }

  @Endpoint(AREAS_ROUTES.get)
  get(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.areas.get(user, p.id);
  }

  @Endpoint(AREAS_ROUTES.create)
  create(@ValidBody() body: CreateAreaRequest) {
    return this.areas.create(body);
  }

  @Endpoint(AREAS_ROUTES.update)
  update(@ValidParams() p: UuidParam, @ValidBody() body: UpdateAreaRequest) {
    return this.areas.update(p.id, body);
  }

  @Endpoint(AREAS_ROUTES.remove)
  remove(@ValidParams() p: UuidParam) {
    return this.areas.remove(p.id);
  }
}
