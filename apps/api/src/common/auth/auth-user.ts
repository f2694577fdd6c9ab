import type { Permission } from '@gestar/contracts';

/** The caller, as loaded by the guard from the database (not from the token's claims). */
export interface AuthUser {
  uuid: string;
  username: string;
  nombre: string;
  apellido: string;
  rolUuid: string;
  rolNombre: string;
  permisos: readonly string[];
  areaUuids: readonly string[];
  /** The session the request was made with (the token's `sid`). */
  sesionUuid: string;
  /** When the access token the request was made with expires (seconds since the epoch). */
  tokenExp: number;
  /**
   * The terminal the session was opened at (a PIN sign-in), or null for an ordinary session.
   * Such a session's `permisos` are already cut to an operario's reach (terminalReach).
   */
  terminalUuid?: string | null;
  /** True for a queued write replayed with the person's replay credential (no live session). */
  replay?: boolean;
}

/** A user's state as the database holds it, before a request's session is known. */
export type UserState = Omit<AuthUser, 'sesionUuid' | 'tokenExp'>;

export function hasPermission(user: AuthUser, permission: Permission): boolean {
  return user.permisos.includes(permission);
}
