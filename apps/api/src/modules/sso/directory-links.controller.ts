import { Controller } from '@nestjs/common';
import { LinkDirectoryRequest, USERS_ROUTES, UuidParam } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody, ValidParams } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { DirectoryLinksService } from './directory-links.service';

/** A user's link to the company directory: an administrator's action, in the users' routes. */
@Controller()
export class DirectoryLinksController {
  constructor(private readonly links: DirectoryLinksService) {}

  @Endpoint(USERS_ROUTES.linkDirectory)
  link(@CurrentUser() user: AuthUser, @ValidParams() p: UuidParam, @ValidBody() body: LinkDirectoryRequest) {
    return this.links.link(user, p.id, body);
  }

  @Endpoint(USERS_ROUTES.unlinkDirectory)
  unlink(@ValidParams() p: UuidParam) {
    return this.links.unlink(p.id);
  }
}
