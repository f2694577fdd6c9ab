import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { JobsService } from '../../common/jobs/jobs.service';
import { AuditRepository } from '../../common/audit/audit.repository';

/**
 * Daily pruning of the audit entries past their retention (AUDIT_RETENTION_DAYS). Each module
 * prunes its own tables on its own job: sessions and sign-in attempts (auth), reminders,
 * idempotency keys, orphan files.
 */
@Injectable()
export class MaintenanceService implements OnModuleInit {
  private readonly logger = new Logger('Mantenimiento');

  constructor(
    private readonly audit: AuditRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  /** Every night at 03:30 (company time), on the job runtime. */
  onModuleInit(): void {
    this.jobs.every({ name: 'audit-prune', cron: '30 3 * * *', run: () => this.prune() });
  }

  /** Answers how many entries the prune removed. */
  async prune(): Promise<{ auditoria: number }> {
    const auditoria = await this.audit.prune(this.config.auditRetentionDays);
    if (auditoria > 0) this.logger.log(`Limpieza: ${auditoria} entradas de auditoría`);
    return { auditoria };
  }
}
