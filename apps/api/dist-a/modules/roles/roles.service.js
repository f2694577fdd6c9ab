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
exports.RolesService = void 0;
const common_1 = require("@nestjs/common");
const roles_repository_1 = require("./roles.repository");
let RolesService = class RolesService {
    repo;
    constructor(repo) {
        this.repo = repo;
    }
    /**
     * The roles the caller may grant: those whose permissions it holds itself. The
     * user form offers exactly these, so a supervisor is never shown 'Administrador'
     * (the users API refuses it anyway).
     */
    async list(caller, q) {
        const grantable = (await this.repo.all()).filter((r) => r.permisos.every((p) => caller.permisos.includes(p)));
        const start = (q.page - 1) * q.limit;
        return {
            data: grantable.slice(start, start + q.limit).map((r) => ({ uuid: r.uuid, nombre: r.nombre })),
            meta: { totalItems: grantable.length, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(grantable.length / q.limit) },
        };
    }
};
exports.RolesService = RolesService;
exports.RolesService = RolesService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [roles_repository_1.RolesRepository])
], RolesService);
//# sourceMappingURL=roles.service.js.map