/**
 * Routes of SPEC section 2.1. Every screen is its own lazily loaded chunk, and
 * so is the logged-in shell (AppLayout), so the first load carries only the
 * providers, the router and the session; /login never downloads the shell.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { UuidSchema } from '@gestar/contracts';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from './route-error';
import { commentsQueryOptions } from '../features/assigned-tasks/api/comments-query';
import { boardQueryOptions } from '../features/assigned-tasks/api/get-board';
import { boardStatusesQueryOptions } from '../features/assigned-tasks/api/lookups';
import { queryClient } from '../lib/query-client';
import { getSession } from '../lib/session';
import { RouteGuard } from './route-guard';

type ChunkLoader = () => Promise<unknown>;

/** Every machine's page (`/equipos/<code>`) shares one chunk. */
const ASSET_PAGE_CHUNK = '/equipos/:code';

/** Screen path -> its chunk, so the screen a visitor lands on is fetched together with the shell. */
const screenChunks = new Map<string, ChunkLoader>();

/** `React.lazy` for a module's named component export. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string, path?: string) {
  if (path) screenChunks.set(path, load);
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}

const loadLayout = () => import('./layout/app-layout');

const protectedRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('../features/assigned-tasks/routes/board-page'), 'BoardPage', '/') },
  { path: 'tareas', element: lazyPage(() => import('./routes/tasks-route'), 'TasksRoute', '/tareas') },
  {
    path: 'programacion-tareas',
    element: lazyPage(
      () => import('../features/scheduled-tasks/routes/scheduled-tasks-page'),
      'ScheduledTasksPage',
      '/programacion-tareas',
    ),
  },
  {
    path: 'usuarios',
    element: lazyPage(() => import('../features/users/routes/users-page'), 'UsersPage', '/usuarios'),
  },
  {
    path: 'estados',
    element: lazyPage(() => import('../features/statuses/routes/statuses-page'), 'StatusesPage', '/estados'),
  },
  { path: 'areas', element: lazyPage(() => import('../features/areas/routes/areas-page'), 'AreasPage', '/areas') },
  {
    path: 'puestos-trabajo',
    element: lazyPage(
      () => import('../features/job-positions/routes/job-positions-page'),
      'JobPositionsPage',
      '/puestos-trabajo',
    ),
  },
  {
    path: 'tipo-tarea',
    element: lazyPage(() => import('../features/task-types/routes/task-types-page'), 'TaskTypesPage', '/tipo-tarea'),
  },
  {
    path: 'reportes',
    element: lazyPage(() => import('../features/reports/routes/reports-page'), 'ReportsPage', '/reportes'),
  },
  {
    path: 'entregas-avisos',
    element: lazyPage(
      () => import('../features/notifications/routes/deliveries-page'),
      'DeliveriesPage',
      '/entregas-avisos',
    ),
  },
  {
    path: 'auditoria',
    element: lazyPage(() => import('../features/audit/routes/audit-page'), 'AuditPage', '/auditoria'),
  },
  {
    path: 'calendario',
    element: lazyPage(() => import('../features/calendar/routes/calendar-page'), 'CalendarPage', '/calendario'),
  },
  {
    path: 'equipos',
    element: lazyPage(() => import('../features/assets/routes/assets-page'), 'AssetsPage', '/equipos'),
  },
  {
    path: 'equipos/:code',
    element: lazyPage(() => import('../features/assets/routes/asset-page'), 'AssetPage', ASSET_PAGE_CHUNK),
  },
  {
    path: 'solicitudes',
    element: lazyPage(
      () => import('../features/problem-reports/routes/problem-reports-page'),
      'ProblemReportsPage',
      '/solicitudes',
    ),
  },
  {
    path: 'solicitudes/nueva',
    element: lazyPage(
      () => import('../features/problem-reports/routes/new-problem-report-page'),
      'NewProblemReportPage',
      '/solicitudes/nueva',
    ),
  },
  {
    path: 'mis-solicitudes',
    element: lazyPage(
      () => import('../features/problem-reports/routes/my-problem-reports-page'),
      'MyProblemReportsPage',
      '/mis-solicitudes',
    ),
  },
  {
    path: 'perfil',
    element: lazyPage(() => import('../features/profile/routes/profile-page'), 'ProfilePage', '/perfil'),
  },
  {
    path: 'terminales',
    element: lazyPage(() => import('../features/terminals/routes/terminals-page'), 'TerminalsPage', '/terminales'),
  },
  {
    path: 'terminales/registrar',
    element: lazyPage(
      () => import('../features/terminals/routes/register-terminal-page'),
      'RegisterTerminalPage',
      '/terminales/registrar',
    ),
  },
  { path: 'escanear', element: lazyPage(() => import('../features/scan/routes/scan-page'), 'ScanPage', '/escanear') },
  {
    path: 'notificaciones',
    element: lazyPage(
      () => import('../features/notifications/routes/notifications-page'),
      'NotificationsPage',
      '/notificaciones',
    ),
  },
];

const helpRoutes: RouteObject[] = [
  {
    index: true,
    element: lazyPage(() => import('../features/help/routes/help-index-page'), 'HelpIndexPage', '/ayuda'),
  },
  {
    path: 'usuarios',
    element: lazyPage(() => import('../features/help/routes/help-users-page'), 'HelpUsersPage', '/ayuda/usuarios'),
  },
  {
    path: 'tareas',
    element: lazyPage(() => import('../features/help/routes/help-tasks-page'), 'HelpTasksPage', '/ayuda/tareas'),
  },
  {
    path: 'reportes',
    element: lazyPage(() => import('../features/help/routes/help-reports-page'), 'HelpReportsPage', '/ayuda/reportes'),
  },
  {
    path: 'areas',
    element: lazyPage(() => import('../features/help/routes/help-areas-page'), 'HelpAreasPage', '/ayuda/areas'),
  },
  {
    path: 'estados',
    element: lazyPage(() => import('../features/help/routes/help-statuses-page'), 'HelpStatusesPage', '/ayuda/estados'),
  },
  {
    path: 'tipo-tarea',
    element: lazyPage(
      () => import('../features/help/routes/help-task-types-page'),
      'HelpTaskTypesPage',
      '/ayuda/tipo-tarea',
    ),
  },
  {
    path: 'notificaciones',
    element: lazyPage(
      () => import('../features/help/routes/help-notifications-page'),
      'HelpNotificationsPage',
      '/ayuda/notificaciones',
    ),
  },
  {
    path: 'programacion',
    element: lazyPage(
      () => import('../features/help/routes/help-scheduling-page'),
      'HelpSchedulingPage',
      '/ayuda/programacion',
    ),
  },
  {
    path: 'puestos-trabajo',
    element: lazyPage(
      () => import('../features/help/routes/help-job-positions-page'),
      'HelpJobPositionsPage',
      '/ayuda/puestos-trabajo',
    ),
  },
];

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: lazyPage(() => import('../features/auth/routes/login-page'), 'LoginPage') },
      { path: '/login/sso', element: lazyPage(() => import('../features/auth/routes/sso-page'), 'SsoPage') },
      {
        path: '/terminal',
        element: lazyPage(() => import('../features/terminals/routes/terminal-page'), 'TerminalPage'),
      },
      {
        path: '/',
        element: lazyPage(loadLayout, 'AppLayout'),
        children: [
          { element: <RouteGuard />, children: protectedRoutes },
          { path: 'ayuda', children: helpRoutes },
          {
            path: 'not-authorized',
            element: lazyPage(
              () => import('../features/access/routes/not-authorized-page'),
              'NotAuthorizedPage',
              '/not-authorized',
            ),
          },
          {
            path: 'unauthorized',
            element: lazyPage(
              () => import('../features/access/routes/unauthorized-page'),
              'UnauthorizedPage',
              '/unauthorized',
            ),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * Starts fetching the shell and the screen at `pathname` at once; otherwise the
 * screen's chunk would only be requested once the shell's had loaded and rendered.
 * Landing on the board, its columns and cards are asked for meanwhile too (the
 * board's own queries, so it renders from them), and with a task's link, its
 * comments: neither waits for the chunks.
 */
