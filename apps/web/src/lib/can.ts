/**
 * Permission checks for hiding controls. The server enforces every call
 * (DECISIONS section 2); this only decides what is shown. Uses the
 * contracts' any-of / all-of helpers, which compare the held list with the
 * required one (the as-built client compared the list with itself).
 */
import { hasAllPermissions, hasAnyPermission, type Permission, type RouteAccess } from '@gestar/contracts';
import { getSession, useSession } from './session';

/** A single permission, a list (all required), or the contracts' access shapes. */
export type PermissionRule = Permission | readonly Permission[] | RouteAccess;

function isPermissionList(rule: PermissionRule): rule is readonly Permission[] {
  return Array.isArray(rule);
}

export function canWith(held: readonly string[], loggedIn: boolean, rule: PermissionRule): boolean {
  if (rule === 'public') return true;
  if (!loggedIn) return false;
  if (rule === 'authenticated') return true;
  if (typeof rule === 'string') return held.includes(rule);
  if (isPermissionList(rule)) return hasAllPermissions(held, rule);
  if ('anyOf' in rule) return hasAnyPermission(held, rule.anyOf);
  return hasAllPermissions(held, rule.allOf);
}

/** Checks against the current session (outside React). */
export function can(rule: PermissionRule): boolean {
  const session = getSession();
  return canWith(session.permissions, session.token !== null, rule);
}

/** `const can = useCan(); can('create:user')` - re-renders when the session changes. */
export function useCan(): (rule: PermissionRule) => boolean {
  const session = useSession();
  return (rule) => canWith(session.permissions, session.token !== null, rule);
}
