import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from './auth-user';

interface CachedState {
  at: number;
  user: AuthUser | null;
}

/** How long the guard trusts a loaded user state (DECISIONS 3: "cached for seconds at most"). */
const TTL_MS = 2000;

/**
 * Loads the caller's current state (active flag, role permissions, areas) from the
 * database, so a deactivated user or a changed role takes effect within seconds,
 * whatever the token says.
 */
@Injectable()
export class UserStateService {
  private readonly cache = new Map<string, CachedState>();

  constructor(private readonly ds: DataSource) {}

  async load(uuid: string): Promise<AuthUser | null> {
    const hit = this.cache.get(uuid);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.user;
    const rows: {
      uuid: string;
      username: string;
      nombre: string;
      apellido: string;
      activo: boolean;
      rol_uuid: string;
      rol_nombre: string;
      permisos: string[];
      areas: string[] | null;
    }[] = await this.ds.query(
      `SELECT u.uuid, u.username, u.nombre, u.apellido, u.activo, r.uuid AS rol_uuid, r.nombre AS rol_nombre, r.permisos,
              (SELECT array_agg(ua.area_uuid) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid) AS areas
         FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid
        WHERE u.uuid = $1`,
      [uuid],
    );
    const row = rows[0];
    const user: AuthUser | null =
      row && row.activo
        ? {
            uuid: row.uuid,
            username: row.username,
            nombre: row.nombre,
            apellido: row.apellido,
            rolUuid: row.rol_uuid,
            rolNombre: row.rol_nombre,
            permisos: row.permisos ?? [],
            areaUuids: row.areas ?? [],
          }
        : null;
    this.cache.set(uuid, { at: Date.now(), user });
    if (this.cache.size > 10_000) this.cache.clear();
    return user;
  }

  /** Forget a user's cached state in this process (after an update of the user or its role). */
  invalidate(uuid?: string): void {
    if (uuid) this.cache.delete(uuid);
    else this.cache.clear();
  }
}