export function preloadLanding(pathname: string, search = ''): void {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/login' || path === '/terminal') return;
  // Logged out, the guard sends the visitor to /login: only the shell is shown on the way.
  const { token, user } = getSession();
  const screen =
    screenChunks.get(path) ?? (path.startsWith('/equipos/') ? screenChunks.get(ASSET_PAGE_CHUNK) : undefined);
  const chunks = [loadLayout, token ? screen : undefined];
  // A failed fetch is retried by the lazy component, which shows the route error.
  for (const load of chunks) void load?.().catch(() => undefined);
  // Without a network the board shows what was kept for offline use, which the restore puts back.
  if (path !== '/' || !token || !navigator.onLine) return;
  const params = new URLSearchParams(search);
  // With area or user filters in the address the board asks for those itself.
  if (user && !params.has('area') && !params.has('usuarios') && !params.has('equipo')) {
    void queryClient.prefetchQuery(boardStatusesQueryOptions());
    void queryClient.prefetchQuery(boardQueryOptions(user.uuid, { areas: [], users: [] }));
  }
  const task = UuidSchema.safeParse(params.get('tarea'));
  if (task.success) {
    void queryClient.prefetchInfiniteQuery(commentsQueryOptions(task.data));
    // The drawer is a chunk of its own (the board's first cards do not wait for it).
    void import('../features/assigned-tasks/components/task-drawer').catch(() => undefined);
  }
}

export const router = createBrowserRouter(routes);
