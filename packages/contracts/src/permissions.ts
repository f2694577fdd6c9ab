/**
 * Every permission string of the product, as resource -> operations.
 * The server guard and the web `can()` both import this module.
 */
export const PERMISSIONS = {
  task: ['create:task', 'read:task', 'update:task', 'delete:task', 'assign:task'],
  user: ['create:user', 'read:user', 'read:user:all', 'update:user', 'delete:user'],
  status: ['create:status', 'read:status', 'update:status', 'delete:status'],
  role: ['read:role'],
  report: ['generate:report', 'generate:area-report'],
  scheduledTask: ['create:scheduled-task', 'read:scheduled-task', 'update:scheduled-task', 'delete:scheduled-task'],
  area: ['read:all:areas', 'create:area', 'read:area', 'update:area', 'delete:area'],
  taskType: ['create:task-type', 'read:task-type', 'update:task-type', 'delete:task-type'],
  resource: ['create:resource', 'read:resource', 'update:resource', 'delete:resource'],
  notification: ['send:notifications', 'read:notification-deliveries'],
  audit: ['read:audit'],
  calendar: ['read:calendar', 'update:calendar'],
  asset: ['create:asset', 'read:asset', 'update:asset', 'delete:asset'],
  problemReport: ['triage:problem-report'],
  assignedTask: ['read:all:assigned-tasks', 'read:all:assigned-tasks:by-area'],
  /** Time on task: one's own timer and intervals; the time of one's areas (DECISIONS section 9). */
  timeEntry: ['track:time', 'manage:time-entries'],
  jobPosition: [
    'create:job-description',
    'read:job-description',
    'read:all:job-descriptions',
    'update:job-description',
    'delete:job-description',
  ],
} as const;

export type PermissionResource = keyof typeof PERMISSIONS;
export type Permission = (typeof PERMISSIONS)[PermissionResource][number];

export const ALL_PERMISSIONS: readonly Permission[] = Object.values(PERMISSIONS).flat();

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/** True when `held` contains every permission of `required` (an empty list passes). */
export function hasAllPermissions(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((p) => held.includes(p));
}

/** True when `held` contains at least one permission of `required` (an empty list passes). */
export function hasAnyPermission(held: readonly string[], required: readonly Permission[]): boolean {
  return required.length === 0 || required.some((p) => held.includes(p));
}

/**
 * Who may watch an area's assigned tasks (another employee's board, the area and user
 * filters, archiving and rating, the area's live events): holders of `everyArea` in every
 * area, holders of `ownAreas` only in the areas they belong to (`read:all:areas` widens
 * that to every area). The API's access scope and the web's screens both read it.
 */
export const AREA_WATCHERS = {
  everyArea: ['read:all:assigned-tasks'],
  ownAreas: ['read:all:assigned-tasks:by-area'],
} as const satisfies Record<'everyArea' | 'ownAreas', readonly Permission[]>;

/** The same rule as a screen's access check: either permission (the area itself is the server's check). */
export const AREA_WATCHER_ACCESS: { anyOf: readonly Permission[] } = {
  anyOf: [...AREA_WATCHERS.everyArea, ...AREA_WATCHERS.ownAreas],
};

/**
 * An administrator of the installation: a role that manages every user. No change may leave
 * the installation without an active user holding all of these (409, `lastAdministrator`).
 */
export const ADMINISTRATOR_PERMISSIONS = ['read:user:all', 'create:user', 'update:user', 'delete:user'] as const satisfies readonly Permission[];

/** Role names seeded by the roles migration (DECISIONS section 2). */
export const ROLE_NAMES = {
  admin: 'Administrador',
  supervisor: 'Supervisor',
  operario: 'Operario',
} as const;

export const SUPERVISOR_PERMISSIONS: readonly Permission[] = [
  'read:user',
  'create:user',
  'update:user',
  'read:role',
  'read:area',
  'read:status',
  'read:task-type',
  'read:job-description',
  'create:task',
  'read:task',
  'update:task',
  'delete:task',
  'assign:task',
  'create:scheduled-task',
  'read:scheduled-task',
  'update:scheduled-task',
  'delete:scheduled-task',
  'read:all:assigned-tasks:by-area',
  'generate:area-report',
  'send:notifications',
  'read:calendar',
  'create:asset',
  'read:asset',
  'update:asset',
  'delete:asset',
  'triage:problem-report',
  'track:time',
  'manage:time-entries',
];

export const OPERARIO_PERMISSIONS: readonly Permission[] = [
  'read:status',
  'read:task',
  'read:area',
  'read:task-type',
  'read:job-description',
  'read:asset',
  'track:time',
];
