import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService, TokenExpiredError } from '@nestjs/jwt';
import type { Request } from 'express';
import {
  hasAllPermissions,
  hasAnyPermission,
  MESSAGES,
  routeKey,
  TERMINAL_CLIENT_TIME_HEADER,
  TERMINAL_LIMITS,
  TERMINAL_PERSON_HEADER,
  TERMINAL_REPLAY_HEADER,
  TERMINAL_SESSION_ROUTES,
  TERMINALS_ROUTES,
  IDEMPOTENCY_HEADER,
  TokenPayloadSchema,
} from '@gestar/contracts';
import { badRequest, forbidden, unauthorized } from '../http/app-exception';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC, RouteContract } from './decorators';
import { ClsService } from 'nestjs-cls';
import { AUDIT_ACTOR, AuditActor } from '../audit/audit-context';
import { UserStateService } from './user-state.service';
import { SessionStateService } from './session-state.service';
import { Clock } from '../time/clock';
import { TerminalDevice, terminalHeader, terminalReach, TerminalStateService } from './terminal-state.service';

function header(req: Request, name: string): string | null {
  const raw = req.headers[name.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TERMINAL_ROUTE_KEYS = new Set(TERMINAL_SESSION_ROUTES);

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
  private readonly verified = new Map<string, { sub: string; sid: string; exp: number; trm?: string }>();

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    private readonly users: UserStateService,
    private readonly sessions: SessionStateService,
    private readonly cls: ClsService,
    private readonly clock: Clock,
    private readonly terminals: TerminalStateService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    if (isPublic) return true;

    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser; terminal?: TerminalDevice }>();
    const route = this.reflector.getAllAndOverride(RouteContract, targets);
    if (route?.access === 'terminal') {
      // A terminal's own request (no person): its credential, or a wall stream's ticket.
      const viaTicket = route === TERMINALS_ROUTES.wallEvents;
      req.terminal = viaTicket
        ? await this.terminals.deviceOfTicket(typeof req.query?.ticket === 'string' ? req.query.ticket : null)
        : await this.terminals.device(terminalHeader(req));
      if (this.cls.isActive()) this.cls.set<AuditActor>(AUDIT_ACTOR, { uuid: null, ip: req.ip ?? null, terminal: req.terminal.uuid });
      return true;
    }

    req.user = header(req, TERMINAL_REPLAY_HEADER) ? await this.authenticateReplay(req) : await this.authenticate(req);
    if (this.cls.isActive()) {
      this.cls.set<AuditActor>(AUDIT_ACTOR, { uuid: req.user.uuid, ip: req.ip ?? null, terminal: req.user.terminalUuid ?? null });
    }

    if (!route) throw forbidden();
    // A session at a terminal reaches an operario's work on the floor only, whatever the role.
    if (req.user.terminalUuid && !TERMINAL_ROUTE_KEYS.has(routeKey(route))) throw forbidden(MESSAGES.terminals.notFromTerminal);
    if (req.user.replay && !WRITE_METHODS.has(route.method)) throw forbidden(MESSAGES.terminals.replayOnlyWrites);
    const held = req.user.permisos;
    const access = route.access;
    if (typeof access === 'object') {
      const ok = 'anyOf' in access ? hasAnyPermission(held, access.anyOf) : hasAllPermissions(held, access.allOf);
      if (!ok) throw forbidden();
    }
    return true;
  }

  /**
   * A write queued at a terminal, sent later with its person's replay credential: only with the
   * terminal's credential, never with a person's session as well, for the person it names only,
   * made (by the device's clock) within that person's session there. The write is the person's.
   */
  private async authenticateReplay(req: Request): Promise<AuthUser> {
    const t = MESSAGES.terminals;
    if (bearerToken(req)) throw badRequest(t.credentialsTogether);
    const row = await this.terminals.replay(header(req, TERMINAL_REPLAY_HEADER) ?? '');
    const now = this.clock.now();
    if (!row || !row.replay_vence_en || row.replay_vence_en.getTime() <= now) throw unauthorized(t.replayInvalid);
    if (row.revocada_en) throw unauthorized(t.credentialInvalid);
    const device = await this.terminals.device(terminalHeader(req));
    if (device.uuid !== row.terminal_uuid) throw unauthorized(t.replayInvalid);
    const claimed = header(req, TERMINAL_PERSON_HEADER);
    if (claimed && claimed.toLowerCase() !== row.usuario_uuid) throw forbidden(t.replayPersonMismatch);
    if (!WRITE_METHODS.has(req.method)) throw forbidden(t.replayOnlyWrites);
    if (!header(req, IDEMPOTENCY_HEADER)) throw badRequest(t.replayKeyRequired);
    const made = Date.parse(header(req, TERMINAL_CLIENT_TIME_HEADER) ?? '');
    const skew = TERMINAL_LIMITS.replayClockSkewSeconds * 1000;
    const end = row.cerrada_en?.getTime() ?? now;
    if (!Number.isFinite(made) || made < row.creada_en.getTime() - skew || made > end + skew) throw forbidden(t.replayClientTime);
    const user = await this.users.load(row.usuario_uuid);
    if (!user) throw unauthorized(MESSAGES.errors.userInactive);
    return {
      ...user,
      permisos: terminalReach(user.permisos),
      sesionUuid: row.sesion_uuid,
      tokenExp: Math.floor(row.replay_vence_en.getTime() / 1000),
      terminalUuid: row.terminal_uuid,
      replay: true,
    };
  }

  async authenticate(req: Request): Promise<AuthUser> {
    const token = bearerToken(req);
    const ticket = token ? null : streamTicket(req);
    let claims: { sub: string; sid: string; exp: number; trm?: string };
    if (token) claims = this.verifiedClaims(token);
    else if (ticket) {
      const row = await this.sessions.consumeTicket(ticket);
      if (!row) throw unauthorized(MESSAGES.errors.eventTicketInvalid);
      claims = { sub: row.usuario_uuid, sid: row.sesion_uuid, exp: Math.floor(row.token_vence_en.getTime() / 1000) };
    } else throw unauthorized();
    // A session opened at a terminal: checked in PostgreSQL on every request (revocation, idle),
    // and only from that terminal. A stream ticket was issued to such a request already.
    const terminal =
      claims.trm || ticket ? await this.terminals.session(claims.sid, claims.sub, terminalHeader(req), { viaTicket: !!ticket, touch: !ticket }) : null;
    if (claims.trm && !terminal) throw unauthorized();
    if (!(await this.sessions.isOpen(claims.sid, claims.sub))) throw unauthorized(MESSAGES.errors.sessionEnded);
    const user = await this.users.load(claims.sub);
    if (!user) throw unauthorized(MESSAGES.errors.userInactive);
    if (terminal) return { ...user, permisos: terminalReach(user.permisos), sesionUuid: claims.sid, tokenExp: claims.exp, terminalUuid: terminal.uuid };
    return { ...user, sesionUuid: claims.sid, tokenExp: claims.exp, terminalUuid: null };
  }

  /** The token's subject, session and expiry, or a 401 (an expired token says so). */
  private verifiedClaims(token: string): { sub: string; sid: string; exp: number; trm?: string } {
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
      const claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp, ...(payload.trm ? { trm: payload.trm } : {}) };
      if (this.verified.size >= VERIFIED_TOKENS_MAX) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof TokenExpiredError) throw unauthorized(MESSAGES.errors.sessionExpired);
      throw unauthorized();
    }
  }
}
