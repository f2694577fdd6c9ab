import { Injectable } from '@nestjs/common';
import type { UserState } from './auth-user';
import { UserStateRepository } from './user-state.repository';
import { Clock } from '../time/clock';

interface CachedState {
  at: number;
  user: UserState | null;
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

  constructor(
    private readonly repo: UserStateRepository,
    private readonly clock: Clock,
  ) {}

  async load(uuid: string): Promise<UserState | null> {
    const hit = this.cache.get(uuid);
    if (hit && this.clock.now() - hit.at < TTL_MS) return hit.user;
    const row = await this.repo.find(uuid);
    const user: UserState | null =
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
    this.cache.set(uuid, { at: this.clock.now(), user });
    if (this.cache.size > 10_000) this.cache.clear();
    return user;
  }

  /** Forget a user's cached state in this process (after an update of the user or its role). */
  invalidate(uuid?: string): void {
    if (uuid) this.cache.delete(uuid);
    else this.cache.clear();
  }
}
