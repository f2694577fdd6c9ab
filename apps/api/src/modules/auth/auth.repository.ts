import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { sql } from '../../database/sql';
import type { SessionEndReason } from '@gestar/contracts';

/** The user's role, by the names the sign-in rows give its columns. */
type RoleFields = { rol_uuid: Column<'roles', 'uuid'>; rol_nombre: Column<'roles', 'nombre'> } & Columns<'roles', 'permisos'>;

export type LoginRow = Columns<'usuarios', 'uuid' | 'origen' | 'username' | 'nombre' | 'apellido' | 'activo' | 'password_hash'> &
  RoleFields & {
    /** The job position (LEFT JOIN): null when the user has none. */
    puesto_uuid: Column<'descripciones_puesto', 'uuid'> | null;
    puesto_nombre: Column<'descripciones_puesto', 'nombre'> | null;
    puesto_descripcion: Column<'descripciones_puesto', 'descripcion'> | null;
  };

/** What an access token carries of a user, plus its active flag. */
export type TokenUserRow = Columns<'usuarios', 'uuid' | 'username' | 'activo'> & RoleFields;

export type RefreshRow = Columns<
  'refresh_tokens',
  'uuid' | 'usuario_uuid' | 'family_uuid' | 'expires_at' | 'rotated_at' | 'replaced_by_uuid' | 'revoked_at'
>;

export type SessionRow = Columns<'sesiones', 'uuid' | 'agente' | 'ip' | 'creada_en' | 'ultimo_uso_en'>;

/** The only writer of `sesiones`, `refresh_tokens` and `login_attempts`. */
@Injectable()
export class AuthRepository {
  constructor(private readonly db: Db) {}

