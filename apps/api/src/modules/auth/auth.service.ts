import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
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
import { dummyHash, verifyPassword } from './password';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

interface LoginRow {
  uuid: string;
  username: string;
  nombre: string;
  apellido: string;
  activo: boolean;
  password_hash: string;
  rol_uuid: string;
  rol_nombre: string;
  permisos: string[];
  puesto_uuid: string | null;
  puesto_nombre: string | null;
  puesto_descripcion: string | null;
}

interface RefreshRow {
  uuid: string;
  usuario_uuid: string;
  family_uuid: string;
  expires_at: Date;
  rotated_at: Date | null;
  replaced_by_uuid: string | null;
  revoked_at: Date | null;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly ds: DataSource,
    private readonly jwt: JwtService,
    @Inject(UserStateService) private readonly userState: UserStateService,
  ) {}

  async login(input: LoginRequest, address: string): Promise<LoginResponse> {
    const username = input.username.trim();
    await this.assertNotRateLimited(username, address);
    const rows: LoginRow[] = await this.ds.query(
      `SELECT u.uuid, u.username, u.nombre, u.apellido, u.activo, u.password_hash,
              r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
              p.uuid AS puesto_uuid, p.nombre AS puesto_nombre, p.descripcion AS puesto_descripcion
         FROM usuarios u
         JOIN roles r ON r.uuid = u.rol_uuid
         LEFT JOIN descripciones_puesto p ON p.uuid = u.descripcion_puesto_uuid
        WHERE lower(u.username) = lower($1)`,
      [username],
    );
    const row = rows[0];
    const ok = row ? await verifyPassword(row.password_hash, input.password) : (await verifyPassword(await dummyHash(), input.password), false);
    if (!row || !ok || !row.activo) {
      await this.ds.query(`INSERT INTO login_attempts (username, address) VALUES ($1, $2)`, [username.toLowerCase().slice(0, 100), address.slice(0, 100)]);
      throw unauthorized(MESSAGES.errors.loginFailed);
    }
    await this.ds.query(`DELETE FROM login_attempts WHERE lower(username) = lower($1) AND address = $2`, [username, address]);
    const token = this.signAccessToken(row);
    const refreshToken = await this.issueRefreshToken(this.ds.manager, row.uuid, randomUUID());
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
    const window = `${LOGIN_RATE_LIMIT.windowMinutes} minutes`;
    const [counts]: { per_user: string; per_address: string }[] = await this.ds.query(
      `SELECT count(*) FILTER (WHERE lower(username) = lower($1)) AS per_user, count(*) AS per_address
         FROM login_attempts
        WHERE address = $2 AND attempted_at > now() - $3::interval`,
      [username, address, window],
    );
    if (Number(counts.per_user) >= LOGIN_RATE_LIMIT.perUserAndAddress || Number(counts.per_address) >= LOGIN_RATE_LIMIT.perAddress) {
      throw tooManyRequests(MESSAGES.errors.tooManyLoginAttempts);
    }
  }

  private signAccessToken(row: { uuid: string; username: string; rol_uuid: string; rol_nombre: string; permisos: string[] }): string {
    return this.jwt.sign({
      sub: row.uuid,
      username: row.username,
      role: { uuid: row.rol_uuid, nombre: row.rol_nombre, permisos: row.permisos },
    });
  }

  private async issueRefreshToken(em: EntityManager, userUuid: string, familyUuid: string): Promise<string> {
    const { token } = await this.insertRefreshToken(em, userUuid, familyUuid);
    return token;
  }

  private async insertRefreshToken(em: EntityManager, userUuid: string, familyUuid: string): Promise<{ token: string; uuid: string }> {
    const token = randomBytes(32).toString('base64url');
    const [row]: { uuid: string }[] = await em.query(
      `INSERT INTO refresh_tokens (usuario_uuid, family_uuid, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + $4::interval) RETURNING uuid`,
      [userUuid, familyUuid, sha256(token), `${REFRESH_TOKEN_TTL_DAYS} days`],
    );
    return { token, uuid: row.uuid };
  }

  /**
   * Rotation with reuse detection: a token is good once; presenting a rotated one
   * revokes its whole family, except the immediately previous token within the
   * grace window (two tabs refreshing at once).
   */
  async refresh(refreshToken: string): Promise<RefreshTokenResponse> {
    if (!refreshToken) throw unauthorized(MESSAGES.errors.invalidRefreshToken);
    const outcome = await this.ds.transaction(async (em) => {
      const rows: RefreshRow[] = await em.query(
        `SELECT uuid, usuario_uuid, family_uuid, expires_at, rotated_at, replaced_by_uuid, revoked_at
           FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [sha256(refreshToken)],
      );
      const row = rows[0];
      if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' as const };
      if (row.rotated_at) {
        const withinGrace = Date.now() - row.rotated_at.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
        const [successor]: { rotated_at: Date | null; revoked_at: Date | null }[] = row.replaced_by_uuid
          ? await em.query(`SELECT rotated_at, revoked_at FROM refresh_tokens WHERE uuid = $1`, [row.replaced_by_uuid])
          : [];
        const isPrevious = successor && !successor.rotated_at && !successor.revoked_at;
        if (!withinGrace || !isPrevious) {
          await em.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_uuid = $1 AND revoked_at IS NULL`, [row.family_uuid]);
          return { kind: 'reuse' as const };
        }
        const next = await this.insertRefreshToken(em, row.usuario_uuid, row.family_uuid);
        return { kind: 'ok' as const, userUuid: row.usuario_uuid, token: next.token };
      }
      const next = await this.insertRefreshToken(em, row.usuario_uuid, row.family_uuid);
      await em.query(`UPDATE refresh_tokens SET rotated_at = now(), replaced_by_uuid = $2 WHERE uuid = $1`, [row.uuid, next.uuid]);
      return { kind: 'ok' as const, userUuid: row.usuario_uuid, token: next.token };
    });
    if (outcome.kind !== 'ok') throw unauthorized(MESSAGES.errors.invalidRefreshToken);
    const rows: LoginRow[] = await this.ds.query(
      `SELECT u.uuid, u.username, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos
         FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.uuid = $1`,
      [outcome.userUuid],
    );
    const user = rows[0];
    if (!user || !user.activo) throw unauthorized(MESSAGES.errors.userInactive);
    this.userState.invalidate(user.uuid);
    return { token: this.signAccessToken(user), refreshToken: outcome.token };
  }

  /** Revokes the refresh token's family when it belongs to the caller. */
  async logout(userUuid: string, refreshToken?: string): Promise<{ ok: true }> {
    if (refreshToken) {
      await this.ds.query(
        `UPDATE refresh_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND family_uuid = (SELECT family_uuid FROM refresh_tokens WHERE token_hash = $1 AND usuario_uuid = $2)`,
        [sha256(refreshToken), userUuid],
      );
    }
    return { ok: true };
  }

  /** Revoke every refresh token of a user (deactivation, password change). */
  async revokeAllFor(userUuid: string, em: EntityManager = this.ds.manager): Promise<void> {
    await em.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE usuario_uuid = $1 AND revoked_at IS NULL`, [userUuid]);
  }
}
