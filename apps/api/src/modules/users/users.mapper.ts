import type { UserEntity } from './user.entity';
import type { UserListRow } from './users.repository';

/** The comparison `localeCompare(b, 'es')` makes, without building a collator on every call. */
const compareEs = new Intl.Collator('es').compare;

type AreaItem = { area_uuid: string; area: { uuid: string; nombre: string } };

function byAreaName(a: AreaItem, b: AreaItem): number {
  return compareEs(a.area.nombre, b.area.nombre);
}

/** Entity -> the user response of SPEC section 3 (never a password or hash). */
export function toUserResponse(u: UserEntity) {
  const areas = (u.usuario_areas ?? [])
    .filter((ua) => ua.area)
    .map((ua) => ({ area_uuid: ua.area_uuid, area: { uuid: ua.area.uuid, nombre: ua.area.nombre } }))
    .sort(byAreaName);
  return {
    uuid: u.uuid,
    username: u.username,
    nombre: u.nombre,
    apellido: u.apellido,
    rol: { uuid: u.rol.uuid, nombre: u.rol.nombre },
    rol_uuid: u.rol_uuid,
    activo: u.activo,
    created_at: u.created_at.toISOString(),
    usuario_areas: areas,
    usuario_areas_uuid: areas.map((a) => a.area_uuid),
    descripcion_puesto: u.descripcion_puesto
      ? { uuid: u.descripcion_puesto.uuid, nombre: u.descripcion_puesto.nombre, descripcion: u.descripcion_puesto.descripcion }
      : null,
    descripcion_puesto_uuid: u.descripcion_puesto_uuid,
  };
}
export type UserResponseShape = ReturnType<typeof toUserResponse>;

/** A list row -> the same response as `toUserResponse` (same fields, same order). */
export function toUserListResponse(u: UserListRow): UserResponseShape {
  const areas: AreaItem[] = (u.areas ?? []).map((a) => ({ area_uuid: a.uuid, area: { uuid: a.uuid, nombre: a.nombre } })).sort(byAreaName);
  return {
    uuid: u.uuid,
    username: u.username,
    nombre: u.nombre,
    apellido: u.apellido,
    rol: { uuid: u.rol_uuid, nombre: u.rol_nombre },
    rol_uuid: u.rol_uuid,
    activo: u.activo,
    created_at: u.created_at.toISOString(),
    usuario_areas: areas,
    usuario_areas_uuid: areas.map((a) => a.area_uuid),
    descripcion_puesto: u.puesto ? { uuid: u.puesto.uuid, nombre: u.puesto.nombre, descripcion: u.puesto.descripcion } : null,
    descripcion_puesto_uuid: u.descripcion_puesto_uuid,
  };
}
