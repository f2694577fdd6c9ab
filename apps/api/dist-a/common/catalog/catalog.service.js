"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CatalogService = void 0;
const typeorm_1 = require("typeorm");
const app_exception_1 = require("../http/app-exception");
function isForeignKeyViolation(err) {
    return err instanceof typeorm_1.QueryFailedError && err.driverError?.code === '23503';
}
/**
 * The rules shared by job positions and task types: organisation-wide (no area scope),
 * paged lists, 404 for unknown ids, and a delete refused with 409 while something uses the record.
 */
class CatalogService {
    ds;
    repo;
    inUseMessage;
    constructor(ds, repo, inUseMessage) {
        this.ds = ds;
        this.repo = repo;
        this.inUseMessage = inUseMessage;
    }
    async list(q) {
        const { rows, total } = await this.repo.list(q);
        return { data: rows, meta: { totalItems: total, currentPage: q.page, limit: q.limit, totalPages: Math.ceil(total / q.limit) } };
    }
    async get(uuid) {
        const row = await this.repo.findOne(uuid);
        if (!row)
            throw (0, app_exception_1.notFound)();
        return row;
    }
    create(input) {
        return this.repo.insert(input);
    }
    async update(uuid, input) {
        const row = await this.repo.update(uuid, input);
        if (!row)
            throw (0, app_exception_1.notFound)();
        return row;
    }
    /** Locked while checked, so a record taken into use concurrently is not deleted under it. */
    async remove(uuid) {
        try {
            await this.ds.transaction(async (em) => {
                if (!(await this.repo.lock(em, uuid)))
                    throw (0, app_exception_1.notFound)();
                if (await this.repo.inUse(em, uuid))
                    throw (0, app_exception_1.conflict)(this.inUseMessage);
                await this.repo.delete(em, uuid);
            });
        }
        catch (err) {
            if (isForeignKeyViolation(err))
                throw (0, app_exception_1.conflict)(this.inUseMessage);
            throw err;
        }
        return { ok: true };
    }
}
exports.CatalogService = CatalogService;
//# sourceMappingURL=catalog.service.js.map