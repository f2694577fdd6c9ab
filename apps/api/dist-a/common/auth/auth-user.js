"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.hasPermission = hasPermission;
function hasPermission(user, permission) {
    return user.permisos.includes(permission);
}
//# sourceMappingURL=auth-user.js.map