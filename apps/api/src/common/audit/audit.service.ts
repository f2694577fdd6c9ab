import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { AuditRecord, AuditRepository } from './audit.repository';

/**
 * Entries that are no row change (sign-ins, refusals, exports, notifications sent, bulk
 * actions). A failure to record is logged and never fails the request that caused it.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Auditoría');

  constructor(private readonly repo: AuditRepository) {}

  async record(entry: AuditRecord): Promise<void> {
    try {
      await this.repo.insert(entry);
    } catch (err) {
      this.logger.warn(`No se pudo registrar ${entry.accion} ${entry.recurso}: ${(err as Error).message}`);
    }
  }

  /** An entry by the request's caller. */
  by(user: AuthUser, ip: string | null | undefined, entry: Omit<AuditRecord, 'actorUuid' | 'ip'>): Promise<void> {
    return this.record({ ...entry, actorUuid: user.uuid, ip: ip ?? null });
  }
}
