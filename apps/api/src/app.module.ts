import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from './config';
import { CommonAuthModule } from './common/auth/common-auth.module';
import { IdempotencyModule } from './common/idempotency/idempotency.module';
import { JobsModule } from './common/jobs/jobs.module';
import { dataSourceOptions } from './database/data-source';
import { DatabaseModule } from './database/database.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { UsersModule } from './modules/users/users.module';
import { RolesModule } from './modules/roles/roles.module';
import { AreasModule } from './modules/areas/areas.module';
import { JobPositionsModule } from './modules/job-positions/job-positions.module';
import { StatusesModule } from './modules/statuses/statuses.module';
import { TaskTypesModule } from './modules/task-types/task-types.module';
import { TasksModule } from './modules/tasks/tasks.module';
import { AssignedTasksModule } from './modules/assigned-tasks/assigned-tasks.module';
import { AttachmentsModule } from './modules/attachments/attachments.module';
import { AssetLabelsModule } from './modules/asset-labels/asset-labels.module';
import { AssetsModule } from './modules/assets/assets.module';
import { ProblemReportsModule } from './modules/problem-reports/problem-reports.module';
import { TimeEntriesModule } from './modules/time-entries/time-entries.module';
import { ScheduledTasksModule } from './modules/scheduled-tasks/scheduled-tasks.module';
import { CalendarModule } from './modules/calendar/calendar.module';
import { RemindersModule } from './modules/reminders/reminders.module';
import { ReportsModule } from './modules/reports/reports.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { EventsModule } from './modules/events/events.module';
import { DocsModule } from './modules/docs/docs.module';
import { AuditModule } from './modules/audit/audit.module';
import { SsoModule } from './modules/sso/sso.module';
import { SignInModule } from './modules/sign-in/sign-in.module';
import { CommonAuditModule } from './common/audit/common-audit.module';

/** Feature modules; each resource registers itself here. */
export const FEATURE_MODULES = [
  AuthModule,
  SsoModule,
  SignInModule,
  HealthModule,
  UsersModule,
  RolesModule,
  AreasModule,
  JobPositionsModule,
  StatusesModule,
  TaskTypesModule,
  TasksModule,
  AssignedTasksModule,
  AttachmentsModule,
  // Before the assets module: GET /api/assets/labels.pdf must not reach /api/assets/:code.
  AssetLabelsModule,
  AssetsModule,
  ScheduledTasksModule,
  CalendarModule,
  RemindersModule,
  ReportsModule,
  NotificationsModule,
  EventsModule,
  AuditModule,
  DocsModule,
  ProblemReportsModule,
  TimeEntriesModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.databaseUrl) }),
        DatabaseModule,
        JobsModule,
        CommonAuthModule,
        CommonAuditModule,
        IdempotencyModule,
        ...FEATURE_MODULES,
      ],
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
