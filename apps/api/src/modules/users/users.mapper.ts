import { compareEs } from '../../common/text/compare-es';
import type { UserListRow } from './users.repository';

/** A user row -> the user response of SPEC section 3 (never a password or hash); areas by name. */
export function toUserResponse(u: UserListRow) {
  const areas = (u.areas ?? [])
    .map((a) => ({ area_uuid: a.uuid, area: { uuid: a.uuid, nombre: a.nombre } }))
    .sort((a, b) => compareEs(a.area.nombre, b.area.nombre));
  return {
    uuid: u.uuid,
    username: u.username,
    nombre: u.nombre,
    apellido: u.apellido,
    rol: { uuid: u.rol_uuid, nombre: u.rol_nombre, permisos: u.rol_permisos },
    rol_uuid: u.rol_uuid,
    activo: u.activo,
    created_at: u.created_at.toISOString(),
    usuario_areas: areas,
    usuario_areas_uuid: areas.map((a) => a.area_uuid),
    descripcion_puesto: u.puesto
      ? { uuid: u.puesto.uuid, nombre: u.puesto.nombre, descripcion: u.puesto.descripcion }
      : null,
    descripcion_puesto_uuid: u.descripcion_puesto_uuid,
    vinculo:
      u.origen === 'local' || u.externo_id === null
        ? null
        : { proveedor: u.origen, identificador: u.externo_id, emisor: u.externo_emisor, gestiona_grupos: u.directorio_gestiona },
  };
}
