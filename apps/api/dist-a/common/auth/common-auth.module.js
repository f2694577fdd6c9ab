"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.CommonAuthModule = void 0;
const node_crypto_1 = require("node:crypto");
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const jwt_1 = require("@nestjs/jwt");
const contracts_1 = require("@gestar/contracts");
const config_1 = require("../../config");
const auth_guard_1 = require("./auth.guard");
const user_state_service_1 = require("./user-state.service");
let CommonAuthModule = class CommonAuthModule {
};
exports.CommonAuthModule = CommonAuthModule;
exports.CommonAuthModule = CommonAuthModule = __decorate([
    (0, common_1.Global)(),
    (0, common_1.Module)({
        imports: [
            jwt_1.JwtModule.registerAsync({
                inject: [config_1.APP_CONFIG],
                useFactory: (config) => {
                    // One key object for the process: given the secret as a string, jsonwebtoken rebuilds
                    // the key on every sign and verify (first trying, and failing, to read it as a public key).
                    const key = (0, node_crypto_1.createSecretKey)(Buffer.from(config.jwtSecret));
                    return {
                        secretOrKeyProvider: () => key,
                        signOptions: { algorithm: 'HS256', expiresIn: contracts_1.ACCESS_TOKEN_TTL_SECONDS },
                        verifyOptions: { algorithms: ['HS256'] },
                    };
                },
            }),
        ],
        providers: [user_state_service_1.UserStateService, auth_guard_1.AuthGuard, { provide: core_1.APP_GUARD, useExisting: auth_guard_1.AuthGuard }],
        exports: [jwt_1.JwtModule, user_state_service_1.UserStateService, auth_guard_1.AuthGuard],
    })
], CommonAuthModule);
//# sourceMappingURL=common-auth.module.js.map