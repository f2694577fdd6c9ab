import type { UserEntity } from './user.entity';

/** Entity -> the user response of SPEC section 3 (never a password or hash). */
export function toUserResponse(u: UserEntity) {
  const areas = (u.usuario_areas ?? [])
    .filter((ua) => ua.area)
    .map((ua) => ({ area_uuid: ua.area_uuid, area: { uuid: ua.area.uuid, nombre: ua.area.nombre } }))
    .sort((a, b) => a.area.nombre.localeCompare(b.area.nombre, 'es'));
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
