import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import type { Column, Columns } from '../../database/rows';
import { likePattern, paginate, Sql, sql } from '../../database/sql';

export interface UserListFilter {
  page: number;
  limit: number;
  /** Terms matched (OR) against "nombre apellido", case- and accent-insensitively. */
  nameTerms: string[];
  username?: string;
  areaUuid?: string;
  activo?: boolean;
  /** `null` = every user; otherwise users sharing at least one of these areas. */
  scopeAreas: readonly string[] | null;
}

export type UserWrite = Columns<'usuarios', 'nombre' | 'apellido' | 'rol_uuid' | 'descripcion_puesto_uuid'>;

export type UserOptionRow = Columns<'usuarios', 'uuid' | 'nombre' | 'apellido' | 'username' | 'activo'> & {
  /** Its area uuids. */
  areas: string[];
};

/** A user of a list page: its columns, role and job position names, and its areas (uuid and name). */
export type UserListRow = Columns<
  'usuarios',
  | 'uuid'
  | 'username'
  | 'nombre'
  | 'apellido'
  | 'rol_uuid'
  | 'activo'
  | 'created_at'
  | 'descripcion_puesto_uuid'
  | 'origen'
  | 'externo_id'
  | 'externo_emisor'
  | 'directorio_gestiona'
> & {
  rol_nombre: Column<'roles', 'nombre'>;
  /** The role's permissions: who may manage this user depends on them (contracts' userManageRefusal). */
  rol_permisos: Column<'roles', 'permisos'>;
  puesto: Columns<'descripciones_puesto', 'uuid' | 'nombre' | 'descripcion'> | null;
  areas: Columns<'areas', 'uuid' | 'nombre'>[] | null;
  /** A CHECK constraint, not a type, in the schema: narrowed here. */
  origen: 'local' | 'oidc' | 'ldap';
};

/** One user with everything its response needs. */
export type UserRow = UserListRow;

const PUESTO_JSON = sql`CASE WHEN dp.uuid IS NOT NULL THEN json_build_object('uuid', dp.uuid, 'nombre', dp.nombre, 'descripcion', dp.descripcion) END`;
const AREAS_JSON = sql`(SELECT json_agg(json_build_object('uuid', a.uuid, 'nombre', a.nombre) ORDER BY a.nombre, a.uuid)
   FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid
  WHERE ua.usuario_uuid = u.uuid)`;

@Injectable()
export class UsersRepository {
  constructor(private readonly db: Db) {}

  findOne(uuid: string): Promise<UserRow | null> {
    return this.db.one(sql`
      SELECT u.uuid, u.username, u.nombre, u.apellido, u.rol_uuid, r.nombre AS rol_nombre, r.permisos AS rol_permisos,
             u.activo, u.created_at, u.descripcion_puesto_uuid,
             u.origen, u.externo_id, u.externo_emisor, u.directorio_gestiona,
             ${PUESTO_JSON} AS puesto, ${AREAS_JSON} AS areas
        FROM usuarios u
        JOIN roles r ON r.uuid = u.rol_uuid
        LEFT JOIN descripciones_puesto dp ON dp.uuid = u.descripcion_puesto_uuid
       WHERE u.uuid = ${uuid}`);
  }

