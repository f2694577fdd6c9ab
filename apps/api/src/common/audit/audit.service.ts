import { Injectable, Logger } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { AUDIT_ACTOR, AuditActor } from './audit-context';
import type { AuthUser } from '../auth/auth-user';
import { AuditRecord, AuditRepository } from './audit.repository';

/** Refusals of one person on one route within this many seconds make one entry with a count. */
export const REFUSAL_MERGE_SECONDS = 60;

/**
 * Entries that are no row change (sign-ins, refusals, exports, notifications sent, bulk
 * actions). A failure to record is logged and never fails the request that caused it.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Auditoría');

  constructor(
    private readonly repo: AuditRepository,
    private readonly cls: ClsService,
  ) {}

  /** The address of the request being served, for an entry that does not give one. */
  private requestIp(): string | null {
    return (this.cls.isActive() ? this.cls.get<AuditActor | undefined>(AUDIT_ACTOR)?.ip : null) ?? null;
  }

  async record(entry: AuditRecord): Promise<void> {
    if (entry.ip === undefined) entry = { ...entry, ip: this.requestIp() };
    try {
      const d = entry.detalle ?? {};
      if (entry.accion === 'rechazado' && entry.actorUuid && typeof d.metodo === 'string' && typeof d.ruta === 'string') {
        // 200 refusals in a few seconds are one entry that says 200, not 200 entries.
        const detalle = { ...d, metodo: d.metodo, ruta: d.ruta };
        await this.repo.insertOrCountRefusal({ ...entry, actorUuid: entry.actorUuid, detalle }, REFUSAL_MERGE_SECONDS);
      } else {
        await this.repo.insert(entry);
      }
    } catch (err) {
      this.logger.warn(`No se pudo registrar ${entry.accion} ${entry.recurso}: ${(err as Error).message}`);
    }
  }

  /** An entry by the request's caller. */
  by(user: AuthUser, ip: string | null | undefined, entry: Omit<AuditRecord, 'actorUuid' | 'ip'>): Promise<void> {
    return this.record({ ...entry, actorUuid: user.uuid, ip: ip ?? null });
  }
}
