"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.ReportsModule = void 0;
const common_1 = require("@nestjs/common");
const pdf_renderer_service_1 = require("./export/pdf-renderer.service");
const reports_controller_1 = require("./reports.controller");
const reports_limits_1 = require("./reports.limits");
const reports_repository_1 = require("./reports.repository");
const reports_service_1 = require("./reports.service");
let ReportsModule = class ReportsModule {
};
exports.ReportsModule = ReportsModule;
exports.ReportsModule = ReportsModule = __decorate([
    (0, common_1.Module)({
        controllers: [reports_controller_1.ReportsController],
        providers: [
            reports_service_1.ReportsService,
            reports_repository_1.ReportsRepository,
            pdf_renderer_service_1.PdfRendererService,
            { provide: reports_limits_1.REPORT_LIMITS, useFactory: () => (0, reports_limits_1.reportLimitsFromEnv)() },
        ],
    })
], ReportsModule);
//# sourceMappingURL=reports.module.js.map