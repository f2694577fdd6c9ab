import { Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AUTH_ROUTES, LoginRequest, RefreshTokenRequest } from '@gestar/contracts';
import { CurrentUser, Endpoint, ValidBody } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuthService } from './auth.service';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Endpoint(AUTH_ROUTES.login)
  login(@ValidBody() body: LoginRequest, @Req() req: Request) {
    return this.auth.login(body, req.ip ?? 'desconocida');
  }

  @Endpoint(AUTH_ROUTES.refresh)
  refresh(@ValidBody() body: RefreshTokenRequest) {
    return this.auth.refresh(body.refreshToken);
  }

  @Endpoint(AUTH_ROUTES.logout)
  logout(@CurrentUser() user: AuthUser, @ValidBody() body: { refreshToken?: string }) {
    return this.auth.logout(user.uuid, body.refreshToken);
  }
}
