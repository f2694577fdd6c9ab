import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { JwtService } from '@nestjs/jwt';
import { Transactional } from '@nestjs-cls/transactional';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  LOGIN_RATE_LIMIT,
  LoginResponse,
  MESSAGES,
  PASSWORD_CHECK_LIMIT,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  RefreshTokenResponse,
  SessionListResponseSchema,
  type SessionEndReason,
  type Session,
  tooManyLoginAttemptsFor,
  tooManyPasswordAttemptsFor,
  TERMINAL_LIMITS,
} from '@gestar/contracts';
import { notFound, sessionRefused, tooManyRequests, unauthorized } from '../../common/http/app-exception';
import type { AuthUser } from '../../common/auth/auth-user';
import { SessionStateService } from '../../common/auth/session-state.service';
import { AuditService } from '../../common/audit/audit.service';
import { UserStateService } from '../../common/auth/user-state.service';
import { JobsService } from '../../common/jobs/jobs.service';
import { AuthRepository, TokenUserRow } from './auth.repository';
import { typedUsername } from '../../common/auth/typed-username';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

type Rotation = { kind: 'invalid' } | { kind: 'reuse' } | { kind: 'ok'; userUuid: string; token: string; family: string };

/** Where a sign-in comes from, as the sessions list shows it. */
export interface SignInOrigin {
  ip: string | null;
  agent: string | null;
}