  loginUser(username: string): Promise<LoginRow | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.origen, u.username, u.nombre, u.apellido, u.activo, u.password_hash,
             r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
             p.uuid AS puesto_uuid, p.nombre AS puesto_nombre, p.descripcion AS puesto_descripcion
        FROM usuarios u
        JOIN roles r ON r.uuid = u.rol_uuid
        LEFT JOIN descripciones_puesto p ON p.uuid = u.descripcion_puesto_uuid
       WHERE lower(u.username) = lower(${username})`);
  }

  /** What a new session needs of its user: the login answer's fields and the token's role. */
  sessionUser(uuid: string): Promise<Omit<LoginRow, 'password_hash'> | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.origen, u.username, u.nombre, u.apellido, u.activo,
             r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
             p.uuid AS puesto_uuid, p.nombre AS puesto_nombre, p.descripcion AS puesto_descripcion
        FROM usuarios u
        JOIN roles r ON r.uuid = u.rol_uuid
        LEFT JOIN descripciones_puesto p ON p.uuid = u.descripcion_puesto_uuid
       WHERE u.uuid = ${uuid}`);
  }

  tokenUser(uuid: string): Promise<TokenUserRow | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.username, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos
        FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
       WHERE u.uuid = ${uuid}`);
  }

  /**
   * Reserves one failed attempt of `username` from `address` before its password is checked,
   * unless the window already holds `limit` of them. Counting and recording are one step under a
   * lock per username and address (its own short transaction, whatever the caller's), so parallel
   * requests count each other and at most `limit` checks happen. A success clears the reservation
   * with the others (`clearFailedLogins`); a refusal leaves it as the failure it records.
   * Answers the reserved row and the address's failures in the window before it, or null when
   * the limit is reached.
   */
  async reserveAttempt(
    username: string,
    address: string,
    limit: number,
    windowMinutes: number,
  ): Promise<{ id: string; addressFailures: number } | null> {
    const who = username.toLowerCase().slice(0, 100);
    const from = address.slice(0, 100);
    const window = `${windowMinutes} minutes`;
    const session = await this.db.session();
    try {
      await session.begin('READ COMMITTED');
      await session.query(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login_attempts|${who}|${from}`}, 0))`);
      // A statement after the lock: its snapshot sees every reservation committed before it.
      const [row] = await session.query<{ id: string; address_failures: number }>(sql`
        INSERT INTO login_attempts (username, address)
        SELECT ${who}, ${from}
         WHERE (SELECT count(*) FROM login_attempts
                 WHERE lower(username) = lower(${who}) AND address = ${from} AND attempted_at > now() - ${window}::interval) < ${limit}
        RETURNING id::text,
                  (SELECT count(*)::int FROM login_attempts WHERE address = ${from} AND attempted_at > now() - ${window}::interval)
                    AS address_failures`);
      await session.commit();
      return row ? { id: row.id, addressFailures: row.address_failures } : null;
    } finally {
      await session.release();
    }
  }

  /**
   * How many seconds remain of a block: until the `limit`-th newest attempt in the window leaves
   * it, and with it the count falls under the limit (at least 1).
   */
  async blockedSeconds(username: string, address: string, limit: number, windowMinutes: number): Promise<number> {
    const who = username.toLowerCase().slice(0, 100);
    const from = address.slice(0, 100);
    const window = `${windowMinutes} minutes`;
    const row = await this.db.one<{ seconds: number }>(sql`
      SELECT ceil(extract(epoch FROM attempted_at + ${window}::interval - now()))::int AS seconds
        FROM login_attempts
       WHERE lower(username) = lower(${who}) AND address = ${from} AND attempted_at > now() - ${window}::interval
       ORDER BY attempted_at DESC OFFSET ${limit - 1} LIMIT 1`);
    return Math.max(1, row?.seconds ?? windowMinutes * 60);
  }

  /** How many attempts `key` holds within the window. */
  async attemptsHeld(key: string, windowMinutes: number): Promise<number> {
    const who = key.toLowerCase().slice(0, 100);
    const row = await this.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM login_attempts
       WHERE lower(username) = lower(${who}) AND address = ${who} AND attempted_at > now() - ${`${windowMinutes} minutes`}::interval`);
    return row?.n ?? 0;
  }

  /** Gives back a reserved attempt that ended without a verdict on the password. */
  async releaseAttempt(id: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM login_attempts WHERE id = ${id}`);
  }

  async clearFailedLogins(username: string, address: string): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM login_attempts WHERE lower(username) = lower(${username}) AND address = ${address}`,
    );
  }

  /** The uuid of the local account with this username, if there is one. */
  async accountUuid(username: string): Promise<string | null> {
    const row = await this.db.one<Columns<'usuarios', 'uuid'>>(sql`SELECT uuid FROM usuarios WHERE lower(username) = lower(${username})`);
    return row?.uuid ?? null;
  }

  async insertRefreshToken(userUuid: string, familyUuid: string, tokenHash: string, ttlDays: number): Promise<string> {
    const [row] = await this.db.query<Columns<'refresh_tokens', 'uuid'>>(sql`
      INSERT INTO refresh_tokens (usuario_uuid, family_uuid, token_hash, expires_at)
      VALUES (${userUuid}, ${familyUuid}, ${tokenHash}, now() + ${`${ttlDays} days`}::interval)
      RETURNING uuid`);
    return row.uuid;
  }

  /** The token with this hash, locked until the transaction ends. */
  lockRefreshToken(tokenHash: string): Promise<RefreshRow | null> {
    return this.db.one(sql`
      SELECT uuid, usuario_uuid, family_uuid, expires_at, rotated_at, replaced_by_uuid, revoked_at
        FROM refresh_tokens WHERE token_hash = ${tokenHash} FOR UPDATE`);
  }

  refreshTokenState(uuid: string): Promise<Columns<'refresh_tokens', 'rotated_at' | 'revoked_at'> | null> {
    return this.db.one(sql`SELECT rotated_at, revoked_at FROM refresh_tokens WHERE uuid = ${uuid}`);
  }

  async markRotated(uuid: string, successorUuid: string): Promise<void> {
    await this.db.execute(
      sql`UPDATE refresh_tokens SET rotated_at = now(), replaced_by_uuid = ${successorUuid} WHERE uuid = ${uuid}`,
    );
  }

  /**
   * Why the session of the refresh token with this hash ended: the reason kept when it was closed,
   * `vencida` when it simply lapsed, null for a token it does not know.
   */
  async endReasonOfToken(tokenHash: string): Promise<SessionEndReason | null> {
    const row = await this.db.one<{ motivo: SessionEndReason | null; vencida: boolean }>(sql`
      SELECT s.motivo_cierre AS motivo, (r.expires_at <= now() OR s.vence_en <= now()) AS vencida
        FROM refresh_tokens r JOIN sesiones s ON s.uuid = r.family_uuid
       WHERE r.token_hash = ${tokenHash}`);
    return row?.motivo ?? (row?.vencida ? 'vencida' : null);
  }

  /** Ends the sign-in of the token with this hash (its family and session), when it belongs to `userUuid`. */
  async revokeFamilyOfToken(tokenHash: string, userUuid: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE sesiones SET cerrada_en = now(), motivo_cierre = 'cierre'
       WHERE cerrada_en IS NULL AND usuario_uuid = ${userUuid}
         AND uuid = (SELECT family_uuid FROM refresh_tokens WHERE token_hash = ${tokenHash} AND usuario_uuid = ${userUuid})`);
    await this.db.execute(sql`
      UPDATE refresh_tokens SET revoked_at = now()
       WHERE revoked_at IS NULL
         AND family_uuid = (SELECT family_uuid FROM refresh_tokens WHERE token_hash = ${tokenHash} AND usuario_uuid = ${userUuid})`);
  }

  async insertSession(uuid: string, usuario: string, agente: string | null, ip: string | null, ttlDays: number): Promise<void> {
    await this.db.execute(sql`
      INSERT INTO sesiones (uuid, usuario_uuid, agente, ip, vence_en)
      VALUES (${uuid}, ${usuario}, ${agente}, ${ip}, now() + make_interval(days => ${ttlDays}))`);
  }

  /**
   * A session opened by a PIN at a terminal, with the hash of its replay credential. Any other
   * session open at that terminal ends (`otra_persona`): one person at a time.
   */
  async insertTerminalSession(
    uuid: string,
    usuario: string,
    terminal: string,
    replayHash: string,
    agente: string | null,
    ip: string | null,
    maxHours: number,
    replayHours: number,
  ): Promise<{ creada_en: Date; replay_vence_en: Date; cerradas: { uuid: string; usuario_uuid: string }[] }> {
    const cerradas = await this.db.query<{ uuid: string; usuario_uuid: string }>(sql`
      UPDATE sesiones SET cerrada_en = now(), motivo_cierre = 'otra_persona'
       WHERE terminal_uuid = ${terminal} AND cerrada_en IS NULL
      RETURNING uuid, usuario_uuid`);
    const [row] = await this.db.query<{ creada_en: Date; replay_vence_en: Date }>(sql`
      INSERT INTO sesiones (uuid, usuario_uuid, agente, ip, vence_en, terminal_uuid, replay_hash, replay_vence_en)
      VALUES (${uuid}, ${usuario}, ${agente}, ${ip}, now() + make_interval(hours => ${maxHours}), ${terminal}, ${replayHash},
              now() + make_interval(hours => ${replayHours}))
      RETURNING creada_en, replay_vence_en`);
    return { ...row, cerradas };
  }

  /** Ends the open sessions of a terminal (it was revoked); their replay credentials stop with the terminal. */
  async closeTerminalSessions(terminal: string, motivo: SessionEndReason): Promise<{ uuid: string; usuario_uuid: string }[]> {
    return this.db.query(sql`
      UPDATE sesiones SET cerrada_en = now(), motivo_cierre = ${motivo}
       WHERE terminal_uuid = ${terminal} AND cerrada_en IS NULL
      RETURNING uuid, usuario_uuid`);
  }

  /** The ID token of a session opened with OpenID (kept for RP-initiated logout). */
  async setSessionIdToken(uuid: string, idToken: string): Promise<void> {
    await this.db.execute(sql`UPDATE sesiones SET oidc_id_token = ${idToken} WHERE uuid = ${uuid}`);
  }

  /** Takes (reads and clears) a session's ID token. */
  async takeSessionIdToken(uuid: string): Promise<string | null> {
    const row = await this.db.one<{ token: Column<'sesiones', 'oidc_id_token'> }>(sql`
      UPDATE sesiones s SET oidc_id_token = NULL FROM (SELECT oidc_id_token AS token FROM sesiones WHERE uuid = ${uuid} FOR UPDATE) old
       WHERE s.uuid = ${uuid} RETURNING old.token`);
    return row?.token ?? null;
  }

  /** A refresh keeps the session alive: last use now, and it lasts as long as its newest token. */
  async touchSession(uuid: string, ttlDays: number): Promise<void> {
    await this.db.execute(sql`
      UPDATE sesiones SET ultimo_uso_en = now(), vence_en = now() + make_interval(days => ${ttlDays})
       WHERE uuid = ${uuid} AND cerrada_en IS NULL`);
  }

  openSessionsOf(usuario: string): Promise<SessionRow[]> {
    return this.db.query(sql`
      SELECT uuid, agente, ip, creada_en, ultimo_uso_en FROM sesiones
       WHERE usuario_uuid = ${usuario} AND cerrada_en IS NULL AND vence_en > now()
       ORDER BY ultimo_uso_en DESC, uuid`);
  }

  /**
   * Closes sessions of a user (all, one, or all but one) and revokes their refresh tokens;
   * answers how many sessions were open.
   */
  async closeSessions(
    usuario: string,
    motivo: SessionEndReason,
    which: { only?: string; except?: string } = {},
  ): Promise<number> {
    const only = which.only ?? null;
    const except = which.except ?? null;
    const closed = await this.db.query<Columns<'sesiones', 'uuid'>>(sql`
      UPDATE sesiones SET cerrada_en = now(), motivo_cierre = ${motivo}
       WHERE usuario_uuid = ${usuario} AND cerrada_en IS NULL
         AND (${only}::uuid IS NULL OR uuid = ${only}::uuid)
         AND (${except}::uuid IS NULL OR uuid <> ${except}::uuid)
      RETURNING uuid`);
    await this.db.execute(sql`
      UPDATE refresh_tokens SET revoked_at = now()
       WHERE usuario_uuid = ${usuario} AND revoked_at IS NULL
         AND (${only}::uuid IS NULL OR family_uuid = ${only}::uuid)
         AND (${except}::uuid IS NULL OR family_uuid <> ${except}::uuid)`);
    return closed.length;
  }

  /**
   * Removes failed sign-ins older than a day (the limit looks back minutes), and sessions
   * ended or expired more than 30 days ago with their refresh tokens.
   */
  async prune(): Promise<{ intentos: number; sesiones: number }> {
    const intentos = await this.db.execute(sql`DELETE FROM login_attempts WHERE attempted_at < now() - interval '1 day'`);
    const gone = await this.db.query<Columns<'sesiones', 'uuid'>>(sql`
      DELETE FROM sesiones
       WHERE coalesce(cerrada_en, vence_en) < now() - interval '30 days'
      RETURNING uuid`);
    await this.db.execute(sql`
      DELETE FROM refresh_tokens
       WHERE family_uuid = ANY(${gone.map((g) => g.uuid)}::uuid[])
          OR coalesce(revoked_at, expires_at) < now() - interval '30 days'`);
    return { intentos, sesiones: gone.length };
  }
}
