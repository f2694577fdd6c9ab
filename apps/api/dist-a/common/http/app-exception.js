"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.payloadTooLarge = exports.tooManyRequests = exports.conflict = exports.notFound = exports.forbidden = exports.unauthorized = exports.badRequest = exports.AppException = void 0;
exports.errorName = errorName;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const ERROR_NAMES = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
};
function errorName(status) {
    return ERROR_NAMES[status] ?? 'Error';
}
/** An error answered as `{ statusCode, message, error, errors? }` with a Spanish message. */
class AppException extends common_1.HttpException {
    errors;
    constructor(status, message, errors) {
        super({ statusCode: status, message, error: errorName(status), ...(errors ? { errors } : {}) }, status);
        this.errors = errors;
    }
}
exports.AppException = AppException;
const badRequest = (message = contracts_1.MESSAGES.validation.invalidBody, errors) => new AppException(common_1.HttpStatus.BAD_REQUEST, message, errors);
exports.badRequest = badRequest;
const unauthorized = (message = contracts_1.MESSAGES.errors.unauthorized) => new AppException(common_1.HttpStatus.UNAUTHORIZED, message);
exports.unauthorized = unauthorized;
const forbidden = (message = contracts_1.MESSAGES.errors.forbidden) => new AppException(common_1.HttpStatus.FORBIDDEN, message);
exports.forbidden = forbidden;
const notFound = (message = contracts_1.MESSAGES.errors.notFound) => new AppException(common_1.HttpStatus.NOT_FOUND, message);
exports.notFound = notFound;
const conflict = (message) => new AppException(common_1.HttpStatus.CONFLICT, message);
exports.conflict = conflict;
const tooManyRequests = (message = contracts_1.MESSAGES.errors.tooManyLoginAttempts) => new AppException(common_1.HttpStatus.TOO_MANY_REQUESTS, message);
exports.tooManyRequests = tooManyRequests;
const payloadTooLarge = (message = contracts_1.MESSAGES.errors.payloadTooLarge) => new AppException(common_1.HttpStatus.PAYLOAD_TOO_LARGE, message);
exports.payloadTooLarge = payloadTooLarge;
//# sourceMappingURL=app-exception.js.map