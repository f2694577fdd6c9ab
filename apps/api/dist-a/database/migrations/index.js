"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MIGRATIONS = void 0;
const _1763700000000_initial_schema_1 = require("./1763700000000-initial-schema");
const _1763700000100_seed_roles_1 = require("./1763700000100-seed-roles");
const _1763700006000_reports_order_index_1 = require("./1763700006000-reports-order-index");
/** Every migration, in order. Add new ones at the end. */
exports.MIGRATIONS = [_1763700000000_initial_schema_1.InitialSchema1763700000000, _1763700000100_seed_roles_1.SeedRoles1763700000100, _1763700006000_reports_order_index_1.ReportsOrderIndex1763700006000];
//# sourceMappingURL=index.js.map