import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_ROUTES, LoginRequest, LoginResponse, REFRESH_COOKIE, REFRESH_IN_BODY } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { CurrentUser, Endpoint, ValidBody } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { clearRefreshCookie, readCookie, setRefreshCookie } from '../../common/auth/refresh-cookie';
import { SignInService } from './sign-in.service';

/**
 * `POST /api/auth/login` and `/api/auth/logout`. A browser's refresh token lives only in an
 * HttpOnly cookie scoped to /api/auth (DECISIONS.md, "Refresh token in a cookie"); a client that is
 * not a browser asks for it in the body with `X-Refresh-Token: body`.
 */
@Controller()
export class SignInController {
  constructor(
    private readonly signIn: SignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(AUTH_ROUTES.login)
  async login(@ValidBody() body: LoginRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const agent = req.headers['user-agent'];
    const result = await this.signIn.login(body, { ip: req.ip ?? null, agent: typeof agent === 'string' ? agent : null });
    if (req.get(REFRESH_IN_BODY.header) === REFRESH_IN_BODY.value) return result;
    setRefreshCookie(res, result.refreshToken, this.config.cookieSecure);
    return { user: result.user, token: result.token };
  }

  @Endpoint(AUTH_ROUTES.logout)
  async logout(@CurrentUser() user: AuthUser, @ValidBody() body: { refreshToken?: string }, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const result = await this.signIn.logout(user, [readCookie(req, REFRESH_COOKIE.name), body.refreshToken]);
    clearRefreshCookie(res, this.config.cookieSecure);
    return result;
  }
}
