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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReportsService = void 0;
const node_stream_1 = require("node:stream");
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const access_1 = require("../../common/access/access");
const app_exception_1 = require("../../common/http/app-exception");
const company_date_1 = require("../../common/time/company-date");
const config_1 = require("../../config");
const cells_1 = require("./export/cells");
const csv_writer_1 = require("./export/csv-writer");
const pdf_renderer_service_1 = require("./export/pdf-renderer.service");
const report_html_1 = require("./export/report-html");
const xlsx_writer_1 = require("./export/xlsx-writer");
const reports_mapper_1 = require("./reports.mapper");
const reports_limits_1 = require("./reports.limits");
const reports_repository_1 = require("./reports.repository");
const average = (sum, n) => (n > 0 ? Math.round((sum / n) * 100) / 100 : null);
const rate = (part, whole) => whole > 0 ? Math.round((part / whole) * 10000) / 10000 : null;
let ReportsService = class ReportsService {
    ds;
    repo;
    pdf;
    config;
    limits;
    constructor(ds, repo, pdf, config, limits) {
        this.ds = ds;
        this.repo = repo;
        this.pdf = pdf;
        this.config = config;
        this.limits = limits;
    }
    /**
     * The caller's filters inside its scope. `generate:report` (or
     * `read:all:areas`) sees every area; `generate:area-report` only the
     * caller's own, and naming a foreign area is refused rather than silently
     * dropped, so a report never looks complete when it is not.
     */
    async where(user, f) {
        const scope = (0, access_1.scopeFor)(user, ['generate:report'], ['generate:area-report']);
        if (scope.kind === 'none')
            throw (0, app_exception_1.forbidden)();
        if (f.area_uuids?.length)
            (0, access_1.assertAllInScope)(scope, f.area_uuids);
        // Likewise an employee of no area of the caller's.
        if (f.employee_uuids?.length)
            await (0, access_1.assertUsersInScope)(this.ds, scope, user.uuid, f.employee_uuids);
        const tz = this.config.timezone;
        const start = f.start_date ? (0, company_date_1.toCompanyDate)(f.start_date, tz) : undefined;
        const end = f.end_date ? (0, company_date_1.toCompanyDate)(f.end_date, tz) : undefined;
        return {
            scopeAreas: (0, access_1.scopeAreas)(scope),
            statusUuids: f.status_uuids,
            areaUuids: f.area_uuids,
            employeeUuids: f.employee_uuids,
            titleTaskUuids: f.title ? await this.repo.tasksTitled(f.title) : undefined,
            from: start ? (0, company_date_1.companyMidnight)(start, tz) : undefined,
            // The end date is inclusive: everything before the next day's midnight.
            to: end ? (0, company_date_1.companyMidnight)((0, company_date_1.addDays)(end, 1), tz) : undefined,
            timeZone: tz,
        };
    }
    async list(user, q) {
        const where = await this.where(user, q);
        const [totalItems, page] = await Promise.all([
            this.repo.count(where),
            this.repo.page(where, q.limit, (q.page - 1) * q.limit),
        ]);
        const totalPages = Math.ceil(totalItems / q.limit);
        return {
            data: (0, reports_mapper_1.toReportRows)(page, this.config.timezone),
            totalPages,
            meta: { totalItems, currentPage: q.page, limit: q.limit, totalPages },
        };
    }
    async stats(user, f) {
        const where = await this.where(user, f);
        const today = (0, company_date_1.companyToday)(this.config.timezone);
        const [pairs, employees] = await Promise.all([
            this.repo.areaStatusCounts(where, today),
            this.repo.employeeCounts(where),
        ]);
        return {
            ...totalsOf(pairs),
            por_estado: byStatus(pairs),
            por_area: byArea(pairs),
            por_empleado: employees.map((e) => ({
                empleado_uuid: e.empleado_uuid,
                nombre: e.nombre,
                apellido: e.apellido,
                total: e.total,
                archivadas: e.archivadas,
                completadas: e.completadas,
                completadas_a_tiempo: e.a_tiempo,
                promedio_calificacion: average(e.suma_calificacion, e.calificadas),
            })),
        };
    }
    async export(user, format, f) {
        const where = await this.where(user, f);
        const tz = this.config.timezone;
        const fileName = (0, contracts_1.reportFileName)(format, (0, company_date_1.companyToday)(tz));
        const rowsOf = (batch) => (0, reports_mapper_1.toReportRows)(batch, tz).map((r) => (0, cells_1.toExportRow)(r, tz));
        const batches = () => this.repo.batches(where, this.limits.exportBatchSize);
        if (format === 'csv') {
            // Streamed: each batch is written out before the next is read.
            async function* lines() {
                yield (0, csv_writer_1.csvHeader)();
                for await (const batch of batches())
                    yield (0, csv_writer_1.csvRows)(rowsOf(batch));
            }
            return { fileName, contentType: `${contracts_1.EXPORT_CONTENT_TYPES.csv}; charset=utf-8`, body: node_stream_1.Readable.from(lines()) };
        }
        if (format === 'xlsx') {
            const book = new xlsx_writer_1.XlsxReportBuilder();
            for await (const batch of this.repo.exportBatches(where, this.limits.exportBatchSize))
                book.addBatch(batch);
            return { fileName, contentType: contracts_1.EXPORT_CONTENT_TYPES.xlsx, body: book.toBuffer() };
        }
        // One statement reads the rows, one more than the limit at most: no separate count, and
        // the names of the filters are read meanwhile.
        const [batch, filters] = await Promise.all([
            this.repo.page(where, this.limits.pdfMaxRows + 1, 0),
            this.filterSummary(f),
        ]);
        if (batch.rows.length > this.limits.pdfMaxRows)
            throw (0, app_exception_1.payloadTooLarge)(contracts_1.MESSAGES.errors.reportTooLargeForPdf);
        const html = (0, report_html_1.reportHtml)({
            companyName: this.config.companyName ?? contracts_1.COMPANY_NAME,
            generatedOn: (0, company_date_1.companyToday)(tz),
            filters,
            rows: rowsOf(batch),
        });
        return { fileName, contentType: contracts_1.EXPORT_CONTENT_TYPES.pdf, body: await this.pdf.render(html) };
    }
    async filterSummary(f) {
        const tz = this.config.timezone;
        const [estados, areas, colaboradores] = await Promise.all([
            this.repo.namesOf('estados', f.status_uuids ?? []),
            this.repo.namesOf('areas', f.area_uuids ?? []),
            this.repo.employeeNamesOf(f.employee_uuids ?? []),
        ]);
        return {
            estados,
            areas,
            colaboradores,
            titulo: f.title,
            desde: f.start_date ? (0, company_date_1.toCompanyDate)(f.start_date, tz) : undefined,
            hasta: f.end_date ? (0, company_date_1.toCompanyDate)(f.end_date, tz) : undefined,
        };
    }
};
exports.ReportsService = ReportsService;
exports.ReportsService = ReportsService = __decorate([
    (0, common_1.Injectable)(),
    __param(3, (0, common_1.Inject)(config_1.APP_CONFIG)),
    __param(4, (0, common_1.Inject)(reports_limits_1.REPORT_LIMITS)),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        reports_repository_1.ReportsRepository,
        pdf_renderer_service_1.PdfRendererService, Object, Object])
], ReportsService);
function totalsOf(pairs) {
    const sum = (k) => pairs.reduce((n, p) => n + p[k], 0);
    const completadas = sum('completadas');
    const aTiempo = sum('a_tiempo');
    return {
        total: sum('total'),
        archivadas: sum('archivadas'),
        vencidas: sum('vencidas'),
        completadas,
        completadas_a_tiempo: aTiempo,
        tasa_a_tiempo: rate(aTiempo, completadas),
        promedio_calificacion: average(sum('suma_calificacion'), sum('calificadas')),
    };
}
function byStatus(pairs) {
    const map = new Map();
    for (const p of pairs) {
        const entry = map.get(p.estado_uuid);
        if (entry)
            entry.item.total += p.total;
        else {
            map.set(p.estado_uuid, {
                order: p.estado_order,
                item: { estado_uuid: p.estado_uuid, nombre: p.estado_nombre, color: p.estado_color, total: p.total },
            });
        }
    }
    return [...map.values()]
        .sort((a, b) => a.order - b.order || a.item.nombre.localeCompare(b.item.nombre))
        .map((e) => e.item);
}
function byArea(pairs) {
    const groups = new Map();
    for (const p of pairs)
        groups.set(p.area_uuid, [...(groups.get(p.area_uuid) ?? []), p]);
    return [...groups.values()]
        .map((list) => {
        const t = totalsOf(list);
        return {
            area_uuid: list[0].area_uuid,
            nombre: list[0].area_nombre,
            total: t.total,
            completadas: t.completadas,
            completadas_a_tiempo: t.completadas_a_tiempo,
            tasa_a_tiempo: t.tasa_a_tiempo,
            promedio_calificacion: t.promedio_calificacion,
            por_estado: byStatus(list),
        };
    })
        .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
}
//# sourceMappingURL=reports.service.js.map