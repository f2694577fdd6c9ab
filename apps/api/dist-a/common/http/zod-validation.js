"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.zodFieldErrors = zodFieldErrors;
exports.parseOrThrow = parseOrThrow;
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("./app-exception");
/** Issue list as `{ path, message }`; messages are Spanish (contracts sets zod's Spanish locale). */
function zodFieldErrors(error) {
    return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}
/** Parses a value with a contract schema; a failure is a 400 with the Spanish messages. */
function parseOrThrow(schema, value) {
    const r = schema.safeParse(value);
    if (!r.success) {
        const errors = zodFieldErrors(r.error);
        throw (0, app_exception_1.badRequest)(errors[0]?.message ?? contracts_1.MESSAGES.validation.invalidBody, errors);
    }
    return r.data;
}
//# sourceMappingURL=zod-validation.js.map