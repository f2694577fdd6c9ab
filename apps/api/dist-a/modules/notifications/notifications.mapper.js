"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toNotificationResponse = toNotificationResponse;
function toNotificationResponse(row) {
    return {
        uuid: row.uuid,
        titulo: row.titulo,
        mensaje: row.mensaje,
        leida: row.leida,
        fecha_creacion: new Date(row.fecha_creacion).toISOString(),
    };
}
//# sourceMappingURL=notifications.mapper.js.map