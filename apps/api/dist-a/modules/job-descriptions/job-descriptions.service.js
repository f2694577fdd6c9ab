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
exports.JobDescriptionsService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const catalog_service_1 = require("../../common/catalog/catalog.service");
const job_descriptions_repository_1 = require("./job-descriptions.repository");
/** Job positions are organisation-wide; deleting one refused (409) while a user holds it. */
let JobDescriptionsService = class JobDescriptionsService extends catalog_service_1.CatalogService {
    constructor(ds, repo) {
        super(ds, repo, contracts_1.MESSAGES.errors.jobPositionInUse);
    }
};
exports.JobDescriptionsService = JobDescriptionsService;
exports.JobDescriptionsService = JobDescriptionsService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource, job_descriptions_repository_1.JobDescriptionsRepository])
], JobDescriptionsService);
//# sourceMappingURL=job-descriptions.service.js.map