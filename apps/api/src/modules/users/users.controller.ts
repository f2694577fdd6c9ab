import { Controller } from '@nestjs/common';
import {
  AssignJobPositionRequest,
  ChangePasswordRequest,
  CreateUserRequest,
  UpdateUserRequest,
  USERS_ROUTES,
  UserListQuery,
  UuidParam,
} from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams, ValidQuery } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Endpoint(USERS_ROUTES.list)
  list(@CurrentUser() user: AuthUser, @ValidQuery() q: UserListQuery) {
    return this.users.list(user, q);
  }

  // Static segment before `/users/:id`.
  @Endpoint(USERS_ROUTES.usersOfAreasOfUser)
  usersOfAreasOfUser(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.users.usersOfAreasOfUser(user, p.id);
  }

  @Endpoint(USERS_ROUTES.get)
  get(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.users.get(user, p.id);
  }

  @Endpoint(USERS_ROUTES.create)
  create(@CurrentUser() user: AuthUser, @ValidBody() body: CreateUserRequest) {
    return this.users.create(user, body);
  }

  @Endpoint(USERS_ROUTES.update)
  update(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: UpdateUserRequest) {
    return this.users.update(user, p.id, body);
  }

  @Endpoint(USERS_ROUTES.remove)
  remove(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam) {
    return this.users.deactivate(user, p.id);
  }

  @Endpoint(USERS_ROUTES.changePassword)
  changePassword(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: ChangePasswordRequest) {
    return this.users.changePassword(user, p.id, body);
  }

  @Endpoint(USERS_ROUTES.assignJobPosition)
  assignJobPosition(@CurrentUser() user: AuthUser, @ValidBody() body: AssignJobPositionRequest) {
    return this.users.assignJobPosition(user, body);
  }
}
