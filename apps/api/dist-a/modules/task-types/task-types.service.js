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
exports.TaskTypesService = void 0;
const common_1 = require("@nestjs/common");
const typeorm_1 = require("typeorm");
const contracts_1 = require("@gestar/contracts");
const catalog_service_1 = require("../../common/catalog/catalog.service");
const task_types_repository_1 = require("./task-types.repository");
/** Task types are organisation-wide; deleting one refused (409) while a task is of this type. */
let TaskTypesService = class TaskTypesService extends catalog_service_1.CatalogService {
    constructor(ds, repo) {
        super(ds, repo, contracts_1.MESSAGES.errors.taskTypeInUse);
    }
};
exports.TaskTypesService = TaskTypesService;
exports.TaskTypesService = TaskTypesService = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [typeorm_1.DataSource, task_types_repository_1.TaskTypesRepository])
], TaskTypesService);
//# sourceMappingURL=task-types.service.js.map