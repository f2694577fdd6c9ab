"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.CurrentUser = exports.ValidParams = exports.ValidQuery = exports.ValidBody = exports.RouteContract = exports.RequirePermissions = exports.Public = exports.IS_PUBLIC = void 0;
exports.Endpoint = Endpoint;
const common_1 = require("@nestjs/common");
const core_1 = require("@nestjs/core");
const zod_validation_1 = require("../http/zod-validation");
/** Marks a handler as reachable without a token. */
exports.IS_PUBLIC = 'gestar:public';
const Public = () => (0, common_1.SetMetadata)(exports.IS_PUBLIC, true);
exports.Public = Public;
/** Extra permissions (all required) on top of the route descriptor's access rule. */
exports.RequirePermissions = core_1.Reflector.createDecorator();
/** The contract route descriptor of a handler. */
exports.RouteContract = core_1.Reflector.createDecorator();
const METHODS = {
    GET: common_1.RequestMethod.GET,
    POST: common_1.RequestMethod.POST,
    PUT: common_1.RequestMethod.PUT,
    PATCH: common_1.RequestMethod.PATCH,
    DELETE: common_1.RequestMethod.DELETE,
};
/**
 * Binds a handler to a contract route: method, path (without the global `/api` prefix),
 * success status, and the access rule the global guard enforces.
 */
function Endpoint(route) {
    const decorators = [
        (0, common_1.RequestMapping)({ path: route.path.replace(/^\/api/, '') || '/', method: METHODS[route.method] }),
        (0, exports.RouteContract)(route),
        (0, common_1.HttpCode)(route.status ?? (route.method === 'POST' ? 201 : 200)),
    ];
    if (route.access === 'public')
        decorators.push((0, exports.Public)());
    return (0, common_1.applyDecorators)(...decorators);
}
function routeOf(ctx) {
    const route = new core_1.Reflector().get(exports.RouteContract, ctx.getHandler());
    if (!route)
        throw new Error('El handler no tiene @Endpoint');
    return route;
}
/** The request body parsed with the route's contract `body` schema (400 with Spanish messages). */
exports.ValidBody = (0, common_1.createParamDecorator)((_, ctx) => {
    const route = routeOf(ctx);
    const req = ctx.switchToHttp().getRequest();
    if (!route.body)
        return undefined;
    return (0, zod_validation_1.parseOrThrow)(route.body, req.body ?? {});
});
/** The query string parsed with the route's contract `query` schema. */
exports.ValidQuery = (0, common_1.createParamDecorator)((_, ctx) => {
    const route = routeOf(ctx);
    const req = ctx.switchToHttp().getRequest();
    if (!route.query)
        return {};
    return (0, zod_validation_1.parseOrThrow)(route.query, req.query ?? {});
});
/** The path params parsed with the route's contract `params` schema. */
exports.ValidParams = (0, common_1.createParamDecorator)((_, ctx) => {
    const route = routeOf(ctx);
    const req = ctx.switchToHttp().getRequest();
    if (!route.params)
        return req.params;
    return (0, zod_validation_1.parseOrThrow)(route.params, req.params ?? {});
});
/** The authenticated caller (set by the global guard). */
exports.CurrentUser = (0, common_1.createParamDecorator)((_, ctx) => {
    const req = ctx.switchToHttp().getRequest();
    if (!req.user)
        throw new Error('CurrentUser sin usuario autenticado');
    return req.user;
});
//# sourceMappingURL=decorators.js.map