@Injectable()
export class AuthService implements OnModuleInit {
  constructor(
    private readonly repo: AuthRepository,
    private readonly jwt: JwtService,
    @Inject(UserStateService) private readonly userState: UserStateService,
    private readonly sessionState: SessionStateService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Every night at 03:30 (company time), on the job runtime: this module prunes its own tables. */
  onModuleInit(): void {
    this.jobs.every({ name: 'sessions-prune', cron: '30 3 * * *', run: () => this.prune() });
  }

  /**
   * A refused sign-in, audited (with the account when the name has one), answered 401 with
   * `message`. The failure itself was counted when its attempt was reserved (reserveLoginAttempt).
   */
  async refuseSignIn(username: string, origin: SignInOrigin, userUuid: string | null, motivo: string, message: string): Promise<never> {
    const account = userUuid ?? (await this.repo.accountUuid(username));
    await this.audit.record({
      actorUuid: null,
      accion: 'ingreso_fallido',
      recurso: 'sesion',
      recursoUuid: account,
      detalle: { usuario: typedUsername(username), sin_cuenta: account === null, motivo },
      ip: origin.ip,
    });
    throw unauthorized(message);
  }

  /** The local account of a username, for the password sign-in (null when there is none). */
  loginUser(username: string) {
    return this.repo.loginUser(username);
  }

  /** A sign-in that succeeded clears the username's failures from that address. */
  clearFailedLogins(username: string, address: string): Promise<void> {
    return this.repo.clearFailedLogins(username, address);
  }

  /** Gives a reserved attempt back: the sign-in ended without a verdict on the password. */
  releaseLoginAttempt(attempt: string): Promise<void> {
    return this.repo.releaseAttempt(attempt);
  }

  /** A new session for a user who proved who they are (password, directory or OpenID). */
  async startSession(userUuid: string, origin: SignInOrigin, metodo: string, extra: { idToken?: string | null } = {}): Promise<Required<LoginResponse>> {
    const row = await this.repo.sessionUser(userUuid);
    if (!row || !row.activo) throw unauthorized(MESSAGES.errors.userInactive);
    const session = randomUUID();
    await this.repo.insertSession(session, row.uuid, origin.agent?.slice(0, 300) ?? null, origin.ip?.slice(0, 100) ?? null, REFRESH_TOKEN_TTL_DAYS);
    if (extra.idToken) await this.repo.setSessionIdToken(session, extra.idToken);
    const token = this.signAccessToken(row, session);
    const { token: refreshToken } = await this.insertRefreshToken(row.uuid, session);
    await this.audit.record({
      actorUuid: row.uuid,
      accion: 'ingresar',
      recurso: 'sesion',
      recursoUuid: session,
      detalle: { metodo, dispositivo: origin.agent?.slice(0, 300) ?? null },
      ip: origin.ip,
    });
    this.userState.invalidate(row.uuid);
    return {
      user: {
        uuid: row.uuid,
        nombre: row.nombre,
        apellido: row.apellido,
        username: row.username,
        descripcion_puesto: row.puesto_uuid
          ? { uuid: row.puesto_uuid, nombre: row.puesto_nombre ?? '', descripcion: row.puesto_descripcion ?? '' }
          : null,
      },
      token,
      refreshToken,
    };
  }

  /**
   * A person's session at a terminal, after their PIN was checked: an access token naming the
   * terminal (`trm`), no refresh token, and a replay credential for the writes they queue there.
   * Whoever was signed in at that terminal is signed out.
   */
  async startTerminalSession(
    userUuid: string,
    terminal: string,
    origin: SignInOrigin,
  ): Promise<{ token: string; replayToken: string; sesion: string; creadaEn: Date; replayVenceEn: Date; tokenExp: number }> {
    const row = await this.repo.sessionUser(userUuid);
    if (!row || !row.activo) throw unauthorized(MESSAGES.errors.userInactive);
    const sesion = randomUUID();
    const replayToken = randomBytes(32).toString('base64url');
    const limits = TERMINAL_LIMITS;
    const opened = await this.repo.insertTerminalSession(
      sesion,
      row.uuid,
      terminal,
      sha256(replayToken),
      origin.agent?.slice(0, 300) ?? null,
      origin.ip?.slice(0, 100) ?? null,
      limits.sessionMaxHours,
      limits.replayTtlHours,
    );
    for (const c of opened.cerradas) this.sessionState.forgetUser(c.usuario_uuid);
    const expiresIn = limits.sessionMaxHours * 3600;
    const token = this.jwt.sign(
      { sub: row.uuid, sid: sesion, trm: terminal, username: row.username, role: { uuid: row.rol_uuid, nombre: row.rol_nombre, permisos: row.permisos } },
      { expiresIn },
    );
    await this.audit.record({
      actorUuid: row.uuid,
      accion: 'ingresar',
      recurso: 'sesion',
      recursoUuid: sesion,
      detalle: { metodo: 'pin', terminal, dispositivo: origin.agent?.slice(0, 300) ?? null },
      ip: origin.ip,
    });
    this.userState.invalidate(row.uuid);
    return { token, replayToken, sesion, creadaEn: opened.creada_en, replayVenceEn: opened.replay_vence_en, tokenExp: Math.floor(Date.now() / 1000) + expiresIn };
  }

  /** «Terminar» at a terminal: the person's terminal session ends (its replay credential still works). */
  async endTerminalSession(user: AuthUser): Promise<void> {
    const closed = await this.repo.closeSessions(user.uuid, 'terminar', { only: user.sesionUuid });
    if (closed) await this.audit.record({ actorUuid: user.uuid, accion: 'terminar_sesion', recurso: 'sesion', recursoUuid: user.sesionUuid });
    this.sessionState.forgetUser(user.uuid);
  }

  /** A revoked terminal's open sessions end with it. */
  async endSessionsOfTerminal(terminal: string): Promise<number> {
    const closed = await this.repo.closeTerminalSessions(terminal, 'terminal_revocada');
    for (const c of closed) this.sessionState.forgetUser(c.usuario_uuid);
    return closed.length;
  }

  /**
   * Reserves one attempt under `key` before a secret is checked, unless `limit` are already in the
   * window (then null): the login limit's atomic count (`login_attempts`, an advisory lock per key).
   */
  async reserveAttempt(key: string, limit: number, windowMinutes: number): Promise<string | null> {
    const reserved = await this.repo.reserveAttempt(key, key, limit, windowMinutes);
    return reserved?.id ?? null;
  }

  /** Failures held under `key` in the window (a PIN lock is `limit` of them). */
  attemptsHeld(key: string, limit: number, windowMinutes: number): Promise<number> {
    return this.repo.attemptsHeld(key, windowMinutes).then((n) => Math.min(n, limit));
  }

  blockedSeconds(key: string, limit: number, windowMinutes: number): Promise<number> {
    return this.repo.blockedSeconds(key, key, limit, windowMinutes);
  }

  /** Clears the failures under `key` (a success, an unlock). */
  clearAttempts(key: string): Promise<void> {
    return this.repo.clearFailedLogins(key, key);
  }

  /**
   * Reserves this sign-in as a failure before any password is checked (DECISIONS.md, "Login
   * limits"): in PostgreSQL, so several API processes share the limit, and atomically, so parallel
   * requests cannot all pass the count. The 11th attempt of a username from an address within the
   * window is refused, right password or not; a success clears the username's failures there.
   * The address itself is never refused: past its free failures each attempt waits a little
   * longer (an awaited timer, the event loop stays free), a few seconds at most. Answers the
   * reserved row: a sign-in that ends without a verdict on the password gives it back with
   * `repo.releaseAttempt`.
   */
  async reserveLoginAttempt(username: string, address: string): Promise<string> {
    const limit = LOGIN_RATE_LIMIT;
    const reserved = await this.repo.reserveAttempt(username, address, limit.perUserAndAddress, limit.windowMinutes);
    if (!reserved) {
      // The block says how long it still lasts, in the message and in Retry-After.
      const seconds = await this.repo.blockedSeconds(username, address, limit.perUserAndAddress, limit.windowMinutes);
      throw tooManyRequests(tooManyLoginAttemptsFor(seconds / 60), seconds);
    }
    const delay = Math.min(limit.addressDelayMaxMs, Math.max(0, reserved.addressFailures - limit.addressFreeFailures) * limit.addressDelayStepMs);
    if (delay > 0) await sleep(delay);
    return reserved.id;
  }

  /**
   * Checks the current password on change-password, limited like login: after PASSWORD_CHECK_LIMIT
   * failures within the window, 429 until the window passes, right or wrong. The check is reserved
   * atomically first, so parallel attempts cannot exceed the limit.
   */
  async checkCurrentPassword(usuario: string, check: () => Promise<boolean>): Promise<boolean> {
    const key = `#contraseña:${usuario}`;
    const reserved = await this.repo.reserveAttempt(key, key, PASSWORD_CHECK_LIMIT, LOGIN_RATE_LIMIT.windowMinutes);
    if (!reserved) {
      const seconds = await this.repo.blockedSeconds(key, key, PASSWORD_CHECK_LIMIT, LOGIN_RATE_LIMIT.windowMinutes);
      throw tooManyRequests(tooManyPasswordAttemptsFor(seconds / 60), seconds);
    }
    let ok: boolean;
    try {
      ok = await check();
    } catch (err) {
      await this.repo.releaseAttempt(reserved.id);
      throw err;
    }
    if (ok) await this.repo.clearFailedLogins(key, key);
    // The reservation counted the failures before its own.
    else await this.recordPasswordFailure(usuario, reserved.addressFailures + 1);
    return ok;
  }

  /**
   * A wrong current password is audited on the user, and so is the block that the last allowed
   * failure starts (`failures` counts this one).
   */
  private async recordPasswordFailure(usuario: string, failures: number): Promise<void> {
    const limite = PASSWORD_CHECK_LIMIT;
    const entry = { actorUuid: usuario, recurso: 'usuario', recursoUuid: usuario } as const;
    await this.audit.record({ ...entry, accion: 'contrasena_incorrecta', detalle: { intento: Math.min(failures, limite), limite } });
    if (failures === limite) {
      await this.audit.record({ ...entry, accion: 'bloqueo', detalle: { intentos: limite, minutos: LOGIN_RATE_LIMIT.windowMinutes } });
    }
  }

  private signAccessToken(row: Omit<TokenUserRow, 'activo'>, session: string): string {
    return this.jwt.sign({
      sub: row.uuid,
      sid: session,
      username: row.username,
      role: { uuid: row.rol_uuid, nombre: row.rol_nombre, permisos: row.permisos },
    });
  }

  private async insertRefreshToken(userUuid: string, familyUuid: string): Promise<{ token: string; uuid: string }> {
    const token = randomBytes(32).toString('base64url');
    const uuid = await this.repo.insertRefreshToken(userUuid, familyUuid, sha256(token), REFRESH_TOKEN_TTL_DAYS);
    return { token, uuid };
  }

  /**
   * Rotation with reuse detection: a token is good once; presenting a rotated one
   * revokes its whole family, except the immediately previous token within the
   * grace window (two tabs refreshing at once).
   */
  async refresh(refreshToken: string): Promise<Required<RefreshTokenResponse>> {
    if (!refreshToken) throw unauthorized(MESSAGES.errors.invalidRefreshToken);
    const outcome = await this.rotate(sha256(refreshToken));
    if (outcome.kind === 'reuse') throw sessionRefused(MESSAGES.errors.invalidRefreshToken, 'seguridad');
    // An ended session says why (closed from another device, a password change...), for the login page.
    if (outcome.kind !== 'ok') throw sessionRefused(MESSAGES.errors.invalidRefreshToken, await this.repo.endReasonOfToken(sha256(refreshToken)));
    const user = await this.repo.tokenUser(outcome.userUuid);
    if (!user || !user.activo) throw sessionRefused(MESSAGES.errors.userInactive, 'desactivada');
    this.userState.invalidate(user.uuid);
    await this.repo.touchSession(outcome.family, REFRESH_TOKEN_TTL_DAYS);
    return { token: this.signAccessToken(user, outcome.family), refreshToken: outcome.token };
  }

  @Transactional()
  private async rotate(tokenHash: string): Promise<Rotation> {
    const row = await this.repo.lockRefreshToken(tokenHash);
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' };
    if (row.rotated_at) {
      const withinGrace = Date.now() - row.rotated_at.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      const successor = row.replaced_by_uuid ? await this.repo.refreshTokenState(row.replaced_by_uuid) : null;
      const isPrevious = successor && !successor.rotated_at && !successor.revoked_at;
      if (!withinGrace || !isPrevious) {
        // A stolen token replayed: the whole sign-in ends, its access tokens too.
        await this.repo.closeSessions(row.usuario_uuid, 'seguridad', { only: row.family_uuid });
        this.sessionState.forgetUser(row.usuario_uuid);
        return { kind: 'reuse' };
      }
      const next = await this.insertRefreshToken(row.usuario_uuid, row.family_uuid);
      return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token, family: row.family_uuid };
    }
    const next = await this.insertRefreshToken(row.usuario_uuid, row.family_uuid);
    await this.repo.markRotated(row.uuid, next.uuid);
    return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token, family: row.family_uuid };
  }

  /**
   * Ends the caller's current session: its refresh token and, at once, its access token. The
   * refresh tokens the request names (its cookie, a body token) end their sign-ins as well, when
   * they are the caller's. Answers the session's OpenID token, if it was opened at the provider.
   */
  async logout(user: AuthUser, refreshTokens: readonly (string | undefined)[] = []): Promise<{ idToken: string | null }> {
    const idToken = await this.repo.takeSessionIdToken(user.sesionUuid);
    const closed = await this.repo.closeSessions(user.uuid, 'cierre', { only: user.sesionUuid });
    if (closed) await this.audit.record({ actorUuid: user.uuid, accion: 'cerrar_sesion', recurso: 'sesion', recursoUuid: user.sesionUuid });
    for (const token of new Set(refreshTokens)) if (token) await this.repo.revokeFamilyOfToken(sha256(token), user.uuid);
    this.sessionState.forgetUser(user.uuid);
    return { idToken };
  }

  /** The caller's open sessions, the current one first. */
  async sessions(user: AuthUser): Promise<Session[]> {
    const rows = await this.repo.openSessionsOf(user.uuid);
    const list = rows.map((r) => ({
      uuid: r.uuid,
      agente: r.agente,
      ip: r.ip,
      creada_en: r.creada_en.toISOString(),
      ultimo_uso_en: r.ultimo_uso_en.toISOString(),
      actual: r.uuid === user.sesionUuid,
    }));
    list.sort((a, b) => Number(b.actual) - Number(a.actual));
    return SessionListResponseSchema.parse(list);
  }

  /** Ends one of the caller's sessions (404 when it is not an open session of the caller). */
  async endSession(user: AuthUser, sesion: string): Promise<{ ok: true }> {
    const closed = await this.repo.closeSessions(user.uuid, 'otro_dispositivo', { only: sesion });
    if (!closed) throw notFound(MESSAGES.errors.sessionGone);
    this.sessionState.forgetUser(user.uuid);
    return { ok: true };
  }

  /** "Cerrar las demás sesiones". */
  async endOtherSessions(user: AuthUser): Promise<{ cerradas: number }> {
    const cerradas = await this.endSessionsOf(user.uuid, 'otro_dispositivo', user.sesionUuid);
    return { cerradas };
  }

  /**
   * Ends every session of a user (deactivation, a password set by someone else), or every one
   * but `except` (the user changed its own password). Joins the caller's transaction when there is one.
   */
  async endSessionsOf(userUuid: string, motivo: SessionEndReason, except?: string): Promise<number> {
    const n = await this.repo.closeSessions(userUuid, motivo, except ? { except } : {});
    this.sessionState.forgetUser(userUuid);
    return n;
  }

  /** Daily housekeeping of sign-in records: failed attempts past their window, ended or expired sessions. */
  async prune(): Promise<{ intentos: number; sesiones: number }> {
    const pruned = await this.repo.prune();
    if (pruned.intentos + pruned.sesiones > 0) {
      new Logger('Sesiones').log(`Limpieza: ${pruned.intentos} intentos fallidos, ${pruned.sesiones} sesiones`);
    }
    return pruned;
  }
}
