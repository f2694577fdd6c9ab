/** The menu of SPEC section 2.2: three collapsible groups and three top-level items. */
import type { ComponentType } from 'react';
import {
  IconAlertTriangle,
  IconBell,
  IconBriefcase,
  IconBuildingCommunity,
  IconCalendarOff,
  IconCalendarRepeat,
  IconCategory,
  IconClipboardList,
  IconClipboardText,
  IconDeviceTablet,
  IconInbox,
  IconHelpCircle,
  IconLayoutKanban,
  IconListCheck,
  IconProgressCheck,
  IconReportAnalytics,
  IconScan,
  IconSettings,
  IconMailForward,
  IconShieldSearch,
  IconTool,
  IconUserCircle,
  IconUserShield,
  IconUsers,
  type IconProps,
} from '@tabler/icons-react';
import { APP_PATHS, type AppPath } from '../route-permissions';

type Icon = ComponentType<IconProps>;

export interface NavItem {
  label: string;
  path: AppPath;
  icon: Icon;
}

export interface NavGroup {
  label: string;
  icon: Icon;
  items: readonly NavItem[];
}

export type NavEntry = ({ kind: 'group' } & NavGroup) | ({ kind: 'item' } & NavItem);

export const NAVIGATION: readonly NavEntry[] = [
  {
    kind: 'group',
    label: 'Tareas',
    icon: IconClipboardList,
    items: [
      { label: 'Tablero', path: APP_PATHS.home, icon: IconLayoutKanban },
      { label: 'Tareas', path: APP_PATHS.tasks, icon: IconListCheck },
      { label: 'Programación', path: APP_PATHS.scheduledTasks, icon: IconCalendarRepeat },
      { label: 'Equipos', path: APP_PATHS.assets, icon: IconTool },
    ],
  },
  {
    kind: 'group',
    label: 'Solicitudes',
    icon: IconAlertTriangle,
    items: [
      { label: 'Reportar un problema', path: APP_PATHS.newProblemReport, icon: IconAlertTriangle },
      { label: 'Mis solicitudes', path: APP_PATHS.myProblemReports, icon: IconClipboardText },
      { label: 'Solicitudes', path: APP_PATHS.problemReports, icon: IconInbox },
    ],
  },
  {
    kind: 'group',
    label: 'Administración',
    icon: IconUserShield,
    items: [
      { label: 'Usuarios', path: APP_PATHS.users, icon: IconUsers },
      { label: 'Reportes', path: APP_PATHS.reports, icon: IconReportAnalytics },
      { label: 'Auditoría', path: APP_PATHS.audit, icon: IconShieldSearch },
      { label: 'Entregas de avisos', path: APP_PATHS.deliveries, icon: IconMailForward },
      { label: 'Terminales', path: APP_PATHS.terminals, icon: IconDeviceTablet },
    ],
  },
  {
    kind: 'group',
    label: 'Configuración',
    icon: IconSettings,
    items: [
      { label: 'Estados', path: APP_PATHS.statuses, icon: IconProgressCheck },
      { label: 'Áreas', path: APP_PATHS.areas, icon: IconBuildingCommunity },
      { label: 'Puestos de trabajo', path: APP_PATHS.jobPositions, icon: IconBriefcase },
      { label: 'Tipos de tarea', path: APP_PATHS.taskTypes, icon: IconCategory },
      { label: 'Calendario laboral', path: APP_PATHS.calendar, icon: IconCalendarOff },
    ],
  },
  { kind: 'item', label: 'Escanear', path: APP_PATHS.scan, icon: IconScan },
  { kind: 'item', label: 'Perfil', path: APP_PATHS.profile, icon: IconUserCircle },
  { kind: 'item', label: 'Notificaciones', path: APP_PATHS.notifications, icon: IconBell },
  { kind: 'item', label: 'Ayuda', path: APP_PATHS.help, icon: IconHelpCircle },
];

/** Whether `pathname` is `path` or a page below it ('/' matches only itself). */
function isAtOrBelow(path: string, pathname: string): boolean {
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

const MENU_PATHS = NAVIGATION.flatMap((entry) =>
  entry.kind === 'group' ? entry.items.map((i) => i.path) : [entry.path],
);

/**
 * Whether the menu item of `path` is the current one: `pathname` is it or a page below it, and no
 * other item names that page more closely (on «/solicitudes/nueva» only «Reportar un problema»).
 */
export function isActivePath(path: string, pathname: string): boolean {
  if (!isAtOrBelow(path, pathname)) return false;
  return !MENU_PATHS.some((other) => other.length > path.length && isAtOrBelow(other, pathname));
}
