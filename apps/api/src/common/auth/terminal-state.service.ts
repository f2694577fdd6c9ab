import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { EVENT_TICKET_TTL_SECONDS, MESSAGES, OPERARIO_PERMISSIONS, TERMINAL_HEADER } from '@gestar/contracts';
import { unauthorized } from '../http/app-exception';
import { TerminalStateRepository } from './terminal-state.repository';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The device a request comes from, when it presents a terminal's credential. */
export interface TerminalDevice {
  uuid: string;
  nombre: string;
  areaUuid: string;
  minutosInactividad: number;
}

/** The terminal side of a person's session, as the guard checked it. */
export interface TerminalOfSession {
  uuid: string;
  areaUuid: string;
  minutosInactividad: number;
  creadaEn: Date;
}

export function terminalHeader(req: Request): string | null {
  const raw = req.headers[TERMINAL_HEADER.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** What a person's session at a terminal may do: their permissions that an operario also has. */
export function terminalReach(permisos: readonly string[]): string[] {
  return permisos.filter((p) => (OPERARIO_PERMISSIONS as readonly string[]).includes(p));
}

/**
 * Terminals as the guard sees them: the device credential, a person's session opened at a
 * terminal (idle expiry and revocation checked in PostgreSQL on every request) and the wall
 * board's stream tickets.
 */
@Injectable()
export class TerminalStateService {
  constructor(private readonly repo: TerminalStateRepository) {}

  /** The terminal whose credential the request carries, or 401. */
  async device(token: string | null): Promise<TerminalDevice> {
    if (!token) throw unauthorized(MESSAGES.terminals.credentialRequired);
    const row = token.length <= 200 ? await this.repo.device(sha256(token)) : null;
    if (!row || row.revocada_en) throw unauthorized(MESSAGES.terminals.credentialInvalid);
    await this.repo.touchDevice(row.uuid);
    return { uuid: row.uuid, nombre: row.nombre, areaUuid: row.area_uuid, minutosInactividad: row.minutos_inactividad };
  }

  /**
   * Checks a session opened at a terminal: the terminal not revoked, the request from that terminal
   * (`token`, unless `viaTicket`: a stream ticket was issued to a request that carried it), the
   * session not idle past its minutes (then it is closed). Answers null for an ordinary session.
   * `touch` counts the request as activity.
   */
  async session(sesion: string, usuario: string, token: string | null, opts: { viaTicket?: boolean; touch?: boolean } = {}): Promise<TerminalOfSession | null> {
    const row = await this.repo.session(sesion, usuario);
    if (!row) return null;
    if (row.revocada_en) throw unauthorized(MESSAGES.terminals.credentialInvalid);
    if (!opts.viaTicket && (!token || token.length > 200 || sha256(token) !== row.token_hash)) {
      throw unauthorized(MESSAGES.terminals.terminalMismatch);
    }
    if (row.cerrada_en || row.vence_en.getTime() <= Date.now()) throw unauthorized(MESSAGES.errors.sessionEnded);
    if (row.idle) {
      await this.repo.closeIdle(sesion);
      throw unauthorized(MESSAGES.terminals.sessionIdle);
    }
    if (opts.touch !== false) {
      await this.repo.touchSession(sesion);
      await this.repo.touchDevice(row.terminal_uuid);
    }
    return { uuid: row.terminal_uuid, areaUuid: row.area_uuid, minutosInactividad: row.minutos_inactividad, creadaEn: row.creada_en };
  }

  replay(replayToken: string) {
    return replayToken.length <= 200 ? this.repo.replay(sha256(replayToken)) : Promise.resolve(null);
  }

  async issueTicket(terminal: string): Promise<{ ticket: string; expira_en: Date }> {
    const ticket = randomBytes(32).toString('base64url');
    const expira_en = await this.repo.insertTicket(sha256(ticket), terminal, EVENT_TICKET_TTL_SECONDS);
    return { ticket, expira_en };
  }

  /** The terminal a wall stream ticket was issued to (used up), or 401. */
  async deviceOfTicket(ticket: string | null): Promise<TerminalDevice> {
    const used = ticket && ticket.length <= 200 ? await this.repo.consumeTicket(sha256(ticket)) : null;
    if (!used) throw unauthorized(MESSAGES.terminals.ticketInvalid);
    const row = await this.repo.deviceByUuid(used.terminal_uuid);
    if (!row || row.revocada_en) throw unauthorized(MESSAGES.terminals.credentialInvalid);
    return { uuid: row.uuid, nombre: row.nombre, areaUuid: row.area_uuid, minutosInactividad: row.minutos_inactividad };
  }

  /** Whether a terminal still works (the wall stream asks every second). */
  async deviceAlive(uuid: string): Promise<boolean> {
    const row = await this.repo.deviceByUuid(uuid);
    return !!row && !row.revocada_en;
  }
}
