import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { AuditRepository } from '../../common/audit/audit.repository';
import { AuthService } from '../auth/auth.service';

/**
 * Daily pruning of what would otherwise grow forever: audit entries past their retention
 * (AUDIT_RETENTION_DAYS), failed sign-ins past their window, expired or ended sessions and their
 * refresh tokens. (Idempotency keys are pruned hourly by their own module.)
 */
@Injectable()
export class MaintenanceService implements OnModuleInit {
  private readonly logger = new Logger('Mantenimiento');

  constructor(
    private readonly audit: AuditRepository,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Every night at 03:30 (company time), on the job runtime. */
  onModuleInit(): void {
    this.jobs.every({ name: 'maintenance-prune', cron: '30 3 * * *', run: () => this.prune() });
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
