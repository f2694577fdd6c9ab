/**
 * Who may edit, deactivate or reactivate a user: the one rule the API enforces
 * (users service) and the users screen follows to offer only the actions the
 * API will allow.
 */
import type { Permission } from '../permissions';

/** The caller managing users: its role's permissions and the areas it belongs to. */
export interface UserManager {
  permisos: readonly string[];
  areaUuids: readonly string[];
}

/** The user being managed: its current role's permissions and its areas. */
export interface ManagedUser {
  rolPermisos: readonly string[];
  areaUuids: readonly string[];
}

/** Why a manager may not touch a user: a role above its own, or an area it does not run. */
export type UserManageRefusal = 'rol_superior' | 'fuera_de_alcance';

/** Either one lifts the area limit: the manager reaches users of every area. */
export const MANAGE_USERS_EVERYWHERE: readonly Permission[] = ['read:user:all', 'read:all:areas'];

/**
 * `null` when `manager` may manage `target` (the route's own permission,
 * `update:user` or `delete:user`, is checked apart):
 * - the target's role holds no permission the manager lacks (a supervisor never
 *   edits an administrator), checked first because it is the reason a person
 *   understands;
 * - without `read:user:all` / `read:all:areas`, every area of the target is one
 *   of the manager's (a supervisor cannot reach a user in an area it does not run).
 */
export function userManageRefusal(manager: UserManager, target: ManagedUser): UserManageRefusal | null {
  if (!target.rolPermisos.every((p) => manager.permisos.includes(p))) return 'rol_superior';
  const everywhere = MANAGE_USERS_EVERYWHERE.some((p) => manager.permisos.includes(p));
  if (!everywhere && !target.areaUuids.every((a) => manager.areaUuids.includes(a))) return 'fuera_de_alcance';
  return null;
}
