/**
 * Who may open each screen: one table read by both the menu (hide what the
 * user cannot open) and the route guard (refuse it when typed).
 *
 * Decision (see apps/web/README.md): SPEC section 2.1's table, because these
 * are management screens. Tasks, statuses, areas, job positions and task
 * types need the `create:` permission of their resource, so an operario
 * (read-only permissions) sees only Tareas > Tablero, Perfil and Ayuda. Where
 * the SPEC names one permission but the role model grants a scoped sibling
 * (users: `read:user` for supervisors in their areas; reports:
 * `generate:area-report`), either one opens the screen (DECISIONS section 2).
 */
import type { RouteAccess } from '@gestar/contracts';

export const APP_PATHS = {
  login: '/login',
  ssoLogin: '/login/sso',
  home: '/',
  tasks: '/tareas',
  scheduledTasks: '/programacion-tareas',
  users: '/usuarios',
  statuses: '/estados',
  areas: '/areas',
  jobPositions: '/puestos-trabajo',
  taskTypes: '/tipo-tarea',
  reports: '/reportes',
  profile: '/perfil',
  notifications: '/notificaciones',
  audit: '/auditoria',
  deliveries: '/entregas-avisos',
  calendar: '/calendario',
  assets: '/equipos',
  problemReports: '/solicitudes',
  newProblemReport: '/solicitudes/nueva',
  myProblemReports: '/mis-solicitudes',
  help: '/ayuda',
  scan: '/escanear',
  terminals: '/terminales',
  registerTerminal: '/terminales/registrar',
  terminal: '/terminal',
  notAuthorized: '/not-authorized',
  unauthorized: '/unauthorized',
} as const;

export type AppPath = (typeof APP_PATHS)[keyof typeof APP_PATHS];

export const ROUTE_PERMISSIONS: Readonly<Record<AppPath, RouteAccess>> = {
  '/login': 'public',
  '/login/sso': 'public',
  '/': 'authenticated',
  '/tareas': { allOf: ['create:task'] },
  '/programacion-tareas': { allOf: ['read:scheduled-task'] },
  '/usuarios': { anyOf: ['read:user:all', 'read:user'] },
  '/estados': { allOf: ['create:status'] },
  '/areas': { allOf: ['create:area'] },
  '/puestos-trabajo': { allOf: ['create:job-description'] },
  '/tipo-tarea': { allOf: ['create:task-type'] },
  '/reportes': { anyOf: ['generate:report', 'generate:area-report'] },
  '/perfil': 'authenticated',
  '/notificaciones': { allOf: ['send:notifications'] },
  '/auditoria': { allOf: ['read:audit'] },
  '/entregas-avisos': { allOf: ['read:notification-deliveries'] },
  '/calendario': { allOf: ['read:calendar'] },
  '/equipos': { allOf: ['read:asset'] },
  '/solicitudes': { allOf: ['triage:problem-report'] },
  '/solicitudes/nueva': 'authenticated',
  '/mis-solicitudes': 'authenticated',
  '/ayuda': 'public',
  '/escanear': { allOf: ['read:asset'] },
  '/terminales': { allOf: ['manage:terminal'] },
  '/terminales/registrar': { allOf: ['manage:terminal'] },
  '/terminal': 'public',
  '/not-authorized': 'public',
  '/unauthorized': 'public',
};

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The rule for a location; help pages under /ayuda/ are public; unknown paths need a login. */
export function accessForPath(pathname: string): RouteAccess {
  const path = normalise(pathname);
  if (path in ROUTE_PERMISSIONS) return ROUTE_PERMISSIONS[path as AppPath];
  if (path.startsWith(`${APP_PATHS.help}/`)) return 'public';
  // A machine's page (`/equipos/<code>`, the address its QR label holds) needs what the catalog needs.
  if (path.startsWith(`${APP_PATHS.assets}/`)) return ROUTE_PERMISSIONS[APP_PATHS.assets];
  return 'authenticated';
}
