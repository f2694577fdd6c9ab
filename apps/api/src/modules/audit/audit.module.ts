import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AuditController } from './audit.controller';
import { AuditNames } from './audit-names';
import { AuditQueryService } from './audit.service';
import { MaintenanceService } from './maintenance.service';

@Module({ imports: [AuthModule], controllers: [AuditController], providers: [AuditQueryService, AuditNames, MaintenanceService] })
export class AuditModule {}
