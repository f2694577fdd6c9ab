import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AUTH_ROUTES,
  REFRESH_COOKIE,
  RefreshTokenRequest,
  RefreshTokenResponse,
} from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { CurrentUser, Endpoint, ValidBody, ValidParams } from '../../common/auth/decorators';
import type { AuthUser } from '../../common/auth/auth-user';
import { AuthService } from './auth.service';
import { clearRefreshCookie, readCookie, setRefreshCookie } from '../../common/auth/refresh-cookie';

function refreshCookie(req: Request): string | undefined {
  return readCookie(req, REFRESH_COOKIE.name);
}

/**
 * Sessions: refreshing, listing and ending them (signing in and out is SignInController). A
 * browser's refresh token lives only in an HttpOnly cookie scoped to /api/auth (DECISIONS.md,
 * "Refresh token in a cookie"); a client that is not a browser sends it back in the body.
 */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private setCookie(res: Response, token: string): void {
    setRefreshCookie(res, token, this.config.cookieSecure);
  }

  private clearCookie(res: Response): void {
    clearRefreshCookie(res, this.config.cookieSecure);
  }

  @Endpoint(AUTH_ROUTES.refresh)
  async refresh(@ValidBody() body: RefreshTokenRequest, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<RefreshTokenResponse> {
    const inBody = body.refreshToken !== undefined;
    try {
      const result = await this.auth.refresh(body.refreshToken ?? refreshCookie(req) ?? '');
      if (inBody) return result;
      this.setCookie(res, result.refreshToken);
      return { token: result.token };
    } catch (err) {
      // A refused cookie is of no further use: the browser forgets it.
      if (!inBody) this.clearCookie(res);
      throw err;
    }
  }

  /** The guard's check of the session already counted this call as a use (SessionStateRepository.isOpen). */
  @Endpoint(AUTH_ROUTES.activity)
  activity(): { ok: true } {
    return { ok: true };
  }

  @Endpoint(AUTH_ROUTES.sessions)
  sessions(@CurrentUser() user: AuthUser) {
    return this.auth.sessions(user);
  }

  @Endpoint(AUTH_ROUTES.endOtherSessions)
  endOtherSessions(@CurrentUser() user: AuthUser) {
    return this.auth.endOtherSessions(user);
  }

  @Endpoint(AUTH_ROUTES.endSession)
  endSession(@CurrentUser() user: AuthUser, @ValidParams() params: { id: string }) {
    return this.auth.endSession(user, params.id);
  }
}
