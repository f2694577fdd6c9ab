import { Injectable } from '@nestjs/common';
import { LoginRequest, LoginResponse, LogoutResponse, MESSAGES } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { dummyHash, verifyPassword } from '../../common/auth/password';
import { typedUsername } from '../../common/auth/typed-username';
import { AuditService } from '../../common/audit/audit.service';
import { serviceUnavailable } from '../../common/http/app-exception';
import { AuthService, type SignInOrigin } from '../auth/auth.service';
import { DirectoryUnavailableError, LdapService } from '../sso/ldap.service';
import { OidcService } from '../sso/oidc.service';
import { DirectoryUsersService } from '../users/directory-users.service';

/**
 * Signing in with a username and password, and out: the company directory (LDAP, its users made
 * Gestar users) and the local password, over the sessions of AuthService. A module of its own so
 * that auth, sso and users are injected here, none of them reaching for another.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly auth: AuthService,
    private readonly ldap: LdapService,
    private readonly oidc: OidcService,
    private readonly users: DirectoryUsersService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Username and password. The local password is checked first, once per sign-in whatever the
   * outcome (one hash, so a refusal takes as long for any username): a local account with its
   * right password signs in without the directory, so a directory that is down or does not answer
   * never holds it. Otherwise the company directory when LDAP is on (its groups give the role and
   * areas); a user linked to the directory signs in through it only.
   */
  async login(input: LoginRequest, origin: SignInOrigin): Promise<Required<LoginResponse>> {
    const address = origin.ip ?? 'desconocida';
    const username = input.username.trim();
    const attempt = await this.auth.reserveLoginAttempt(username, address);
    try {
      return await this.verifyLogin(input, username, address, origin);
    } catch (err) {
      // A sign-in that ends without a verdict on the password (the directory out, a database
      // error) gives its reserved attempt back: only a refused password counts as a failure.
      const status = (err as { getStatus?: () => number }).getStatus?.() ?? 500;
      if (status >= 500) await this.auth.releaseLoginAttempt(attempt);
      throw err;
    }
  }

  private async verifyLogin(input: LoginRequest, username: string, address: string, origin: SignInOrigin): Promise<Required<LoginResponse>> {
    const { ldap, users } = this;
    const row = await this.auth.loginUser(username);
    const ok = row
      ? await verifyPassword(row.password_hash, input.password)
      : (await verifyPassword(await dummyHash(), input.password), false);
    // A user linked to the directory signs in through the directory only.
    const localAllowed = !row || row.origen === 'local';
    if (row && ok && row.activo && localAllowed) {
      await this.auth.clearFailedLogins(username, address);
      return this.auth.startSession(row.uuid, origin, 'contraseña', { compartido: input.compartido === true });
    }
    let collision = false;
    if (ldap.enabled) {
      let who: Awaited<ReturnType<LdapService['authenticate']>> = null;
      try {
        who = await ldap.authenticate(username, input.password);
      } catch (err) {
        if (!(err instanceof DirectoryUnavailableError)) throw err;
        ldap.warn(`No se pudo consultar el directorio: ${err.message}`);
        // A directory user (or someone the directory may know) is told the directory is out, and
        // nothing counts as a failure; a local user's wrong password is refused as always.
        if (!row || row.origen === 'ldap') {
          await this.audit.record({
            actorUuid: null,
            accion: 'ingreso_fallido',
            recurso: 'sesion',
            recursoUuid: row?.uuid ?? null,
            detalle: { usuario: typedUsername(username), sin_cuenta: row === null, motivo: 'directorio no disponible', metodo: 'ldap' },
            ip: origin.ip,
          });
          throw serviceUnavailable(MESSAGES.errors.ssoDirectoryUnavailable);
        }
      }
      if (who) {
        let uuid: string | null = null;
        try {
          uuid = await users.signIn(who);
        } catch (err) {
          const message = (err as { message?: string }).message ?? MESSAGES.errors.loginFailed;
          // The directory's person is not the Gestar user of that name: that user's own password
          // (checked above) may open it; anything else is refused with the reason.
          if (message === MESSAGES.errors.ssoUsernameCollision) collision = true;
          else if ((err as { getStatus?: () => number }).getStatus?.() === 401) return this.auth.refuseSignIn(username, origin, null, `directorio: ${message}`, message);
          else throw err;
        }
        if (uuid) {
          await this.auth.clearFailedLogins(username, address);
          return this.auth.startSession(uuid, origin, 'ldap', { compartido: input.compartido === true });
        }
      }
    }
    const motivo = !row
      ? 'usuario desconocido'
      : !localAllowed
        ? 'usuario vinculado al directorio: contraseña local no admitida'
        : !ok
          ? 'contraseña incorrecta'
          : 'usuario inactivo';
    if (collision) return this.auth.refuseSignIn(username, origin, null, `directorio: ${MESSAGES.errors.ssoUsernameCollision}`, MESSAGES.errors.ssoUsernameCollision);
    return this.auth.refuseSignIn(username, origin, row?.uuid ?? null, motivo, MESSAGES.errors.loginFailed);
  }

  /** Ends the caller's session; one opened at the company's provider is ended there too by the browser. */
  async logout(user: AuthUser, refreshTokens: readonly (string | undefined)[] = []): Promise<LogoutResponse> {
    const { idToken } = await this.auth.logout(user, refreshTokens);
    const endAtProvider = idToken ? await this.oidc.endSessionUrl(idToken) : null;
    return endAtProvider ? { ok: true, cerrar_proveedor: endAtProvider } : { ok: true };
  }
}
