"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ARGON2_OPTIONS = void 0;
exports.hashPassword = hashPassword;
exports.verifyPassword = verifyPassword;
exports.dummyHash = dummyHash;
const argon2_1 = require("@node-rs/argon2");
/** argon2id with the OWASP recommended parameters (19 MiB, 2 iterations, 1 lane). */
exports.ARGON2_OPTIONS = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 };
function hashPassword(password) {
    return (0, argon2_1.hash)(password, exports.ARGON2_OPTIONS);
}
async function verifyPassword(hashed, password) {
    try {
        return await (0, argon2_1.verify)(hashed, password);
    }
    catch {
        return false;
    }
}
/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let dummy = null;
function dummyHash() {
    dummy ??= hashPassword('contraseña-inexistente');
    return dummy;
}
//# sourceMappingURL=password.js.map