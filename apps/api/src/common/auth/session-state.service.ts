import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { EVENT_TICKET_TTL_SECONDS } from '@gestar/contracts';
import { SessionStateRepository, StreamTicketRow } from './session-state.repository';
import { Clock } from '../time/clock';

/** How long the guard trusts that a session is open, like the user state (DECISIONS 3). */
const TTL_MS = 2000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Whether the session an access token names is still open. Closing a session (logout, "Cerrar
 * las demás sesiones", a password change, a deactivation) ends its access tokens at once in the
 * process that closed it, and within TTL_MS in every other.
 */
@Injectable()
export class SessionStateService {
  private readonly cache = new Map<string, { at: number; open: boolean }>();

  constructor(
    private readonly repo: SessionStateRepository,
    private readonly clock: Clock,
  ) {}

  async isOpen(sesion: string, usuario: string): Promise<boolean> {
    const key = `${usuario}:${sesion}`;
    const hit = this.cache.get(key);
    if (hit && this.clock.now() - hit.at < TTL_MS) return hit.open;
    const open = await this.repo.isOpen(sesion, usuario);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { at: this.clock.now(), open });
    return open;
  }

  /** Forget what this process knows of a user's sessions (after closing some). */
  forgetUser(usuario: string): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${usuario}:`)) this.cache.delete(key);
  }

  /** A single-use stream ticket for this session, valid EVENT_TICKET_TTL_SECONDS. */
  async issueTicket(usuario: string, sesion: string, tokenExpiresAt: Date): Promise<{ ticket: string; expira_en: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    const expira_en = await this.repo.insertTicket(sha256(ticket), usuario, sesion, tokenExpiresAt, EVENT_TICKET_TTL_SECONDS);
    return { ticket, expira_en };
  }

  consumeTicket(ticket: string): Promise<StreamTicketRow | null> {
    return this.repo.consumeTicket(sha256(ticket));
  }
}
