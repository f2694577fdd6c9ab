import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { Request } from 'express';
import { hasAllPermissions, hasAnyPermission, MESSAGES, TokenPayloadSchema } from '@gestar/contracts';
import { forbidden, unauthorized } from '../http/app-exception';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, RouteContract } from './decorators';
import { UserStateService } from './user-state.service';

export function bearerToken(req: Request): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  // EventSource cannot send headers: only the events stream accepts the token in the query.
  if (req.path !== '/api/events') return null;
  const q = req.query?.token;
  return typeof q === 'string' && q ? q : null;
}

/** Verified tokens kept per process; past this many the map starts over. */
const VERIFIED_TOKENS_MAX = 5000;

/**
 * The one global guard. Deny by default: a handler without a contract route
 * descriptor is refused unless marked @Public().
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /**
   * Tokens whose signature and claims were already checked: the same string
   * always verifies the same way, so only its expiry is checked again. The user
   * behind it is still loaded (and may be refused) on every call.
   */
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UserStateService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (isPublic) return true;

    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    req.user = await this.authenticate(req);

    const route = this.reflector.getAllAndOverride(RouteContract, targets);
    if (!route) throw forbidden();
    const held = req.user.permisos;
    const access = route.access;
    if (typeof access === 'object') {
      const ok = 'anyOf' in access ? hasAnyPermission(held, access.anyOf) : hasAllPermissions(held, access.allOf);
      if (!ok) throw forbidden();
    }
    return true;
  }

  async authenticate(req: Request): Promise<AuthUser> {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const sub = this.verifiedSubject(token);
    const user = await this.users.load(sub);
    if (!user) throw unauthorized(MESSAGES.errors.userInactive);
    return user;
  }

  /** The token's subject, or a 401 (an expired token says so). */
  private verifiedSubject(token: string): string {
    const known = this.verified.get(token);
    if (known) {
      // jsonwebtoken's own rule: expired from the second `exp` on.
      if (Math.floor(Date.now() / 1000) < known.exp) return known.sub;
      this.verified.delete(token);
      throw unauthorized(MESSAGES.errors.sessionExpired);
    }
    try {
      const payload = TokenPayloadSchema.parse(this.jwt.verify(token, { algorithms: ['HS256'] }));
      if (payload.exp !== undefined) {
        if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
        this.verified.set(token, { sub: payload.sub, exp: payload.exp });
      }
      return payload.sub;
    } catch (err) {
      if (err instanceof TokenExpiredError) throw unauthorized(MESSAGES.errors.sessionExpired);
      throw unauthorized();
    }
  }
}
