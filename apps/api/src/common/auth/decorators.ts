import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  RequestMethod,
  RequestMapping,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { RouteDescriptor } from '@gestar/contracts';
import { parseOrThrow } from '../http/zod-validation';
import type { AuthUser } from './auth-user';
import type { TerminalDevice } from './terminal-state.service';

/** Marks a handler as reachable without a token. */
export const IS_PUBLIC = 'gestar:public';
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The contract route descriptor of a handler. */
export const RouteContract = Reflector.createDecorator<RouteDescriptor>();

const METHODS: Record<RouteDescriptor['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

/**
 * Binds a handler to a contract route: method, path (without the global `/api` prefix),
 * success status, and the access rule the global guard enforces.
 */
export function Endpoint(route: RouteDescriptor) {
  const decorators = [
    RequestMapping({ path: route.path.replace(/^\/api/, '') || '/', method: METHODS[route.method] }),
    RouteContract(route),
    HttpCode(route.status ?? (route.method === 'POST' ? 201 : 200)),
  ];
  if (route.access === 'public') decorators.push(Public());
  return applyDecorators(...decorators);
}

function routeOf(ctx: ExecutionContext): RouteDescriptor {
  const route = new Reflector().get(RouteContract, ctx.getHandler());
  if (!route) throw new Error('El handler no tiene @Endpoint');
  return route;
}

/** The request body parsed with the route's contract `body` schema (400 with Spanish messages). */
export const ValidBody = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!route.body) return undefined;
  return parseOrThrow(route.body, req.body ?? {});
});

/** The query string parsed with the route's contract `query` schema. */
export const ValidQuery = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!route.query) return {};
  return parseOrThrow(route.query, req.query ?? {});
});

/** The path params parsed with the route's contract `params` schema. */
export const ValidParams = createParamDecorator((_: unknown, ctx: ExecutionContext) => {
  const route = routeOf(ctx);
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!route.params) return req.params;
  return parseOrThrow(route.params, req.params ?? {});
});

/** The authenticated caller (set by the global guard). */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  if (!req.user) throw new Error('CurrentUser sin usuario autenticado');
  return req.user;
});

/** The terminal a `terminal` route's request comes from (set by the global guard). */
export const CurrentTerminal = createParamDecorator((_: unknown, ctx: ExecutionContext): TerminalDevice => {
  const req = ctx.switchToHttp().getRequest<Request & { terminal?: TerminalDevice }>();
  if (!req.terminal) throw new Error('CurrentTerminal sin terminal autenticada');
  return req.terminal;
});
