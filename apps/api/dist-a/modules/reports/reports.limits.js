"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.EXPORT_BATCH_SIZE = exports.REPORT_LIMITS = void 0;
exports.reportLimitsFromEnv = reportLimitsFromEnv;
const contracts_1 = require("@gestar/contracts");
exports.REPORT_LIMITS = Symbol('REPORT_LIMITS');
exports.EXPORT_BATCH_SIZE = 2000;
function positiveInt(value, fallback) {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
}
function reportLimitsFromEnv(env = process.env) {
    return {
        pdfMaxRows: positiveInt(env.REPORT_PDF_MAX_ROWS, contracts_1.PDF_MAX_ROWS),
        exportBatchSize: positiveInt(env.REPORT_EXPORT_BATCH_SIZE, exports.EXPORT_BATCH_SIZE),
    };
}
//# sourceMappingURL=reports.limits.js.map