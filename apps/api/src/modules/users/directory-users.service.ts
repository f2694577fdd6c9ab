import { Inject, Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { randomBytes } from 'node:crypto';
import { MESSAGES, type UserResponse } from '@gestar/contracts';
import { APP_CONFIG, AppConfig } from '../../config';
import { conflict, notFound, serviceUnavailable, unauthorized } from '../../common/http/app-exception';
import { UserStateService } from '../../common/auth/user-state.service';
import { mapGroups, type GroupRule } from '../sso/sso-config';
import { hashPassword } from '../../common/auth/password';
import { PG, pgErrorCode } from '../../database/sql';
import { assertAdministratorRemains } from './administrators';
import { toUserResponse } from './users.mapper';
import { UsersRepository } from './users.repository';
import { NotificationChannelsService } from '../notifications/notification-channels.service';

/** A parallel first sign-in of the same identity created its user meanwhile: sign in again as that user. */
class RetrySignIn extends Error {}

/** A plausible single address (a directory may hold anything in `mail`). */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** Who the directory says signed in. */
export interface DirectoryIdentity {
  origen: 'oidc' | 'ldap';
  /** OpenID's issuer; null for LDAP. */
  emisor: string | null;
  /**
   * The identity's keys, the one to keep first: OpenID `[sub]`; LDAP `[entryUUID, DN]` (or
   * `[DN]` for a directory without entryUUID). Never a username or an e-mail.
   */
  keys: string[];
  username: string;
  nombre: string;
  apellido: string;
  /** The directory's e-mail, when it gives one (and, for OpenID, says it is verified or is trusted). */
  correo: string | null;
  groups: string[];
}

/**
 * A directory sign-in becomes a Gestar user (DECISIONS.md, "Company sign-in"). The
 * identity is found by its own key only. A new identity becomes a new user (SSO_AUTO_CREATE)
 * unless its username is taken: then it is refused, never linked to that user. The group map
 * sets role and areas only of users the directory manages; name (and e-mail) follow the
 * directory at every sign-in; a user deactivated in Gestar stays out.
 */
@Injectable()
export class DirectoryUsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly userState: UserStateService,
    private readonly channels: NotificationChannelsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The role and areas the groups give, resolved to Gestar's uuids. */
  private async resolve(rule: GroupRule): Promise<{ rol: string; areas: string[] }> {
    const role = await this.repo.roleUuidByName(rule.rol);
    const areas = await this.repo.areaUuidsByNames(rule.areas);
    if (!role || areas.length !== new Set(rule.areas.map((a) => a.toLowerCase())).size) {
      throw serviceUnavailable(MESSAGES.errors.ssoMisconfigured);
    }
    return { rol: role.uuid, areas: areas.map((a) => a.uuid) };
  }

  /**
   * The user the identity signs in as. Two first sign-ins of one identity at once: the second
   * insert meets the unique key (or its username check meets the new user) and is tried again,
   * finding the user the first one created.
   */
  async signIn(who: DirectoryIdentity): Promise<string> {
    try {
      return await this.applySignIn(who);
    } catch (err) {
      if (pgErrorCode(err) !== PG.uniqueViolation && !(err instanceof RetrySignIn)) throw err;
      return this.applySignIn(who);
    }
  }

  @Transactional()
  private async applySignIn(who: DirectoryIdentity): Promise<string> {
    const sso = this.config.sso;
    const key = who.keys[0]!.slice(0, 1000);
    const nombre = (who.nombre || who.username).slice(0, 100);
    const apellido = who.apellido.slice(0, 100);
    const rule = mapGroups(who.groups, sso.groupMap);
    const existing = await this.repo.findByDirectoryKey(who.origen, who.emisor, who.keys);
    let uuid: string;
    if (existing) {
      if (!existing.activo) throw unauthorized(MESSAGES.errors.userInactive);
      uuid = existing.uuid;
      await this.repo.applyDirectoryProfile(uuid, { emisor: who.emisor, externoId: key, nombre, apellido });
      if (existing.directorio_gestiona) {
        if (!rule) throw unauthorized(MESSAGES.errors.ssoNoGroup);
        const access = await this.resolve(rule);
        await this.repo.setRole(uuid, access.rol);
        await this.repo.replaceAreas(uuid, access.areas);
        await assertAdministratorRemains(this.repo);
      }
    } else {
      if (!rule) throw unauthorized(MESSAGES.errors.ssoNoGroup);
      // Same name as a Gestar user it is not linked to: that user is someone else until an
      // administrator says otherwise.
      if (await this.repo.usernameHolder(who.username)) {
        // A first sign-in of this same identity at the same moment may have created it since the
        // lookup above (each statement sees what is committed): then it is that user, not a collision.
        if (await this.repo.findByDirectoryKey(who.origen, who.emisor, who.keys)) throw new RetrySignIn();
        throw unauthorized(MESSAGES.errors.ssoUsernameCollision);
      }
      if (!sso.autoCreate) throw unauthorized(MESSAGES.errors.ssoUnknownUser);
      const access = await this.resolve(rule);
      uuid = await this.repo.insertFromDirectory({
        username: who.username.slice(0, 100),
        nombre,
        apellido,
        rol_uuid: access.rol,
        origen: who.origen,
        externo_emisor: who.emisor,
        externo_id: key,
        // Nobody knows it: a directory user signs in through the directory.
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      });
      await this.repo.replaceAreas(uuid, access.areas);
    }
    // The directory's address is where its e-mails go (an address it does not give leaves the kept one).
    if (who.correo && EMAIL.test(who.correo)) await this.channels.setDirectoryAddress(uuid, who.correo);
    this.userState.invalidate(uuid);
    return uuid;
  }

  /**
   * An administrator's link of a user to a directory identity (sso's DirectoryLinksService), in the
   * caller's transaction: the user locked (404 when unknown), 409 when another user holds the identity.
   */
  async linkIdentity(
    uuid: string,
    l: { origen: 'oidc' | 'ldap'; emisor: string | null; externoId: string; gestiona: boolean },
  ): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound(MESSAGES.errors.userGone);
    const holder = await this.repo.findByDirectoryKey(l.origen, l.emisor, [l.externoId]);
    if (holder && holder.uuid !== uuid) throw conflict(MESSAGES.errors.ssoIdentityTaken);
    await this.repo.linkDirectory(uuid, l);
  }

  /** Back to a local user (404 when unknown), in the caller's transaction. */
  @Transactional()
  async unlinkIdentity(uuid: string): Promise<void> {
    if (!(await this.repo.lock(uuid))) throw notFound(MESSAGES.errors.userGone);
    await this.repo.unlinkDirectory(uuid);
  }

  /** The user as the API answers it (404 when unknown). */
  async userResponse(uuid: string): Promise<UserResponse> {
    const row = await this.repo.findOne(uuid);
    if (!row) throw notFound(MESSAGES.errors.userGone);
    return toUserResponse(row);
  }
}
