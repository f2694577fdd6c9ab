"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReportsOrderIndex1763700006000 = void 0;
/**
 * Reports page and export by (fecha_asignacion DESC, uuid DESC); the uuid
 * makes the order total, so keyset batches never skip or repeat a row.
 */
class ReportsOrderIndex1763700006000 {
    name = 'ReportsOrderIndex1763700006000';
    async up(q) {
        await q.query(`CREATE INDEX tareas_asignadas_reporte_idx ON tareas_asignadas (fecha_asignacion DESC, uuid DESC)`);
    }
    async down(q) {
        await q.query(`DROP INDEX IF EXISTS tareas_asignadas_reporte_idx`);
    }
}
exports.ReportsOrderIndex1763700006000 = ReportsOrderIndex1763700006000;
//# sourceMappingURL=1763700006000-reports-order-index.js.map