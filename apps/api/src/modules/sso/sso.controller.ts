import { Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AUTH_ROUTES, AuthProvidersResponse, MESSAGES, safeReturnPath, type SsoErrorCode } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { Endpoint, ValidQuery } from '../../common/auth/decorators';
import { AuditService } from '../../common/audit/audit.service';
import { AuthService } from '../auth/auth.service';
import { readCookie, setRefreshCookie } from '../../common/auth/refresh-cookie';
import { DirectoryUsersService } from '../users/directory-users.service';
import { LdapService } from './ldap.service';
import { OIDC_ATTEMPT_SECONDS, OidcError, OidcService } from './oidc.service';

/** Binds a pending OpenID sign-in to the browser that started it. */
const STATE_COOKIE = { name: 'gestar_oidc', path: '/api/auth/oidc' } as const;

/** The Spanish message of an error, as the directory sign-in answers it, to the login screen's code. */
const CODE_OF: Record<string, SsoErrorCode> = {
  [MESSAGES.errors.ssoNoGroup]: 'grupo',
  [MESSAGES.errors.ssoUnknownUser]: 'desconocido',
  [MESSAGES.errors.userInactive]: 'inactivo',
  [MESSAGES.errors.ssoMisconfigured]: 'configuracion',
  [MESSAGES.errors.ssoUsernameCollision]: 'colision',
  [MESSAGES.errors.lastAdministrator]: 'administrador',
};

@Controller()
export class SsoController {
  private readonly logger = new Logger('OIDC');

  constructor(
    private readonly oidc: OidcService,
    private readonly ldap: LdapService,
    private readonly users: DirectoryUsersService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Endpoint(AUTH_ROUTES.providers)
  providers(): AuthProvidersResponse {
    return {
      oidc: this.oidc.enabled ? { nombre: this.oidc.name! } : null,
      ldap: this.ldap.enabled,
      dispositivo_compartido: { minutos_inactividad: this.config.sharedDeviceIdleMinutes },
    };
  }

  @Endpoint(AUTH_ROUTES.oidcStart)
  async start(@ValidQuery() query: { volver?: string; compartido?: '1' | '0' }, @Res() res: Response): Promise<void> {
    if (!this.oidc.enabled) return res.redirect(302, '/login');
    // Only a path of this application: anything else is dropped, never followed.
    let started: Awaited<ReturnType<OidcService['start']>>;
    try {
      started = await this.oidc.start(safeReturnPath(query.volver), query.compartido === '1');
    } catch (err) {
      if (!(err instanceof OidcError)) throw err;
      // A browser's navigation: the login screen says the provider is out, never a JSON body.
      this.logger.warn(err.message);
      res.setHeader('Cache-Control', 'no-store');
      return res.redirect(302, `/login?sso_error=${err.code}`);
    }
    const { url, state } = started;
    res.cookie(STATE_COOKIE.name, state, {
      httpOnly: true,
      // Lax: the provider sends the browser back with a top-level GET from its own site.
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      path: STATE_COOKIE.path,
      maxAge: OIDC_ATTEMPT_SECONDS * 1000,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, url);
  }

  @Endpoint(AUTH_ROUTES.oidcCallback)
  async callback(@ValidQuery() query: Record<string, string>, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.clearCookie(STATE_COOKIE.name, { httpOnly: true, sameSite: 'lax', secure: this.config.cookieSecure, path: STATE_COOKIE.path });
    res.setHeader('Cache-Control', 'no-store');
    const fail = async (code: SsoErrorCode, motivo: string) => {
      await this.audit.record({ actorUuid: null, accion: 'ingreso_fallido', recurso: 'sesion', detalle: { metodo: 'oidc', motivo }, ip: req.ip ?? null });
      res.redirect(302, `/login?sso_error=${code}`);
    };
    if (!this.oidc.enabled) return res.redirect(302, '/login');
    if (query.error) return fail('proveedor', `el proveedor respondió ${query.error}`);
    let uuid: string;
    let finished: Awaited<ReturnType<OidcService['finish']>>;
    try {
      finished = await this.oidc.finish(query, readCookie(req, STATE_COOKIE.name));
      uuid = await this.users.signIn(finished.who);
    } catch (err) {
      if (err instanceof OidcError) {
        this.logger.warn(`Ingreso OpenID rechazado: ${err.message}`);
        return fail(err.code, err.message);
      }
      const message = (err as Error).message;
      const code = CODE_OF[message];
      if (code) return fail(code, message);
      throw err;
    }
    const agent = req.headers['user-agent'];
    const session = await this.auth.startSession(uuid, { ip: req.ip ?? null, agent: typeof agent === 'string' ? agent : null }, 'oidc', {
      idToken: finished.idToken,
      compartido: finished.compartido,
    });
    setRefreshCookie(res, session.refreshToken, this.config.cookieSecure);
    // The page there takes its access token with the refresh cookie: no token travels in a URL.
    // The return path was checked when stored; it is checked again on the way out.
    const volver = safeReturnPath(finished.volver);
    res.redirect(302, volver ? `/login/sso?volver=${encodeURIComponent(volver)}` : '/login/sso');
  }
}
