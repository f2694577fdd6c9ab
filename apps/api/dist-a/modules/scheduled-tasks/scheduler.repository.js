"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.SchedulerRepository = void 0;
const common_1 = require("@nestjs/common");
/**
 * The generator's queries. Every method takes the transaction's EntityManager:
 * claiming, inserting and advancing must commit or roll back together.
 * Dates travel as `YYYY-MM-DD` text (never through JS Date, which would shift them by the server's zone).
 */
let SchedulerRepository = class SchedulerRepository {
    /**
     * Locks up to `limit` due schedules of active tasks. SKIP LOCKED lets another
     * process claim other rows at the same time instead of waiting for these; a row
     * another process has just advanced no longer matches `proxima_ejecucion <= today`.
     */
    async claimDue(em, today, limit) {
        return em.query(`SELECT p.uuid, p.tarea_uuid, t.titulo, t.area_uuid, p.intervalo_repeticion,
              to_char(p.proxima_ejecucion, 'YYYY-MM-DD') AS proxima_ejecucion, p.dias_vencimiento
         FROM programaciones_tareas p
         JOIN tareas t ON t.uuid = p.tarea_uuid
        WHERE p.activo AND t.activo AND p.proxima_ejecucion <= $1::date
        ORDER BY p.proxima_ejecucion, p.uuid
        LIMIT $2
        FOR UPDATE OF p SKIP LOCKED`, [today, limit]);
    }
    /** The status new assigned tasks start in: the lowest `order`. */
    async firstStatus(em) {
        const rows = await em.query(`SELECT uuid FROM estados ORDER BY "order", created_at, uuid LIMIT 1`);
        return rows[0]?.uuid ?? null;
    }
    /**
     * One assigned task per current, active default assignee of each schedule's task,
     * each with its 'asignacion' history entry by nobody (the system), in one statement.
     * The unique key (schedule, occurrence date, employee) makes a second insert of the
     * same occurrence a no-op, whoever attempts it (and a no-op writes no history).
     */
    async insertOccurrences(em, occurrences, estadoUuid, at, detalle) {
        if (!occurrences.length)
            return [];
        return em.query(`WITH inserted AS (
         INSERT INTO tareas_asignadas
                (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_vencimiento, programacion_uuid, fecha_ocurrencia, asignado_por_uuid)
         SELECT p.tarea_uuid, tu.usuario_uuid, $4, $5, o.fecha_vencimiento, p.uuid, o.fecha_ocurrencia, NULL
           FROM unnest($1::uuid[], $2::date[], $3::date[]) AS o(programacion_uuid, fecha_ocurrencia, fecha_vencimiento)
           JOIN programaciones_tareas p ON p.uuid = o.programacion_uuid
           JOIN tarea_usuarios tu ON tu.tarea_uuid = p.tarea_uuid
           JOIN usuarios u ON u.uuid = tu.usuario_uuid AND u.activo
          ORDER BY p.uuid, tu.usuario_uuid
         ON CONFLICT (programacion_uuid, fecha_ocurrencia, empleado_uuid) WHERE programacion_uuid IS NOT NULL DO NOTHING
         RETURNING uuid, programacion_uuid, tarea_uuid, empleado_uuid, fecha_ocurrencia, fecha_vencimiento
       ), history AS (
         INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, usuario_uuid, fecha)
         SELECT i.uuid, 'asignacion', $6, NULL, $5 FROM inserted i
       )
       SELECT uuid, programacion_uuid, tarea_uuid, empleado_uuid,
              to_char(fecha_ocurrencia, 'YYYY-MM-DD') AS fecha_ocurrencia,
              to_char(fecha_vencimiento, 'YYYY-MM-DD') AS fecha_vencimiento
         FROM inserted`, [
            occurrences.map((o) => o.programacion_uuid),
            occurrences.map((o) => o.fecha_ocurrencia),
            occurrences.map((o) => o.fecha_vencimiento),
            estadoUuid,
            at,
            detalle,
        ]);
    }
    /** Moves each schedule to its next date and records the run. */
    async advance(em, advances, at) {
        if (!advances.length)
            return;
        await em.query(`UPDATE programaciones_tareas p
          SET proxima_ejecucion = u.next, ultima_ejecucion = $4,
              total_generadas = p.total_generadas + u.generated, updated_at = now()
         FROM unnest($1::uuid[], $2::date[], $3::int[]) AS u(uuid, next, generated)
        WHERE p.uuid = u.uuid`, [advances.map((a) => a.uuid), advances.map((a) => a.next), advances.map((a) => a.generated), at]);
    }
};
exports.SchedulerRepository = SchedulerRepository;
exports.SchedulerRepository = SchedulerRepository = __decorate([
    (0, common_1.Injectable)()
], SchedulerRepository);
//# sourceMappingURL=scheduler.repository.js.map