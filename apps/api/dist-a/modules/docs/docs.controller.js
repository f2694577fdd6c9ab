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
exports.DocsController = void 0;
const common_1 = require("@nestjs/common");
const contracts_1 = require("@gestar/contracts");
const decorators_1 = require("../../common/auth/decorators");
const docs_service_1 = require("./docs.service");
let DocsController = class DocsController {
    docs;
    constructor(docs) {
        this.docs = docs;
    }
    // Static path declared before any other `/docs/...` so it is never shadowed.
    openApi() {
        return this.docs.openApi();
    }
    page() {
        return this.docs.html();
    }
};
exports.DocsController = DocsController;
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.DOCS_ROUTES.openapi),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", void 0)
], DocsController.prototype, "openApi", null);
__decorate([
    (0, decorators_1.Endpoint)(contracts_1.DOCS_ROUTES.page),
    (0, common_1.Header)('Content-Type', 'text/html; charset=utf-8')
    // The page has no script, image or font: only its inline <style> and style attributes.
    ,
    (0, common_1.Header)('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'"),
    __metadata("design:type", Function),
    __metadata("design:paramtypes", []),
    __metadata("design:returntype", String)
], DocsController.prototype, "page", null);
exports.DocsController = DocsController = __decorate([
    (0, common_1.Controller)(),
    __metadata("design:paramtypes", [docs_service_1.DocsService])
], DocsController);
//# sourceMappingURL=docs.controller.js.map