"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toUserResponse = toUserResponse;
exports.toUserListResponse = toUserListResponse;
const compare_es_1 = require("../../common/text/compare-es");
/** Entity -> the user response of SPEC section 3 (never a password or hash). */
function toUserResponse(u) {
    return toUserListResponse({
        uuid: u.uuid,
        username: u.username,
        nombre: u.nombre,
        apellido: u.apellido,
        rol_uuid: u.rol_uuid,
        rol_nombre: u.rol.nombre,
        activo: u.activo,
        created_at: u.created_at,
        descripcion_puesto_uuid: u.descripcion_puesto_uuid,
        puesto: u.descripcion_puesto
            ? { uuid: u.descripcion_puesto.uuid, nombre: u.descripcion_puesto.nombre, descripcion: u.descripcion_puesto.descripcion }
            : null,
        areas: (u.usuario_areas ?? []).filter((ua) => ua.area).map((ua) => ({ uuid: ua.area.uuid, nombre: ua.area.nombre })),
    });
}
/** A list row (or an entity read as one) -> the user response of SPEC section 3; areas by name. */
function toUserListResponse(u) {
    const areas = (u.areas ?? [])
        .map((a) => ({ area_uuid: a.uuid, area: { uuid: a.uuid, nombre: a.nombre } }))
        .sort((a, b) => (0, compare_es_1.compareEs)(a.area.nombre, b.area.nombre));
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
//# sourceMappingURL=users.mapper.js.map