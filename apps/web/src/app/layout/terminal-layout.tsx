/**
 * A person signed in at a shared terminal (issue 34): their name and a visible «Terminar» always
 * on top, a few large entries (their board, reporting a problem, their reports, a machine's page
 * by its label), every control at least 48 px high. The session ends with «Terminar», after the
 * terminal's idle minutes without a touch, and when the terminal is revoked; then nothing of the
 * person remains and the history entry is replaced, so the back button leads to the tiles.
 */
import { Suspense, useCallback, useEffect } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconClipboardText, IconLayoutKanban, IconLogout, IconScan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '@gestar/contracts';
import { PageLoader } from '../../components/page-loader';
import { ACTIVITY_EVENTS, createIdleTracker, isIdle } from '../../lib/idle-timer';
import { useLiveEvents } from '../../lib/live-events';
import { useSession } from '../../lib/session';
import { lastActivity, noteActivity, type TerminalDevice } from '../../lib/terminal-device';
import { forgetPerson, TERMINAL_HOME, type EndReason } from '../../features/terminals/api/person-session';
import { touchTerminalSession } from '../../features/terminals/api/terminals';
import { useTerminalDevice } from '../../features/terminals/hooks/use-terminal-device';
import classes from '../../features/terminals/components/terminal.module.css';
import { OfflineBanner } from './offline-banner';
import { APP_PATHS } from '../route-permissions';

/** The server keeps the session alive only while it hears from it: a touch tells it, this often at most. */
const KEEP_ALIVE_MS = 30_000;
/** The last touch is written down this often at most (a reload after the idle minutes ends the session). */
const NOTE_MS = 5_000;

const ENTRIES = [
  { label: 'Mi tablero', to: APP_PATHS.home, icon: IconLayoutKanban, end: true },
  { label: 'Reportar un problema', to: APP_PATHS.newProblemReport, icon: IconAlertTriangle, end: true },
  { label: 'Mis solicitudes', to: APP_PATHS.myProblemReports, icon: IconClipboardText, end: true },
  { label: 'Escanear equipo', to: APP_PATHS.scan, icon: IconScan, end: true },
] as const;

export function TerminalLayout({ terminal }: { terminal: TerminalDevice }) {
  const session = useSession();
  if (!session.token || !session.user) return <Navigate to={TERMINAL_HOME} replace />;
  return (
    <SignedIn terminal={terminal} name={`${session.user.nombre} ${session.user.apellido}`} user={session.user.uuid} />
  );
}

function SignedIn({ terminal, name, user }: { terminal: TerminalDevice; name: string; user: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  useLiveEvents();
  useTerminalDevice();

  const end = useCallback(
    (reason: EndReason) => {
      forgetPerson(client, reason);
      // Replaces the current entry: the back button finds the tiles, and the guard sends any older one there.
      void navigate(TERMINAL_HOME, { replace: true });
    },
    [client, navigate],
  );

  // Finger-sized controls everywhere, the dialogs (rendered outside this tree) too.
  useEffect(() => {
    document.documentElement.classList.add(classes.touch!);
    return () => document.documentElement.classList.remove(classes.touch!);
  }, []);

  // Idle minutes without a touch end the session; measured from the last touch, also across a reload.
  useEffect(() => {
    const timeout = terminal.minutos_inactividad * 60_000;
    const since = lastActivity() ?? Date.now();
    if (isIdle(since, timeout, Date.now())) {
      end('inactividad');
      return;
    }
    const tracker = createIdleTracker(timeout, () => end('inactividad'), { since });
    let noted = 0;
    let pinged = Date.now();
    const touch = () => {
      tracker.touch();
      const now = Date.now();
      if (now - noted > NOTE_MS) {
        noted = now;
        noteActivity(now);
      }
      if (now - pinged > KEEP_ALIVE_MS && navigator.onLine) {
        pinged = now;
        void touchTerminalSession().catch(() => undefined);
      }
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, touch, { passive: true, capture: true });
    return () => {
      tracker.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, touch, { capture: true });
    };
  }, [terminal.minutos_inactividad, user, end]);

  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" className={classes.header} style={{ position: 'sticky', top: 0, zIndex: 100 }}>
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text fw={800} fz={22} c="blue.8" visibleFrom="xs">
            {PRODUCT_NAME}
          </Text>
          <Text fw={700} fz={22} truncate data-testid="terminal-person">
            {name}
          </Text>
        </Group>
        <Button
          color="red"
          size="lg"
          h={56}
          leftSection={<IconLogout size={24} />}
          onClick={() => end('terminar')}
          style={{ flexShrink: 0 }}
        >
          Terminar
        </Button>
      </Box>
      <OfflineBanner />
      <Box component="nav" aria-label="Terminal">
        <Group gap="sm" wrap="wrap" px="md" py="sm">
          {ENTRIES.map(({ label, to, icon: Icon, end: exact }) => (
            <Button
              key={to}
              component={NavLink}
              to={to}
              end={exact}
              replace
              size="lg"
              h={56}
              variant="light"
              leftSection={<Icon size={22} />}
              className={classes.navEntry}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Box>
      <Box component="main" px="md" pb="xl" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
