"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.DocsService = void 0;
const common_1 = require("@nestjs/common");
const docs_page_1 = require("./docs-page");
const openapi_1 = require("./openapi");
/** The contracts are fixed for the life of the process: build the document and its page once. */
let DocsService = class DocsService {
    document;
    page;
    openApi() {
        this.document ??= (0, openapi_1.buildOpenApiDocument)();
        return this.document;
    }
    html() {
        this.page ??= (0, docs_page_1.renderDocsPage)(this.openApi());
        return this.page;
    }
};
exports.DocsService = DocsService;
exports.DocsService = DocsService = __decorate([
    (0, common_1.Injectable)()
], DocsService);
//# sourceMappingURL=docs.service.js.map