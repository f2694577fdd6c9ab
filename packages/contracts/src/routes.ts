import type { RouteDescriptor } from './common/route';
import { HEALTH_ROUTES } from './common/health.routes';
import { AUTH_ROUTES } from './auth/auth.routes';
import { USERS_ROUTES } from './users/users.routes';
import { ROLES_ROUTES } from './roles/roles.routes';
import { STATUSES_ROUTES } from './statuses/statuses.routes';
import { AREAS_ROUTES } from './areas/areas.routes';
import { JOB_POSITIONS_ROUTES } from './job-positions/job-positions.routes';
import { TASK_TYPES_ROUTES } from './task-types/task-types.routes';
import { TASKS_ROUTES } from './tasks/tasks.routes';
import { ASSIGNED_TASKS_ROUTES } from './assigned-tasks/assigned-tasks.routes';
import { SCHEDULED_TASKS_ROUTES } from './scheduled-tasks/scheduled-tasks.routes';
import { CALENDAR_ROUTES } from './calendar/calendar.routes';
import { REPORTS_ROUTES, TIMESHEET_ROUTES } from './reports/reports.routes';
import { NOTIFICATIONS_ROUTES } from './notifications/notifications.routes';
import { EVENTS_ROUTES } from './events/events.routes';
import { DOCS_ROUTES } from './docs/docs.routes';
import { AUDIT_ROUTES } from './audit/audit.routes';
import { ATTACHMENTS_ROUTES } from './attachments/attachments.routes';
import { ASSETS_ROUTES } from './assets/assets.routes';
import { ASSET_LABELS_ROUTES } from './assets/labels.routes';
import { PROBLEM_REPORTS_ROUTES } from './problem-reports/problem-reports.routes';
import { TIME_ENTRIES_ROUTES } from './time-entries/time-entries.routes';
import { TERMINALS_ROUTES } from './terminals/terminals.routes';

/** Every route object by resource, for code that wants the names. */
export const ROUTE_GROUPS = {
  health: HEALTH_ROUTES,
  auth: AUTH_ROUTES,
  users: USERS_ROUTES,
  roles: ROLES_ROUTES,
  statuses: STATUSES_ROUTES,
  areas: AREAS_ROUTES,
  jobPositions: JOB_POSITIONS_ROUTES,
  taskTypes: TASK_TYPES_ROUTES,
  tasks: TASKS_ROUTES,
  assignedTasks: ASSIGNED_TASKS_ROUTES,
  attachments: ATTACHMENTS_ROUTES,
  // Before the assets group: /api/assets/labels.pdf is tried before /api/assets/:code.
  assetLabels: ASSET_LABELS_ROUTES,
  scheduledTasks: SCHEDULED_TASKS_ROUTES,
  calendar: CALENDAR_ROUTES,
  reports: REPORTS_ROUTES,
  timesheet: TIMESHEET_ROUTES,
  /** Labels (assets/labels.routes.ts, `GET /api/assets/labels.pdf`) go before this group. */
  assets: ASSETS_ROUTES,
  notifications: NOTIFICATIONS_ROUTES,
  events: EVENTS_ROUTES,
  audit: AUDIT_ROUTES,
  docs: DOCS_ROUTES,
  problemReports: PROBLEM_REPORTS_ROUTES,
  timeEntries: TIME_ENTRIES_ROUTES,
  terminals: TERMINALS_ROUTES,
} as const;

/**
 * Every endpoint of the API. The API's route test compares what it registers
 * with this list. Within a group a static path (`/api/areas/usuarios`,
 * `/api/reports/stats`) is declared before the `:param` path that would also
 * match it, so a router registering in this order tries the static one first
 * (routes.test.ts checks it).
 */
export const API_ROUTES: readonly RouteDescriptor[] = Object.values(ROUTE_GROUPS).flatMap(
  (group) => Object.values(group) as RouteDescriptor[],
);
