import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { Request } from 'express';
import { hasAllPermissions, hasAnyPermission, MESSAGES, TokenPayloadSchema } from '@gestar/contracts';
import { forbidden, unauthorized } from '../http/app-exception';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, RouteContract } from './decorators';
import { ClsService } from 'nestjs-cls';
import { AUDIT_ACTOR, AuditActor } from '../audit/audit-context';
import { UserStateService } from './user-state.service';
import { SessionStateService } from './session-state.service';
import { Clock } from '../time/clock';

export function bearerToken(req: Request): string | null {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return null;
}

/** EventSource cannot send headers: the events stream takes a single-use ticket in the query instead. */
function streamTicket(req: Request): string | null {
  if (req.path !== '/api/events') return null;
  const q = req.query?.ticket;
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
  private readonly verified = new Map<string, { sub: string; sid: string; exp: number }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UserStateService,
    private readonly sessions: SessionStateService,
    private readonly cls: ClsService,
    private readonly clock: Clock,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (isPublic) return true;

    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    req.user = await this.authenticate(req);
    if (this.cls.isActive()) this.cls.set<AuditActor>(AUDIT_ACTOR, { uuid: req.user.uuid, ip: req.ip ?? null });

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
    const ticket = token ? null : streamTicket(req);
    let claims: { sub: string; sid: string; exp: number };
    if (token) claims = this.verifiedClaims(token);
    else if (ticket) {
      const row = await this.sessions.consumeTicket(ticket);
      if (!row) throw unauthorized(MESSAGES.errors.eventTicketInvalid);
      claims = { sub: row.usuario_uuid, sid: row.sesion_uuid, exp: Math.floor(row.token_vence_en.getTime() / 1000) };
    } else throw unauthorized();
    if (!(await this.sessions.isOpen(claims.sid, claims.sub))) throw unauthorized(MESSAGES.errors.sessionEnded);
    const user = await this.users.load(claims.sub);
    if (!user) throw unauthorized(MESSAGES.errors.userInactive);
    return { ...user, sesionUuid: claims.sid, tokenExp: claims.exp };
  }

  /** The token's subject, session and expiry, or a 401 (an expired token says so). */
  private verifiedClaims(token: string): { sub: string; sid: string; exp: number } {
    const known = this.verified.get(token);
    if (known) {
      // jsonwebtoken's own rule: expired from the second `exp` on.
      if (Math.floor(this.clock.now() / 1000) < known.exp) return known;
      this.verified.delete(token);
      throw unauthorized(MESSAGES.errors.sessionExpired);
    }
    try {
      const payload = TokenPayloadSchema.parse(this.jwt.verify(token, { algorithms: ['HS256'], clockTimestamp: Math.floor(this.clock.now() / 1000) }));
      // Every token this API signs expires; one without `exp` was not made here.
      if (payload.exp === undefined) throw unauthorized();
      const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp };
      if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof TokenExpiredError) throw unauthorized(MESSAGES.errors.sessionExpired);
      throw unauthorized();
    }
  }
}
