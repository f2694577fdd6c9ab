import { Global, Module } from '@nestjs/common';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** Global: every feature records through AuditService; the audit feature reads through the repository. */
@Global()
@Module({ providers: [AuditRepository, AuditService], exports: [AuditRepository, AuditService] })
export class CommonAuditModule {}
