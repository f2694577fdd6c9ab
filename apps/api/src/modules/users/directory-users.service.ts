import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { serviceUnavailable, unauthorized } from '../../common/http/app-exception';
import { UserStateService } from '../../common/auth/user-state.service';
import { mapGroups } from '../sso/sso-config';
import { hashPassword } from '../auth/password';
import { UsersRepository } from './users.repository';

/** Who the directory says signed in. */
export interface DirectoryIdentity {
  origen: 'oidc' | 'ldap';
  /** The directory's stable id: the OpenID subject, or the LDAP entry's DN. */
  externoId: string;
  username: string;
  nombre: string;
  apellido: string;
  groups: string[];
}

/**
 * A directory sign-in becomes a Gestar user (DECISIONS.md, "Company sign-in"): the groups give the
 * role and areas at every sign-in; an unknown person is created only with SSO_AUTO_CREATE=true;
 * a user deactivated in Gestar stays out whatever the directory says.
 */
@Injectable()
export class DirectoryUsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly userState: UserStateService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Transactional()
  async signIn(who: DirectoryIdentity): Promise<string> {
    const sso = this.config.sso;
    const rule = mapGroups(who.groups, sso.groupMap);
    if (!rule) throw unauthorized(MESSAGES.errors.ssoNoGroup);
    const role = await this.repo.roleUuidByName(rule.rol);
    const areas = await this.repo.areaUuidsByNames(rule.areas);
    if (!role || areas.length !== new Set(rule.areas.map((a) => a.toLowerCase())).size) {
      throw serviceUnavailable(MESSAGES.errors.ssoMisconfigured);
    }
    const existing = await this.repo.findForDirectory(who.origen, who.externoId, who.username);
    let uuid: string;
    if (existing) {
      if (!existing.activo) throw unauthorized(MESSAGES.errors.userInactive);
      uuid = existing.uuid;
      await this.repo.applyDirectory(uuid, who.origen, who.externoId, role.uuid);
    } else {
      if (!sso.autoCreate) throw unauthorized(MESSAGES.errors.ssoUnknownUser);
      uuid = await this.repo.insertFromDirectory({
        username: who.username.slice(0, 100),
        nombre: (who.nombre || who.username).slice(0, 100),
        apellido: who.apellido.slice(0, 100),
        rol_uuid: role.uuid,
        origen: who.origen,
        externo_id: who.externoId.slice(0, 300),
        // Nobody knows it: a directory user signs in through the directory.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      });
    }
    await this.repo.replaceAreas(uuid, areas.map((a) => a.uuid));
    this.userState.invalidate(uuid);
    return uuid;
  }
}
