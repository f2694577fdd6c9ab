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
}

export function hasPermission(user: AuthUser, permission: Permission): boolean {
  return user.permisos.includes(permission);
}
