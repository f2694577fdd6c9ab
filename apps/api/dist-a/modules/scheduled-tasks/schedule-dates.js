"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.dueOccurrence = dueOccurrence;
exports.firstOnOrAfter = firstOnOrAfter;
exports.dueDateOf = dueDateOf;
const company_date_1 = require("../../common/time/company-date");
/**
 * The occurrence a schedule owes on `today`, or null when its next date is still in
 * the future. After downtime only the latest missed date is produced (DECISIONS 4).
 */
function dueOccurrence(proxima, interval, today) {
    if (!Number.isInteger(interval) || interval < 1)
        throw new RangeError(`Intervalo no válido: ${interval}`);
    const late = (0, company_date_1.diffDays)(proxima, today);
    if (late < 0)
        return null;
    const steps = Math.floor(late / interval);
    const occurrence = (0, company_date_1.addDays)(proxima, steps * interval);
    return { occurrence, next: (0, company_date_1.addDays)(occurrence, interval), skipped: steps };
}
/** The first date of the series `proxima + k * interval` (k >= 0) that is on or after `date`. */
function firstOnOrAfter(proxima, interval, date) {
    if (!Number.isInteger(interval) || interval < 1)
        throw new RangeError(`Intervalo no válido: ${interval}`);
    const late = (0, company_date_1.diffDays)(proxima, date);
    if (late <= 0)
        return proxima;
    return (0, company_date_1.addDays)(proxima, Math.ceil(late / interval) * interval);
}
/** Due date of an occurrence: it keeps the offset the task form gave (`dias_vencimiento`). */
function dueDateOf(occurrence, diasVencimiento) {
    return (0, company_date_1.addDays)(occurrence, diasVencimiento);
}
//# sourceMappingURL=schedule-dates.js.map