"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.scopeFor = scopeFor;
exports.areaScope = areaScope;
exports.inScope = inScope;
exports.anyInScope = anyInScope;
exports.assertInScope = assertInScope;
exports.assertAllInScope = assertAllInScope;
exports.scopeAreas = scopeAreas;
exports.assertUsersInScope = assertUsersInScope;
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../http/app-exception");
/**
 * The caller's scope given the permissions that grant everything and those that
 * grant only the caller's own areas. `read:all:areas` widens an area scope to all.
 */
function scopeFor(user, all, ownAreas) {
    if (all.some((p) => user.permisos.includes(p)))
        return { kind: 'all' };
    if (ownAreas.some((p) => user.permisos.includes(p))) {
        return user.permisos.includes('read:all:areas') ? { kind: 'all' } : { kind: 'areas', areaUuids: user.areaUuids };
    }
    return { kind: 'none' };
}
/** Scope of area-bound resources for a caller whose route permission is already checked. */
function areaScope(user) {
    return user.permisos.includes('read:all:areas') ? { kind: 'all' } : { kind: 'areas', areaUuids: user.areaUuids };
}
function inScope(scope, areaUuid) {
    if (scope.kind === 'all')
        return true;
    if (scope.kind === 'none' || !areaUuid)
        return false;
    return scope.areaUuids.includes(areaUuid);
}
/** True when at least one of the areas is in scope (a user belongs to several areas). */
function anyInScope(scope, areaUuids) {
    return areaUuids.some((a) => inScope(scope, a));
}
function assertInScope(scope, areaUuid) {
    if (!inScope(scope, areaUuid))
        throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
}
function assertAllInScope(scope, areaUuids) {
    if (!areaUuids.every((a) => inScope(scope, a)))
        throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
}
/** `null` = no restriction; otherwise the list of areas a query must be limited to. */
function scopeAreas(scope) {
    if (scope.kind === 'all')
        return null;
    if (scope.kind === 'none')
        return [];
    return scope.areaUuids;
}
/**
 * Refuses (403, out of scope) a filter naming a user who belongs to no area of
 * an area scope. The caller itself always passes; an `all` scope passes everyone.
 */
async function assertUsersInScope(db, scope, callerUuid, userUuids) {
    if (scope.kind !== 'areas')
        return;
    const others = [...new Set(userUuids)].filter((u) => u !== callerUuid);
    if (!others.length)
        return;
    const rows = (await db.query(`SELECT DISTINCT usuario_uuid FROM usuario_areas WHERE usuario_uuid = ANY($1::uuid[]) AND area_uuid = ANY($2::uuid[])`, [others, [...scope.areaUuids]]));
    if (rows.length !== others.length)
        throw (0, app_exception_1.forbidden)(contracts_1.MESSAGES.errors.outOfScope);
}
//# sourceMappingURL=access.js.map