  /**
   * One page of users (with role, areas and job position) plus the total that match, in one
   * statement: the page and its total come from a window count, the relations are joined onto
   * the page's rows only. A page past the end has no row to carry the total: it is counted apart.
   */
  async list(f: UserListFilter): Promise<{ users: UserListRow[]; total: number }> {
    const conditions: Sql[] = [];
    if (f.scopeAreas) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM usuario_areas s WHERE s.usuario_uuid = u.uuid AND s.area_uuid = ANY(${f.scopeAreas}::uuid[]))`,
      );
    }
    if (f.nameTerms.length > 0) {
      // Same expression as the trigram index usuarios_nombre_trgm, so the index serves it.
      const ors = f.nameTerms.map(
        (t) => sql`lower(f_unaccent(u.nombre || ' ' || u.apellido)) LIKE lower(f_unaccent(${likePattern(t)}))`,
      );
      conditions.push(sql`(${sql.join(ors, ' OR ')})`);
    }
    if (f.username)
      conditions.push(sql`lower(f_unaccent(u.username)) LIKE lower(f_unaccent(${likePattern(f.username)}))`);
    if (f.areaUuid)
      conditions.push(
        sql`EXISTS (SELECT 1 FROM usuario_areas a WHERE a.usuario_uuid = u.uuid AND a.area_uuid = ${f.areaUuid})`,
      );
    if (f.activo !== undefined) conditions.push(sql`u.activo = ${f.activo}`);
    const where = sql.where(conditions);

    const rows = await this.db.query<UserListRow & { total: number }>(sql`
      WITH page AS (
        SELECT u.uuid, u.nombre, u.apellido, count(*) OVER ()::int AS total
          FROM usuarios u ${where}
         ORDER BY lower(u.nombre), lower(u.apellido), u.uuid
         ${paginate(f)}
      )
      SELECT u.uuid, u.username, u.nombre, u.apellido, u.rol_uuid, r.nombre AS rol_nombre, r.permisos AS rol_permisos,
             u.activo, u.created_at, u.descripcion_puesto_uuid, u.origen, u.externo_id, u.externo_emisor, u.directorio_gestiona,
             ${PUESTO_JSON} AS puesto, ${AREAS_JSON} AS areas, page.total
        FROM page
        JOIN usuarios u ON u.uuid = page.uuid
        JOIN roles r ON r.uuid = u.rol_uuid
        LEFT JOIN descripciones_puesto dp ON dp.uuid = u.descripcion_puesto_uuid
       ORDER BY lower(page.nombre), lower(page.apellido), page.uuid`);
    if (rows.length > 0) return { users: rows, total: rows[0].total };
    if (f.page === 1) return { users: [], total: 0 };
    const count = await this.db.one<{ total: number }>(sql`SELECT count(*)::int AS total FROM usuarios u ${where}`);
    return { users: [], total: count?.total ?? 0 };
  }

  /** Active users belonging to at least one of `areaUuids`, with all their area uuids. */
  activeUsersOfAreas(areaUuids: readonly string[]): Promise<UserOptionRow[]> {
    return this.db.query(sql`
      SELECT u.uuid, u.nombre, u.apellido, u.username, u.activo,
             ARRAY(SELECT x.area_uuid FROM usuario_areas x WHERE x.usuario_uuid = u.uuid ORDER BY x.area_uuid) AS areas
        FROM usuarios u
       WHERE u.activo
         AND EXISTS (SELECT 1 FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid AND ua.area_uuid = ANY(${areaUuids}::uuid[]))
       ORDER BY lower(u.nombre), lower(u.apellido), u.uuid`);
  }

  async rolePermissions(rolUuid: string): Promise<string[] | null> {
    const row = await this.db.one<Columns<'roles', 'permisos'>>(sql`SELECT permisos FROM roles WHERE uuid = ${rolUuid}`);
    return row?.permisos ?? null;
  }

  /** The subset of `areaUuids` that exist. */
  async existingAreas(areaUuids: readonly string[]): Promise<string[]> {
    const rows = await this.db.query<Columns<'areas', 'uuid'>>(
      sql`SELECT uuid FROM areas WHERE uuid = ANY(${areaUuids}::uuid[])`,
    );
    return rows.map((r) => r.uuid);
  }

  async jobPositionExists(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM descripciones_puesto WHERE uuid = ${uuid}`)) !== null;
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM usuarios WHERE lower(username) = lower(${username})`)) !== null;
  }

  async insert(input: UserWrite & Columns<'usuarios', 'username' | 'password_hash'>): Promise<string> {
    const [row] = await this.db.query<Columns<'usuarios', 'uuid'>>(sql`
      INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid)
      VALUES (${input.username}, ${input.password_hash}, ${input.nombre}, ${input.apellido}, ${input.rol_uuid}, ${input.descripcion_puesto_uuid})
      RETURNING uuid`);
    return row.uuid;
  }

  async update(uuid: string, input: UserWrite & Columns<'usuarios', 'activo'>): Promise<void> {
    await this.db.execute(sql`
      UPDATE usuarios
         SET nombre = ${input.nombre}, apellido = ${input.apellido}, rol_uuid = ${input.rol_uuid},
             descripcion_puesto_uuid = ${input.descripcion_puesto_uuid}, activo = ${input.activo}, updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async replaceAreas(uuid: string, areaUuids: readonly string[]): Promise<void> {
    await this.db.execute(
      sql`DELETE FROM usuario_areas WHERE usuario_uuid = ${uuid} AND NOT (area_uuid = ANY(${areaUuids}::uuid[]))`,
    );
    await this.db.execute(sql`
      INSERT INTO usuario_areas (usuario_uuid, area_uuid)
      SELECT ${uuid}, a FROM unnest(${areaUuids}::uuid[]) AS a ON CONFLICT DO NOTHING`);
  }

  async setJobPosition(uuid: string, jobPositionUuid: string | null): Promise<void> {
    await this.db.execute(
      sql`UPDATE usuarios SET descripcion_puesto_uuid = ${jobPositionUuid}, updated_at = now() WHERE uuid = ${uuid}`,
    );
  }

  async deactivate(uuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE usuarios SET activo = false, updated_at = now() WHERE uuid = ${uuid}`);
  }

  /** Row lock so concurrent edits of one user apply one after the other (inside a transaction). */
  async lock(uuid: string): Promise<boolean> {
    return (await this.db.one(sql`SELECT 1 FROM usuarios WHERE uuid = ${uuid} FOR UPDATE`)) !== null;
  }

  async passwordHash(uuid: string): Promise<string | null> {
    const row = await this.db.one<Columns<'usuarios', 'password_hash'>>(
      sql`SELECT password_hash FROM usuarios WHERE uuid = ${uuid}`,
    );
    return row?.password_hash ?? null;
  }

  async setPasswordHash(uuid: string, hash: string): Promise<void> {
    await this.db.execute(sql`UPDATE usuarios SET password_hash = ${hash}, updated_at = now() WHERE uuid = ${uuid}`);
  }

  /**
   * The user linked to a directory identity, by its key only. OpenID: the subject at this issuer
   * (a link made before issuers were kept has none, and is adopted by the first sign-in). LDAP:
   * any of the entry's keys (entryUUID, DN), so a link made with the DN survives.
   */
  findByDirectoryKey(
    origen: 'oidc' | 'ldap',
    emisor: string | null,
    keys: readonly string[],
  ): Promise<Columns<'usuarios', 'uuid' | 'activo' | 'directorio_gestiona'> | null> {
    return this.db.one(sql`
      SELECT uuid, activo, directorio_gestiona FROM usuarios
       WHERE origen = ${origen} AND externo_id = ANY(${keys}::text[])
         AND (externo_emisor IS NOT DISTINCT FROM ${emisor} OR externo_emisor IS NULL)
       ORDER BY (externo_emisor IS NULL), array_position(${keys}::text[], externo_id::text)
       LIMIT 1`);
  }

  /** Whether a username is held by any user, linked or not (case-insensitive, like the unique index). */
  usernameHolder(username: string): Promise<Columns<'usuarios', 'uuid'> | null> {
    return this.db.one(sql`SELECT uuid FROM usuarios WHERE lower(username) = lower(${username})`);
  }

  /** What the directory says of a linked user at each sign-in: its key as now written, and its name. */
  async applyDirectoryProfile(uuid: string, p: { emisor: string | null; externoId: string; nombre: string; apellido: string }): Promise<void> {
    await this.db.execute(sql`
      UPDATE usuarios SET externo_emisor = ${p.emisor}, externo_id = ${p.externoId}, nombre = ${p.nombre}, apellido = ${p.apellido},
             updated_at = now()
       WHERE uuid = ${uuid}
         AND (externo_emisor IS DISTINCT FROM ${p.emisor} OR externo_id IS DISTINCT FROM ${p.externoId}
              OR nombre <> ${p.nombre} OR apellido <> ${p.apellido})`);
  }

  async setRole(uuid: string, rolUuid: string): Promise<void> {
    await this.db.execute(sql`UPDATE usuarios SET rol_uuid = ${rolUuid}, updated_at = now() WHERE uuid = ${uuid} AND rol_uuid <> ${rolUuid}`);
  }

  /** Links a user to a directory identity (an administrator's action). */
  async linkDirectory(uuid: string, l: { origen: 'oidc' | 'ldap'; emisor: string | null; externoId: string; gestiona: boolean }): Promise<void> {
    await this.db.execute(sql`
      UPDATE usuarios SET origen = ${l.origen}, externo_emisor = ${l.emisor}, externo_id = ${l.externoId},
             directorio_gestiona = ${l.gestiona}, updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  async unlinkDirectory(uuid: string): Promise<void> {
    await this.db.execute(sql`
      UPDATE usuarios SET origen = 'local', externo_emisor = NULL, externo_id = NULL, directorio_gestiona = false, updated_at = now()
       WHERE uuid = ${uuid}`);
  }

  /**
   * Active users whose role holds every one of `permisos`, counted after taking the
   * installation-wide administrators lock (held to the end of the transaction): two changes
   * that each remove an administrator run one after the other, and the second one counts the
   * first one's result.
   */
  async activeAdministratorsLocked(permisos: readonly string[]): Promise<number> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gestar:administradores'))`);
    const row = await this.db.one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
       WHERE u.activo AND r.permisos @> ${permisos}::text[]`);
    return row?.n ?? 0;
  }

  roleUuidByName(nombre: string): Promise<Columns<'roles', 'uuid'> | null> {
    return this.db.one(sql`SELECT uuid FROM roles WHERE lower(nombre) = lower(${nombre})`);
  }

  async areaUuidsByNames(nombres: readonly string[]): Promise<Columns<'areas', 'uuid' | 'nombre'>[]> {
    if (nombres.length === 0) return [];
    return this.db.query(sql`SELECT uuid, nombre FROM areas WHERE lower(nombre) = ANY(${nombres.map((n) => n.toLowerCase())}::text[])`);
  }

  async insertFromDirectory(
    input: Columns<'usuarios', 'username' | 'nombre' | 'apellido' | 'rol_uuid' | 'origen' | 'password_hash' | 'externo_emisor'> & {
      /** Always given: the directory's key. */
      externo_id: string;
    },
  ): Promise<string> {
    const [row] = await this.db.query<Columns<'usuarios', 'uuid'>>(sql`
      INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, origen, externo_emisor, externo_id, directorio_gestiona)
      VALUES (${input.username}, ${input.password_hash}, ${input.nombre}, ${input.apellido}, ${input.rol_uuid}, ${input.origen},
              ${input.externo_emisor}, ${input.externo_id}, true)
      RETURNING uuid`);
    return row.uuid;
  }
}
