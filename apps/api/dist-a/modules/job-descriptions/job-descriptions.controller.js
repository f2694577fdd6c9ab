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
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobDescriptionsController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const job_descriptions_service_1 = require("./job-descriptions.service");
let JobDescriptionsController = class JobDescriptionsController {
    jobDescriptions;
    constructor(jobDescriptions) {
        this.jobDescriptions = jobDescriptions;
    }
    list(q) {
        return this.jobDescriptions.list(q);
    }
    get(p) {
        return this.jobDescriptions.get(p.id);
    }
    create(body) {
        return this.jobDescriptions.create(body);
    }
    update(p, body) {
        return this.jobDescriptions.update(p.id, body);
    }
    remove(p) {
        return this.jobDescriptions.remove(p.id);
    }
};
exports.JobDescriptionsController = JobDescriptionsController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.JOB_DESCRIPTIONS_ROUTES.list),
    __param(0, (0, decorators_1.ValidQuery)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], JobDescriptionsController.prototype, "list", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.JOB_DESCRIPTIONS_ROUTES.get),
    __param(0, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], JobDescriptionsController.prototype, "get", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.JOB_DESCRIPTIONS_ROUTES.create),
    __param(0, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], JobDescriptionsController.prototype, "create", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.JOB_DESCRIPTIONS_ROUTES.update),
    __param(0, (0, decorators_1.ValidParams)()),
    __param(1, (0, decorators_1.ValidBody)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object, Object]),
    __metadata("design:returntype", void 0)
], JobDescriptionsController.prototype, "update", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.JOB_DESCRIPTIONS_ROUTES.remove),
    __param(0, (0, decorators_1.ValidParams)()),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", void 0)
], JobDescriptionsController.prototype, "remove", null);
exports.JobDescriptionsController = JobDescriptionsController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [job_descriptions_service_1.JobDescriptionsService])
], JobDescriptionsController);
//# sourceMappingURL=job-descriptions.controller.js.map