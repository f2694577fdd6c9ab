import { AREA_WATCHERS, MESSAGES, Permission } from '@gestar/contracts';
import type { AuthUser } from '../auth/auth-user';
import { forbidden } from '../http/app-exception';
import type { AccessRepository } from './access.repository';

/**
 * Record-level access, in one place (DECISIONS section 2, scope rule).
 * A scope is what part of the organisation a caller may see for one kind of resource.
 */
export type Scope = { kind: 'all' } | { kind: 'areas'; areaUuids: readonly string[] } | { kind: 'none' };

/**
 * The caller's scope given the permissions that grant everything and those that
 * grant only the caller's own areas. `read:all:areas` widens an area scope to all.
 */
export function scopeFor(user: AuthUser, all: readonly Permission[], ownAreas: readonly Permission[]): Scope {
  if (all.some((p) => user.permisos.includes(p))) return { kind: 'all' };
  if (ownAreas.some((p) => user.permisos.includes(p))) {
    return user.permisos.includes('read:all:areas') ? { kind: 'all' } : { kind: 'areas', areaUuids: user.areaUuids };
  }
  return { kind: 'none' };
}

/** Where the caller may watch assigned tasks (the contracts' AREA_WATCHERS). */
export function watchScope(user: AuthUser): Scope {
  return scopeFor(user, AREA_WATCHERS.everyArea, AREA_WATCHERS.ownAreas);
}

/** Scope of area-bound resources for a caller whose route permission is already checked. */
export function areaScope(user: AuthUser): Scope {
  return user.permisos.includes('read:all:areas') ? { kind: 'all' } : { kind: 'areas', areaUuids: user.areaUuids };
}

export function inScope(scope: Scope, areaUuid: string | null | undefined): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none' || !areaUuid) return false;
  return scope.areaUuids.includes(areaUuid);
}

/** True when at least one of the areas is in scope (a user belongs to several areas). */
export function anyInScope(scope: Scope, areaUuids: readonly string[]): boolean {
  return areaUuids.some((a) => inScope(scope, a));
}

/** A record outside the caller's areas: 403 saying what it is (`message`: «No tiene acceso a esta tarea»). */
export function assertInScope(scope: Scope, areaUuid: string | null | undefined, message: string = MESSAGES.errors.noAccessArea): void {
  if (!inScope(scope, areaUuid)) throw forbidden(message);
}

export function assertAllInScope(scope: Scope, areaUuids: readonly string[]): void {
  if (!areaUuids.every((a) => inScope(scope, a))) throw forbidden(MESSAGES.errors.noAccessArea);
}

/** `null` = no restriction; otherwise the list of areas a query must be limited to. */
export function scopeAreas(scope: Scope): readonly string[] | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'none') return [];
  return scope.areaUuids;
}

/**
 * Refuses (403, out of scope) a filter naming a user who belongs to no area of
 * an area scope. The caller itself always passes; an `all` scope passes everyone.
 */
export async function assertUsersInScope(
  access: AccessRepository,
  scope: Scope,
  callerUuid: string,
  userUuids: Iterable<string>,
): Promise<void> {
  if (scope.kind !== 'areas') return;
  const others = [...new Set(userUuids)].filter((u) => u !== callerUuid);
  if (!others.length) return;
  const inside = await access.usersInAreas(others, scope.areaUuids);
  if (inside.length !== others.length) throw forbidden(MESSAGES.errors.noAccessUser);
}
