/**
 * Routes of SPEC section 2.1. Every screen is its own lazily loaded chunk,
 * so the first load carries only the shell and the login screen's code.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { RouteGuard } from './route-guard';

/** `React.lazy` for a module's named component export. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
}

const protectedRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('../features/assigned-tasks/routes/board-page'), 'BoardPage') },
  { path: 'tareas', element: lazyPage(() => import('../features/tasks/routes/tasks-page'), 'TasksPage') },
  {
    path: 'programacion-tareas',
    element: lazyPage(() => import('../features/scheduled-tasks/routes/scheduled-tasks-page'), 'ScheduledTasksPage'),
  },
  { path: 'usuarios', element: lazyPage(() => import('../features/users/routes/users-page'), 'UsersPage') },
  { path: 'estados', element: lazyPage(() => import('../features/statuses/routes/statuses-page'), 'StatusesPage') },
  { path: 'areas', element: lazyPage(() => import('../features/areas/routes/areas-page'), 'AreasPage') },
  {
    path: 'puestos-trabajo',
    element: lazyPage(() => import('../features/job-positions/routes/job-positions-page'), 'JobPositionsPage'),
  },
  { path: 'tipo-tarea', element: lazyPage(() => import('../features/task-types/routes/task-types-page'), 'TaskTypesPage') },
  { path: 'reportes', element: lazyPage(() => import('../features/reports/routes/reports-page'), 'ReportsPage') },
  { path: 'perfil', element: lazyPage(() => import('../features/profile/routes/profile-page'), 'ProfilePage') },
  {
    path: 'notificaciones',
    element: lazyPage(() => import('../features/notifications/routes/notifications-page'), 'NotificationsPage'),
  },
];

const helpRoutes: RouteObject[] = [
  { index: true, element: lazyPage(() => import('../features/help/routes/help-index-page'), 'HelpIndexPage') },
  { path: 'usuarios', element: lazyPage(() => import('../features/help/routes/help-users-page'), 'HelpUsersPage') },
  { path: 'tareas', element: lazyPage(() => import('../features/help/routes/help-tasks-page'), 'HelpTasksPage') },
  { path: 'reportes', element: lazyPage(() => import('../features/help/routes/help-reports-page'), 'HelpReportsPage') },
  { path: 'areas', element: lazyPage(() => import('../features/help/routes/help-areas-page'), 'HelpAreasPage') },
  { path: 'estados', element: lazyPage(() => import('../features/help/routes/help-statuses-page'), 'HelpStatusesPage') },
  {
    path: 'tipo-tarea',
    element: lazyPage(() => import('../features/help/routes/help-task-types-page'), 'HelpTaskTypesPage'),
  },
  {
    path: 'notificaciones',
    element: lazyPage(() => import('../features/help/routes/help-notifications-page'), 'HelpNotificationsPage'),
  },
  {
    path: 'programacion',
    element: lazyPage(() => import('../features/help/routes/help-scheduling-page'), 'HelpSchedulingPage'),
  },
  {
    path: 'puestos-trabajo',
    element: lazyPage(() => import('../features/help/routes/help-job-positions-page'), 'HelpJobPositionsPage'),
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
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { element: <RouteGuard />, children: protectedRoutes },
          { path: 'ayuda', children: helpRoutes },
          {
            path: 'not-authorized',
            element: lazyPage(() => import('../features/access/routes/not-authorized-page'), 'NotAuthorizedPage'),
          },
          {
            path: 'unauthorized',
            element: lazyPage(() => import('../features/access/routes/unauthorized-page'), 'UnauthorizedPage'),
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
