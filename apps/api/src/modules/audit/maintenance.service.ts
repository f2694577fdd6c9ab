import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config';
import { AuditRepository } from '../../common/audit/audit.repository';
import { AuthService } from '../auth/auth.service';

/**
 * Daily pruning of what would otherwise grow forever: audit entries past their retention
 * (AUDIT_RETENTION_DAYS), failed sign-ins past their window, expired or ended sessions and their
 * refresh tokens. (Idempotency keys are pruned hourly by their own module.)
 */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger('Mantenimiento');

  constructor(
    private readonly audit: AuditRepository,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Cron('30 3 * * *', { name: 'maintenance-prune' })
  async nightly(): Promise<void> {
    if (!this.config.schedulerEnabled) return;
    await this.prune().catch((err: unknown) => this.logger.warn(`Falló la limpieza diaria: ${(err as Error).message}`));
  }

  /** Answers what each prune removed. */
  async prune(): Promise<{ auditoria: number; intentos: number; sesiones: number }> {
    const auditoria = await this.audit.prune(this.config.auditRetentionDays);
    const { intentos, sesiones } = await this.auth.prune();
    if (auditoria + intentos + sesiones > 0) {
      this.logger.log(`Limpieza: ${auditoria} entradas de auditoría, ${intentos} intentos fallidos, ${sesiones} sesiones`);
    }
    return { auditoria, intentos, sesiones };
  }
}
