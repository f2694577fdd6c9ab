import type { TestApp } from '../../support/test-app';

/**
 * An independent model of the record-level rules (DECISIONS section 2 and
 * docs/DECISIONS.md), used to predict who may touch another user's record.
 * It is written from the documents, not from the services' code.
 */
export interface Person {
  uuid: string;
  username: string;
  areas: string[];
  permisos: string[];
  activo: boolean;
}

const has = (p: Person, perm: string) => p.permisos.includes(perm);

export function sharesArea(a: Person, areas: readonly string[]): boolean {
  return areas.some((x) => a.areas.includes(x));
}

/** Areas a caller reaches through an own-areas permission (`null` = every area). */
export function ownScope(p: Person): string[] | null {
  return has(p, 'read:all:areas') ? null : p.areas;
}

function inOwnScope(p: Person, area: string): boolean {
  const s = ownScope(p);
  return s === null || s.includes(area);
}

/** GET users/{id}, GET areas/user/{id}, GET users/{id}/area-users: self, read:user:all, or read:user sharing an area. */
export function seesUser(c: Person, u: Person): boolean {
  if (c.uuid === u.uuid || has(c, 'read:user:all')) return true;
  return has(c, 'read:user') && (has(c, 'read:all:areas') || sharesArea(c, u.areas));
}

/**
 * PUT users/{id}: update:user; without read:user:all/read:all:areas every area of
 * the user must be the caller's and the user's role may hold no permission the caller lacks.
 */
export function managesUser(c: Person, u: Person): boolean {
  if (!has(c, 'update:user')) return false;
  if (has(c, 'read:user:all') || has(c, 'read:all:areas')) return true;
  return u.areas.every((a) => c.areas.includes(a)) && u.permisos.every((p) => c.permisos.includes(p));
}

function readsAssigned(c: Person, area: string): boolean {
  if (has(c, 'read:all:assigned-tasks')) return true;
  return has(c, 'read:all:assigned-tasks:by-area') && inOwnScope(c, area);
}

/** An assigned task: its employee, or an assigned-tasks reader in scope. */
export function seesAssigned(c: Person, at: { empleado: string; area: string }): boolean {
  return at.empleado === c.uuid || readsAssigned(c, at.area);
}

/** Another user's board: an assigned-tasks reader for whom that user is in scope. */
export function seesBoardOf(c: Person, u: Person): boolean {
  if (has(c, 'read:all:assigned-tasks')) return true;
  if (!has(c, 'read:all:assigned-tasks:by-area')) return false;
  return has(c, 'read:all:areas') || sharesArea(c, u.areas);
}

export function readsTask(c: Person, area: string): boolean {
  return has(c, 'read:task') && inOwnScope(c, area);
}

export function updatesTask(c: Person, area: string): boolean {
  return has(c, 'update:task') && inOwnScope(c, area);
}

export function reportScope(c: Person): string[] | null | 'none' {
  if (has(c, 'generate:report')) return null;
  if (has(c, 'generate:area-report')) return ownScope(c);
  return 'none';
}

export async function loadPeople(t: TestApp): Promise<Person[]> {
  return t.ds.query(
    `SELECT u.uuid, u.username, u.activo, r.permisos,
            COALESCE((SELECT array_agg(ua.area_uuid::text) FROM usuario_areas ua WHERE ua.usuario_uuid = u.uuid), '{}') AS areas
       FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid ORDER BY u.username`,
  );
}
