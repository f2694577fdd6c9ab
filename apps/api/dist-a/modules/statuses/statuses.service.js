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
exports.StatusesService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../../common/http/app-exception");
const statuses_repository_1 = require("./statuses.repository");
function isForeignKeyViolation(err) {
    return err instanceof typeorm_1.QueryFailedError && err.driverError?.code === '23503';
}
/** Statuses are organisation-wide. The contract schema already upper-cases `color`. */
let StatusesService = class StatusesService {
    ds;
    repo;
    constructor(ds, repo) {
        this.ds = ds;
        this.repo = repo;
    }
    async list(q) {
        const { rows, total } = await this.repo.list(q);
        return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
    }
    create(input) {
        return this.repo.insert({ ...input, color: input.color.toUpperCase() });
    }
    async update(uuid, input) {
        const row = await this.repo.update(uuid, { ...input, color: input.color.toUpperCase() });
        if (!row)
            throw (0, app_exception_1.notFound)();
        return row;
    }
    /** Refused (409) while any assigned task uses the status: its history must stay readable. */
    async remove(uuid) {
        try {
            await this.ds.transaction(async (em) => {
                if (!(await this.repo.lock(em, uuid)))
                    throw (0, app_exception_1.notFound)();
                if (await this.repo.inUse(em, uuid))
                    throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.statusInUse);
                await this.repo.delete(em, uuid);
            });
        }
        catch (err) {
            if (isForeignKeyViolation(err))
                throw (0, app_exception_1.conflict)(contracts_1.MESSAGES.errors.statusInUse);
            throw err;
        }
        return { ok: true };
    }
};
exports.StatusesService = StatusesService;
exports.StatusesService = StatusesService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource,
        statuses_repository_1.StatusesRepository])
], StatusesService);
//# sourceMappingURL=statuses.service.js.map