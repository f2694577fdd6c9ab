"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ErrorFilter = void 0;
exports.toErrorBody = toErrorBody;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const zod_1 = require("zod");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("./app-exception");
const zod_validation_1 = require("./zod-validation");
const DB_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004']);
function isDbUnavailable(err) {
    if (!err || typeof err !== 'object')
        return false;
    const e = err;
    if (e.code && DB_UNAVAILABLE_CODES.has(e.code))
        return true;
    const msg = e.message ?? '';
    if (/Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(msg)) {
        return true;
    }
    return e.driverError ? isDbUnavailable(e.driverError) : false;
}
function spanishForStatus(status) {
    switch (status) {
        case 400:
            return contracts_1.MESSAGES.validation.invalidBody;
        case 401:
            return contracts_1.MESSAGES.errors.unauthorized;
        case 403:
            return contracts_1.MESSAGES.errors.forbidden;
        case 404:
            return contracts_1.MESSAGES.errors.routeNotFound;
        case 413:
            return contracts_1.MESSAGES.errors.payloadTooLarge;
        case 429:
            return contracts_1.MESSAGES.errors.tooManyLoginAttempts;
        case 503:
            return contracts_1.MESSAGES.errors.databaseUnavailable;
        default:
            return status >= 500 ? contracts_1.MESSAGES.errors.internal : contracts_1.MESSAGES.validation.invalidBody;
    }
}
/** Turns every error into `{ statusCode, message, error }` with a Spanish message; never a 500 for client input. */
function toErrorBody(exception) {
    if (exception instanceof app_exception_1.AppException) {
        return exception.getResponse();
    }
    if (exception instanceof common_1.HttpException) {
        // Nest's own exceptions (unknown route, body parser errors) carry English text.
        const status = exception.getStatus();
        return { statusCode: status, message: spanishForStatus(status), error: (0, app_exception_1.errorName)(status) };
    }
    if (exception instanceof zod_1.ZodError) {
        const errors = (0, zod_validation_1.zodFieldErrors)(exception);
        return { statusCode: 400, message: errors[0]?.message ?? contracts_1.MESSAGES.validation.invalidBody, error: (0, app_exception_1.errorName)(400), errors };
    }
    const e = exception;
    if (e && (e.type === 'entity.too.large' || e.status === 413)) {
        return { statusCode: 413, message: contracts_1.MESSAGES.errors.payloadTooLarge, error: (0, app_exception_1.errorName)(413) };
    }
    if (e && (e.type === 'entity.parse.failed' || e.type === 'encoding.unsupported' || e.type === 'charset.unsupported' || e.type === 'request.aborted')) {
        return { statusCode: 400, message: contracts_1.MESSAGES.validation.invalidBody, error: (0, app_exception_1.errorName)(400) };
    }
    if (isDbUnavailable(exception)) {
        return { statusCode: 503, message: contracts_1.MESSAGES.errors.databaseUnavailable, error: (0, app_exception_1.errorName)(503) };
    }
    if (exception instanceof typeorm_1.QueryFailedError) {
        const code = exception.code ?? exception.driverError?.code;
        if (code === '22P02' || code === '22007' || code === '22008' || code === '22003' || code === '22001' || code === '22021' || code === '54001') {
            return { statusCode: 400, message: contracts_1.MESSAGES.validation.invalidBody, error: (0, app_exception_1.errorName)(400) };
        }
        if (code === '23505' || code === '23503' || code === '23514') {
            return { statusCode: 409, message: contracts_1.MESSAGES.validation.invalidBody, error: (0, app_exception_1.errorName)(409) };
        }
    }
    return { statusCode: 500, message: contracts_1.MESSAGES.errors.internal, error: (0, app_exception_1.errorName)(500) };
}
let ErrorFilter = class ErrorFilter {
    logger = new common_1.Logger('HTTP');
    catch(exception, host) {
        const ctx = host.switchToHttp();
        const res = ctx.getResponse();
        const req = ctx.getRequest();
        const body = toErrorBody(exception);
        if (body.statusCode >= 500) {
            this.logger.error(`${req.method} ${req.originalUrl} -> ${body.statusCode}`, exception instanceof Error ? exception.stack : String(exception));
        }
        if (res.headersSent) {
            res.end();
            return;
        }
        res.status(body.statusCode).json(body);
    }
};
exports.ErrorFilter = ErrorFilter;
exports.ErrorFilter = ErrorFilter = __decorate([
    (0, common_1.Catch)()
], ErrorFilter);
//# sourceMappingURL=error.filter.js.map