"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReportsRepository = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
/** Positional parameters of one statement. */
class Params {
    values = [];
    add(value) {
        this.values.push(value);
        return `$${this.values.length}`;
    }
}
/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
function escapeLike(text) {
    return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
const SUGGESTIONS = `SELECT uuid, tarea_uuid, descripcion FROM sugerencias
  WHERE tarea_uuid = ANY($1::uuid[]) ORDER BY fecha_creacion, uuid`;
/** The ids in `key` of `rows` that are not in `seen` yet (added to it), each once. */
function firstSeen(seen, rows, key) {
    const out = [];
    for (const row of rows) {
        const id = row[key];
        if (!seen.has(id)) {
            seen.add(id);
            out.push(id);
        }
    }
    return out;
}
/** Days from Excel's epoch to a date: the serial of a real date cell, with no time-zone shift. */
const EXCEL_EPOCH = `DATE '1899-12-30'`;
const FROM = `FROM tareas_asignadas ta JOIN tareas t ON t.uuid = ta.tarea_uuid`;
/** The due date a row is judged by: its own, or the assignment day when it has none. */
const dueDate = (tz) => `COALESCE(ta.fecha_vencimiento, (ta.fecha_asignacion AT TIME ZONE ${tz})::date)`;
function whereOf(f, p) {
    const parts = [];
    if (f.scopeAreas)
        parts.push(`t.area_uuid = ANY(${p.add([...f.scopeAreas])}::uuid[])`);
    if (f.areaUuids?.length)
        parts.push(`t.area_uuid = ANY(${p.add([...f.areaUuids])}::uuid[])`);
    if (f.statusUuids?.length)
        parts.push(`ta.estado_uuid = ANY(${p.add([...f.statusUuids])}::uuid[])`);
    if (f.employeeUuids?.length)
        parts.push(`ta.empleado_uuid = ANY(${p.add([...f.employeeUuids])}::uuid[])`);
    if (f.titleTaskUuids)
        parts.push(`t.uuid = ANY(${p.add([...f.titleTaskUuids])}::uuid[])`);
    if (f.from)
        parts.push(`ta.fecha_asignacion >= ${p.add(f.from)}`);
    if (f.to)
        parts.push(`ta.fecha_asignacion < ${p.add(f.to)}`);
    return parts.length ? `WHERE ${parts.join(' AND ')}` : '';
}
/** Report queries in plain SQL: one statement for the rows, one for their suggestions (no N+1). */
let ReportsRepository = class ReportsRepository {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /**
     * Tasks whose title contains `text`, accent- and case-insensitively. A
     * statement of its own over `tareas`, so the trigram index on this very
     * expression (`tareas_titulo_trgm`) is a path the planner can take: joined
     * to the assignments, a full scan of the primary key (kept for its order)
     * always looked as cheap. The uuids then filter the report by task.
     */
    async tasksTitled(text) {
        const rows = await this.ds.query(`SELECT uuid FROM tareas WHERE lower(f_unaccent(titulo)) LIKE lower(f_unaccent($1))`, [`%${escapeLike(text)}%`]);
        return rows.map((r) => r.uuid);
    }
    async count(f) {
        const p = new Params();
        const [row] = await this.ds.query(`SELECT count(*)::int AS total ${FROM} ${whereOf(f, p)}`, p.values);
        return row?.total ?? 0;
    }
    selectRows(f, p, extraWhere) {
        const tz = p.add(f.timeZone);
        const where = whereOf(f, p);
        const extra = extraWhere ? extraWhere(p) : '';
        const combined = extra ? (where ? `${where} AND ${extra}` : `WHERE ${extra}`) : where;
        return `SELECT ta.uuid, ta.fecha_asignacion, ta.fecha_asignacion::text AS cursor_ts,
        ${dueDate(tz)}::text AS fecha_vencimiento,
        ta.calificacion, ta.observaciones, ta.archivada,
        u.uuid AS empleado_uuid, u.nombre AS empleado_nombre, u.apellido AS empleado_apellido,
        t.uuid AS tarea_uuid, t.titulo, a.uuid AS area_uuid, a.nombre AS area_nombre,
        e.uuid AS estado_uuid, e.nombre AS estado_nombre, e.color AS estado_color
      ${FROM}
      JOIN areas a ON a.uuid = t.area_uuid
      JOIN usuarios u ON u.uuid = ta.empleado_uuid
      JOIN estados e ON e.uuid = ta.estado_uuid
      ${combined}
      ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC`;
    }
    /** One page (LIMIT/OFFSET on the indexed order) and the suggestions of its tasks. */
    async page(f, limit, offset) {
        const p = new Params();
        const sql = `${this.selectRows(f, p)} LIMIT ${p.add(limit)} OFFSET ${p.add(offset)}`;
        const rows = await this.ds.query(sql, p.values);
        return { rows, suggestions: await this.suggestionsOf(rows) };
    }
    /**
     * Every matching row, `size` at a time, by keyset on (fecha_asignacion, uuid):
     * memory holds one batch, and rows added meanwhile never shift the cursor.
     */
    async *batches(f, size) {
        let cursor = null;
        for (;;) {
            const p = new Params();
            const after = cursor;
            const sql = `${this.selectRows(f, p, after ? (q) => `(ta.fecha_asignacion, ta.uuid) < (${q.add(after.ts)}::timestamptz, ${q.add(after.uuid)}::uuid)` : undefined)} LIMIT ${p.add(size)}`;
            const rows = await this.ds.query(sql, p.values);
            if (rows.length === 0)
                return;
            yield { rows, suggestions: await this.suggestionsOf(rows) };
            if (rows.length < size)
                return;
            const last = rows[rows.length - 1];
            cursor = { ts: last.cursor_ts, uuid: last.uuid };
        }
    }
    /**
     * Every matching row for an XLSX export, `size` at a time, from one cursor
     * in one REPEATABLE READ transaction: the statement runs once (no re-walk of
     * the order per batch), memory holds one batch, and rows and names come
     * from the same snapshot. A row carries ids only; each name is read once,
     * in the batch where its id first appears.
     */
    async *exportBatches(f, size) {
        const p = new Params();
        const tz = p.add(f.timeZone);
        const created = `(ta.fecha_asignacion AT TIME ZONE ${tz})::date`;
        const sql = `SELECT ta.tarea_uuid, ta.empleado_uuid, ta.estado_uuid,
        ${created} - ${EXCEL_EPOCH} AS creada,
        COALESCE(ta.fecha_vencimiento, ${created}) - ${EXCEL_EPOCH} AS vence,
        ta.calificacion, ta.observaciones
      ${FROM} ${whereOf(f, p)}
      ORDER BY ta.fecha_asignacion DESC, ta.uuid DESC`;
        const runner = this.ds.createQueryRunner();
        await runner.connect();
        try {
            await runner.startTransaction('REPEATABLE READ');
            // Every row is read: plan for the whole result, not for its first tenth.
            await runner.query(`SET LOCAL cursor_tuple_fraction = 1`);
            await runner.query(`DECLARE reporte_export NO SCROLL CURSOR FOR ${sql}`, p.values);
            const query = (text, ids) => ids.length ? runner.query(text, [ids]) : Promise.resolve([]);
            const seenTasks = new Set();
            const seenEmployees = new Set();
            const seenStates = new Set();
            for (;;) {
                const rows = await runner.query(`FETCH ${Math.trunc(size)} FROM reporte_export`);
                if (rows.length === 0)
                    break;
                const tasks = firstSeen(seenTasks, rows, 'tarea_uuid');
                yield {
                    rows,
                    tasks: await query(`SELECT t.uuid, t.titulo, a.nombre AS area_nombre
               FROM tareas t JOIN areas a ON a.uuid = t.area_uuid WHERE t.uuid = ANY($1::uuid[])`, tasks),
                    suggestions: await query(SUGGESTIONS, tasks),
                    employees: await query(`SELECT uuid, nombre, apellido FROM usuarios WHERE uuid = ANY($1::uuid[])`, firstSeen(seenEmployees, rows, 'empleado_uuid')),
                    states: await query(`SELECT uuid, nombre FROM estados WHERE uuid = ANY($1::uuid[])`, firstSeen(seenStates, rows, 'estado_uuid')),
                };
                if (rows.length < size)
                    break;
            }
            await runner.commitTransaction();
        }
        finally {
            if (runner.isTransactionActive)
                await runner.rollbackTransaction().catch(() => undefined);
            await runner.release();
        }
    }
    async suggestionsOf(rows) {
        const tareas = [...new Set(rows.map((r) => r.tarea_uuid))];
        if (tareas.length === 0)
            return [];
        return this.ds.query(SUGGESTIONS, [tareas]);
    }
    /** Counts per (area, status) over the filtered rows, with completion and rating sums. */
    areaStatusCounts(f, today) {
        const p = new Params();
        const tz = p.add(f.timeZone);
        const day = p.add(today);
        const sql = `WITH f AS (
        SELECT t.area_uuid, ta.estado_uuid, ta.archivada, ta.calificacion,
          ta.fecha_completada IS NOT NULL AS completada,
          (ta.fecha_completada AT TIME ZONE ${tz})::date <= ${dueDate(tz)} AS a_tiempo,
          NOT ta.archivada AND ta.fecha_completada IS NULL AND ${dueDate(tz)} < ${day}::date AS vencida
        ${FROM} ${whereOf(f, p)}
      )
      SELECT f.area_uuid, a.nombre AS area_nombre, f.estado_uuid, e.nombre AS estado_nombre,
        e.color AS estado_color, e."order" AS estado_order,
        count(*)::int AS total,
        count(*) FILTER (WHERE f.archivada)::int AS archivadas,
        count(*) FILTER (WHERE f.completada)::int AS completadas,
        count(*) FILTER (WHERE f.a_tiempo)::int AS a_tiempo,
        count(*) FILTER (WHERE f.vencida)::int AS vencidas,
        COALESCE(sum(f.calificacion), 0)::int AS suma_calificacion,
        count(f.calificacion)::int AS calificadas
      FROM f JOIN areas a ON a.uuid = f.area_uuid JOIN estados e ON e.uuid = f.estado_uuid
      GROUP BY f.area_uuid, a.nombre, f.estado_uuid, e.nombre, e.color, e."order"`;
        return this.ds.query(sql, p.values);
    }
    employeeCounts(f) {
        const p = new Params();
        const tz = p.add(f.timeZone);
        const sql = `WITH f AS (
        SELECT ta.empleado_uuid, ta.archivada, ta.calificacion,
          ta.fecha_completada IS NOT NULL AS completada,
          (ta.fecha_completada AT TIME ZONE ${tz})::date <= ${dueDate(tz)} AS a_tiempo
        ${FROM} ${whereOf(f, p)}
      )
      SELECT f.empleado_uuid, u.nombre, u.apellido,
        count(*)::int AS total,
        count(*) FILTER (WHERE f.archivada)::int AS archivadas,
        count(*) FILTER (WHERE f.completada)::int AS completadas,
        count(*) FILTER (WHERE f.a_tiempo)::int AS a_tiempo,
        COALESCE(sum(f.calificacion), 0)::int AS suma_calificacion,
        count(f.calificacion)::int AS calificadas
      FROM f JOIN usuarios u ON u.uuid = f.empleado_uuid
      GROUP BY f.empleado_uuid, u.nombre, u.apellido
      ORDER BY count(*) DESC, u.apellido, u.nombre`;
        return this.ds.query(sql, p.values);
    }
    /** Names for the PDF's "filters used" line. */
    async namesOf(table, uuids) {
        if (uuids.length === 0)
            return [];
        const rows = await this.ds.query(`SELECT nombre FROM ${table} WHERE uuid = ANY($1::uuid[]) ORDER BY nombre`, [[...uuids]]);
        return rows.map((r) => r.nombre);
    }
    async employeeNamesOf(uuids) {
        if (uuids.length === 0)
            return [];
        const rows = await this.ds.query(`SELECT nombre || ' ' || apellido AS nombre FROM usuarios WHERE uuid = ANY($1::uuid[]) ORDER BY apellido, nombre`, [[...uuids]]);
        return rows.map((r) => r.nombre);
    }
};
exports.ReportsRepository = ReportsRepository;
exports.ReportsRepository = ReportsRepository = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], ReportsRepository);
//# sourceMappingURL=reports.repository.js.map