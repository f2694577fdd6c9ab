import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { Transactional } from '@nestjs-cls/transactional';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  LOGIN_RATE_LIMIT,
  LoginRequest,
  LoginResponse,
  MESSAGES,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_DAYS,
  RefreshTokenResponse,
} from '@gestar/contracts';
import { tooManyRequests, unauthorized } from '../../common/http/app-exception';
import { UserStateService } from '../../common/auth/user-state.service';
import { AuthRepository, TokenUserRow } from './auth.repository';
import { dummyHash, verifyPassword } from './password';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

type Rotation = { kind: 'invalid' } | { kind: 'reuse' } | { kind: 'ok'; userUuid: string; token: string };

@Injectable()
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly jwt: JwtService,
    @Inject(UserStateService) private readonly userState: UserStateService,
  ) {}

  async login(input: LoginRequest, address: string): Promise<LoginResponse> {
    const username = input.username.trim();
    await this.assertNotRateLimited(username, address);
    const row = await this.repo.loginUser(username);
    const ok = row
      ? await verifyPassword(row.password_hash, input.password)
      : (await verifyPassword(await dummyHash(), input.password), false);
    if (!row || !ok || !row.activo) {
      await this.repo.recordFailedLogin(username.toLowerCase().slice(0, 100), address.slice(0, 100));
      throw unauthorized(MESSAGES.errors.loginFailed);
    }
    await this.repo.clearFailedLogins(username, address);
    const token = this.signAccessToken(row);
    const { token: refreshToken } = await this.insertRefreshToken(row.uuid, randomUUID());
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

  /** Counted in PostgreSQL so several API processes share the limit. */
  private async assertNotRateLimited(username: string, address: string): Promise<void> {
    const counts = await this.repo.failedLogins(username, address, LOGIN_RATE_LIMIT.windowMinutes);
    if (counts.perUser >= LOGIN_RATE_LIMIT.perUserAndAddress || counts.perAddress >= LOGIN_RATE_LIMIT.perAddress) {
      throw tooManyRequests(MESSAGES.errors.tooManyLoginAttempts);
    }
  }

  private signAccessToken(row: Omit<TokenUserRow, 'activo'>): string {
    return this.jwt.sign({
      sub: row.uuid,
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
  async refresh(refreshToken: string): Promise<RefreshTokenResponse> {
    if (!refreshToken) throw unauthorized(MESSAGES.errors.invalidRefreshToken);
    const outcome = await this.rotate(sha256(refreshToken));
    if (outcome.kind !== 'ok') throw unauthorized(MESSAGES.errors.invalidRefreshToken);
    const user = await this.repo.tokenUser(outcome.userUuid);
    if (!user || !user.activo) throw unauthorized(MESSAGES.errors.userInactive);
    this.userState.invalidate(user.uuid);
    return { token: this.signAccessToken(user), refreshToken: outcome.token };
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
        await this.repo.revokeFamily(row.family_uuid);
        return { kind: 'reuse' };
      }
      const next = await this.insertRefreshToken(row.usuario_uuid, row.family_uuid);
      return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token };
    }
    const next = await this.insertRefreshToken(row.usuario_uuid, row.family_uuid);
    await this.repo.markRotated(row.uuid, next.uuid);
    return { kind: 'ok', userUuid: row.usuario_uuid, token: next.token };
  }

  /** Revokes the refresh token's family when it belongs to the caller. */
  async logout(userUuid: string, refreshToken?: string): Promise<{ ok: true }> {
    if (refreshToken) await this.repo.revokeFamilyOfToken(sha256(refreshToken), userUuid);
    return { ok: true };
  }

  /**
   * Ends every session of a user (deactivation, a password set by someone else). Joins the
   * caller's transaction when there is one.
   */
  async revokeSessionsOf(userUuid: string): Promise<void> {
    await this.repo.revokeAllOf(userUuid);
  }
}
