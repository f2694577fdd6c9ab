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
exports.AuthGuard = void 0;
exports.bearerToken = bearerToken;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const jwt_1 = require("@nestjs/jwt");
const contracts_1 = require("@gestar/contracts");
const app_exception_1 = require("../http/app-exception");
const decorators_1 = require("./decorators");
const user_state_service_1 = require("./user-state.service");
function bearerToken(req) {
    const h = req.headers.authorization;
    if (typeof h === 'string' && h.startsWith('Bearer '))
        return h.slice(7).trim() || null;
    // EventSource cannot send headers: only the events stream accepts the token in the query.
    if (req.path !== '/api/events')
        return null;
    const q = req.query?.token;
    return typeof q === 'string' && q ? q : null;
}
/** Verified tokens kept per process; past this many the map starts over. */
const VERIFIED_TOKENS_MAX = 5000;
/**
 * The one global guard. Deny by default: a handler without a contract route
 * descriptor is refused unless marked @Public().
 */
let AuthGuard = class AuthGuard {
    reflector;
    jwt;
    users;
    /**
     * Tokens whose signature and claims were already checked: the same string
     * always verifies the same way, so only its expiry is checked again. The user
     * behind it is still loaded (and may be refused) on every call.
     */
    verified = new Map();
    constructor(reflector, jwt, users) {
        this.reflector = reflector;
        this.jwt = jwt;
        this.users = users;
    }
    async canActivate(ctx) {
        if (ctx.getType() !== 'http')
            return true;
        const targets = [ctx.getHandler(), ctx.getClass()];
        const isPublic = this.reflector.getAllAndOverride(decorators_1.IS_PUBLIC, targets);
        if (isPublic)
            return true;
        const req = ctx.switchToHttp().getRequest();
        req.user = await this.authenticate(req);
        const route = this.reflector.getAllAndOverride(decorators_1.RouteContract, targets);
        if (!route)
            throw (0, app_exception_1.forbidden)();
        const held = req.user.permisos;
        const access = route.access;
        if (typeof access === 'object') {
            const ok = 'anyOf' in access ? (0, contracts_1.hasAnyPermission)(held, access.anyOf) : (0, contracts_1.hasAllPermissions)(held, access.allOf);
            if (!ok)
                throw (0, app_exception_1.forbidden)();
        }
        const extra = this.reflector.getAllAndOverride(decorators_1.RequirePermissions, targets);
        if (extra && !(0, contracts_1.hasAllPermissions)(held, extra))
            throw (0, app_exception_1.forbidden)();
        return true;
    }
    async authenticate(req) {
        const token = bearerToken(req);
        if (!token)
            throw (0, app_exception_1.unauthorized)();
        const sub = this.verifiedSubject(token);
        const user = await this.users.load(sub);
        if (!user)
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.userInactive);
        return user;
    }
    /** The token's subject, or a 401 (an expired token says so). */
    verifiedSubject(token) {
        const known = this.verified.get(token);
        if (known) {
            // jsonwebtoken's own rule: expired from the second `exp` on.
            if (Math.floor(Date.now() / 1000) < known.exp)
                return known.sub;
            this.verified.delete(token);
            throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.sessionExpired);
        }
        try {
            const payload = contracts_1.TokenPayloadSchema.parse(this.jwt.verify(token, { algorithms: ['HS256'] }));
            if (payload.exp !== undefined) {
                if (this.verified.size >= VERIFIED_TOKENS_MAX)
                    this.verified.clear();
                this.verified.set(token, { sub: payload.sub, exp: payload.exp });
            }
            return payload.sub;
        }
        catch (err) {
            if (err instanceof jwt_1.TokenExpiredError)
                throw (0, app_exception_1.unauthorized)(contracts_1.MESSAGES.errors.sessionExpired);
            throw (0, app_exception_1.unauthorized)();
        }
    }
};
exports.AuthGuard = AuthGuard;
exports.AuthGuard = AuthGuard = __decorate([
    (0, common_1.Injectable)(),
    __metadata("design:paramtypes", [core_1.Reflector,
        jwt_1.JwtService,
        user_state_service_1.UserStateService])
], AuthGuard);
//# sourceMappingURL=auth.guard.js.map