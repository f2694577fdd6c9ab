import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { LinkDirectoryRequest, MESSAGES, UserResponse } from '@gestar/contracts';
import type { AuthUser } from '../../common/auth/auth-user';
import { UserStateService } from '../../common/auth/user-state.service';
import { badRequest, conflict, serviceUnavailable } from '../../common/http/app-exception';
import { PG, pgErrorCode } from '../../database/sql';
import { AuthService } from '../auth/auth.service';
import { DirectoryUsersService } from '../users/directory-users.service';
import { DirectoryUnavailableError, LdapService } from './ldap.service';
import { OidcService } from './oidc.service';

/**
 * An administrator links a Gestar user to a directory identity, the only way an existing
 * account becomes a directory account (DECISIONS.md, "Company sign-in"). From then on
 * it signs in through the directory only; its sessions end, since its password no longer counts.
 */
@Injectable()
export class DirectoryLinksService {
  constructor(
    private readonly users: DirectoryUsersService,
    private readonly ldap: LdapService,
    private readonly oidc: OidcService,
    private readonly auth: AuthService,
    private readonly userState: UserStateService,
  ) {}

  async link(caller: AuthUser, uuid: string, input: LinkDirectoryRequest): Promise<UserResponse> {
    const field = (message: string) => badRequest(message, [{ path: 'proveedor', message }]);
    let key: { emisor: string | null; externoId: string };
    if (input.proveedor === 'oidc') {
      if (!this.oidc.enabled) throw field(MESSAGES.errors.ssoProviderOff);
      key = { emisor: await this.oidc.issuer(), externoId: input.identificador };
    } else {
      if (!this.ldap.enabled) throw field(MESSAGES.errors.ssoProviderOff);
      let entry;
      try {
        entry = await this.ldap.lookup(input.identificador);
      } catch (err) {
        if (err instanceof DirectoryUnavailableError) throw serviceUnavailable(MESSAGES.errors.ssoDirectoryUnavailable);
        throw err;
      }
      if (!entry) {
        throw badRequest(MESSAGES.errors.ssoLdapNotFound, [{ path: 'identificador', message: MESSAGES.errors.ssoLdapNotFound }]);
      }
      key = { emisor: null, externoId: entry.keys[0]! };
    }
    try {
      await this.applyLink(caller, uuid, { origen: input.proveedor, ...key, gestiona: input.gestiona_grupos });
    } catch (err) {
      if (pgErrorCode(err) === PG.uniqueViolation) throw conflict(MESSAGES.errors.ssoIdentityTaken);
      throw err;
    }
    this.userState.invalidate(uuid);
    return this.users.userResponse(uuid);
  }

  @Transactional()
  private async applyLink(
    caller: AuthUser,
    uuid: string,
    l: { origen: 'oidc' | 'ldap'; emisor: string | null; externoId: string; gestiona: boolean },
  ): Promise<void> {
    await this.users.linkIdentity(uuid, l);
    // Its password no longer opens it: sessions opened with it end (but not the caller's own).
    await this.auth.endSessionsOf(uuid, 'cuenta_empresa', uuid === caller.uuid ? caller.sesionUuid : undefined);
  }

  async unlink(uuid: string): Promise<UserResponse> {
    await this.users.unlinkIdentity(uuid);
    this.userState.invalidate(uuid);
    return this.users.userResponse(uuid);
  }
}
