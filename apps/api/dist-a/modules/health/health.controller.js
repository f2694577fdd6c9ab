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
exports.HealthController = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const app_exception_1 = require("../../common/http/app-exception");
let HealthController = class HealthController {
    ds;
    constructor(ds) {
        this.ds = ds;
    }
    /** 200 when the database answers within 3 s, else 503 with a Spanish message. */
    async health(res) {
        try {
            await Promise.race([
                this.ds.query('SELECT 1'),
                new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
            ]);
            return { status: 'ok', database: 'ok', version: contracts_1.APP_VERSION };
        }
        catch {
            res.status(common_1.HttpStatus.SERVICE_UNAVAILABLE);
            return { statusCode: 503, message: contracts_1.MESSAGES.errors.databaseUnavailable, error: (0, app_exception_1.errorName)(503) };
        }
    }
};
exports.HealthController = HealthController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.HEALTH_ROUTES.health),
    __param(0, (0, common_1.Res)({ passthrough: true })),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", [Object]),
    __metadata("design:returntype", Promise)
], HealthController.prototype, "health", null);
exports.HealthController = HealthController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource])
], HealthController);
//# sourceMappingURL=health.controller.js.map