"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.JobDescriptionsModule = void 0;
const common_1 = require("@nestjs/common");
const job_descriptions_controller_1 = require("./job-descriptions.controller");
const job_descriptions_repository_1 = require("./job-descriptions.repository");
const job_descriptions_service_1 = require("./job-descriptions.service");
let JobDescriptionsModule = class JobDescriptionsModule {
};
exports.JobDescriptionsModule = JobDescriptionsModule;
exports.JobDescriptionsModule = JobDescriptionsModule = __decorate([
    (0, common_1.Module)({ controllers: [job_descriptions_controller_1.JobDescriptionsController], providers: [job_descriptions_service_1.JobDescriptionsService, job_descriptions_repository_1.JobDescriptionsRepository] })
], JobDescriptionsModule);
//# sourceMappingURL=job-descriptions.module.js.map