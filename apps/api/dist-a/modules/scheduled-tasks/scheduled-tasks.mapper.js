"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toScheduledTaskResponse = toScheduledTaskResponse;
const company_date_1 = require("../../common/time/company-date");
/** Row -> the scheduled-task response; the calendar date travels as its midnight in the company zone. */
function toScheduledTaskResponse(r, timeZone) {
    return {
        uuid: r.uuid,
        tarea_uuid: r.tarea_uuid,
        tarea: { uuid: r.tarea_uuid, titulo: r.titulo, area: { uuid: r.area_uuid, nombre: r.area_nombre } },
        intervalo_repeticion: r.intervalo_repeticion,
        proxima_ejecucion: (0, company_date_1.companyMidnight)(r.proxima_ejecucion, timeZone).toISOString(),
        activo: r.activo,
        ultima_ejecucion: r.ultima_ejecucion ? new Date(r.ultima_ejecucion).toISOString() : null,
        total_generadas: r.total_generadas,
    };
}
//# sourceMappingURL=scheduled-tasks.mapper.js.map