import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { SeedRoles1763700000100 } from './1763700000100-seed-roles';
import { ReportsOrderIndex1763700006000 } from './1763700006000-reports-order-index';
import { StatusCategories1763700007000 } from './1763700007000-status-categories';
import { IdempotencyKeys1763700011000 } from './1763700011000-idempotency-keys';
import { Sessions1763700013000 } from './1763700013000-sessions';
import { AuditLog1763700013100 } from './1763700013100-audit-log';
import { DirectorySignIn1763700013200 } from './1763700013200-directory-sign-in';
import { CommentsKeyset1763700013300 } from './1763700013300-comments-keyset';
import { NotificationTaskLink1763700013400 } from './1763700013400-notification-task-link';
import { ChecklistsAttachments1763700014000 } from './1763700014000-checklists-attachments';
import { ScheduleRules1763700015000 } from './1763700015000-schedule-rules';
import { CompanyCalendar1763700015100 } from './1763700015100-company-calendar';
import { Reminders1763700015200 } from './1763700015200-reminders';
import { NotificationChannels1763700015300 } from './1763700015300-notification-channels';
import { ReportSummary1763700016000 } from './1763700016000-report-summary';
import { VacuumAtScale1763700016100 } from './1763700016100-vacuum-at-scale';
import { BoardProgress1763700016200 } from './1763700016200-board-progress';
import { TasksListOrder1763700016300 } from './1763700016300-tasks-list-order';
import { DirectoryLinks1763700017000 } from './1763700017000-directory-links';
import { OidcReturnAndLogout1763700017010 } from './1763700017010-oidc-return-and-logout';
import { ScheduleRfc55451763700017100 } from './1763700017100-schedule-rfc5545';
import { AuditRepeatedRefusals1763700017200 } from './1763700017200-audit-repeated-refusals';
import { HolidayYears1763700017500 } from './1763700017500-holiday-years';
import { JobRuns1763700017600 } from './1763700017600-job-runs';
import { AuditByRecord1763700017700 } from './1763700017700-audit-by-record';
import { SessionEndReason1763700017800 } from './1763700017800-session-end-reason';
import { Machines1763700018000 } from './1763700018000-machines';
import { EquiposAudit1763700018100 } from './1763700018100-equipos-audit';
import { ProblemReports1763700018400 } from './1763700018400-problem-reports';
import { DowntimeIndexes1763700018500 } from './1763700018500-downtime-indexes';
import { DowntimeIndexUuid1763700018600 } from './1763700018600-downtime-index-uuid';
import { Terminals1763700019000 } from './1763700019000-terminals';
import { TimeEntries1763700019100 } from './1763700019100-time-entries';
import { TimeReports1763700019200 } from './1763700019200-time-reports';
import { SharedDevice1763700019300 } from './1763700019300-shared-device';
import { FirstStatusChange1763700019500 } from './1763700019500-first-status-change';
import { HoursSummary1763700019600 } from './1763700019600-hours-summary';
import { OccurrenceTime1763700019700 } from './1763700019700-occurrence-time';

/** Every migration, in order. Add new ones at the end. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  SeedRoles1763700000100,
  ReportsOrderIndex1763700006000,
  StatusCategories1763700007000,
  IdempotencyKeys1763700011000,
  Sessions1763700013000,
  AuditLog1763700013100,
  DirectorySignIn1763700013200,
  CommentsKeyset1763700013300,
  NotificationTaskLink1763700013400,
  ChecklistsAttachments1763700014000,
  ScheduleRules1763700015000,
  CompanyCalendar1763700015100,
  Reminders1763700015200,
  NotificationChannels1763700015300,
  ReportSummary1763700016000,
  VacuumAtScale1763700016100,
  BoardProgress1763700016200,
  TasksListOrder1763700016300,
  DirectoryLinks1763700017000,
  OidcReturnAndLogout1763700017010,
  ScheduleRfc55451763700017100,
  AuditRepeatedRefusals1763700017200,
  HolidayYears1763700017500,
  JobRuns1763700017600,
  AuditByRecord1763700017700,
  SessionEndReason1763700017800,
  Machines1763700018000,
  EquiposAudit1763700018100,
  ProblemReports1763700018400,
  DowntimeIndexes1763700018500,
  DowntimeIndexUuid1763700018600,
  Terminals1763700019000,
  TimeEntries1763700019100,
  TimeReports1763700019200,
  SharedDevice1763700019300,
  FirstStatusChange1763700019500,
  HoursSummary1763700019600,
  OccurrenceTime1763700019700,
];
