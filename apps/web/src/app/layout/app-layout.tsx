import '../../lib/mantine-styles';
import { Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { AppShell, Box, ScrollArea } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { AppFooter } from '../../components/app-footer';
import { useLiveEvents } from '../../lib/live-events';
import { keepOfflineCache } from '../../lib/offline-cache';
import { keepSendingOutbox } from '../../lib/outbox';
import { useOnline } from '../../lib/online';
import { useSession } from '../../lib/session';
import { useTerminal } from '../../lib/terminal-device';
import { useRunningTimer, useTimerSync } from '../../lib/time-entries';
import { RUNNING_TIMER_HEIGHT, RunningTimerBar } from '../../components/timer/running-timer-bar';
import { ForgottenTimerNotice } from '../../components/timer/forgotten-timer-notice';
import { HolidaysOffer } from '../../features/calendar/components/holidays-offer';
import { SharedDevice } from '../../features/auth/components/shared-device';
import { OfflineBanner } from './offline-banner';
import { NavMenu } from './nav-menu';
import { TerminalLayout } from './terminal-layout';
import { TopBar } from './top-bar';

const HEADER_HEIGHT = 56;
/** The "Sin conexión" strip under the top bar. */
const OFFLINE_STRIP_HEIGHT = 34;

/** The shell of SPEC section 2.2; at a shared terminal (issue 34), the terminal's own. */
export function AppLayout() {
  const terminal = useTerminal();
  if (terminal) return <TerminalLayout terminal={terminal} />;
  return <PersonalLayout />;
}

/** The shell of SPEC section 2.2: top bar, side drawer from 'sm' up (dropdown below), footer. */
function PersonalLayout() {
  // Live updates for every logged-in screen (boards, notifications).
  useLiveEvents();
  const online = useOnline();
  const client = useQueryClient();
  const user = useSession().user?.uuid;
  // What this person reads is kept for offline use while signed in.
  useEffect(() => (user ? keepOfflineCache(client, user) : undefined), [client, user]);
  // Changes made without a network go when it returns, also after the app was closed.
  useEffect(() => (user ? keepSendingOutbox(client) : undefined), [client, user]);
  // The person's running timer, shown under the top bar on every screen.
  useTimerSync();
  const timer = useRunningTimer() !== null;
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT + (online ? 0 : OFFLINE_STRIP_HEIGHT) + (timer ? RUNNING_TIMER_HEIGHT : 0) }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <Box h={HEADER_HEIGHT}>
          <TopBar />
        </Box>
        <OfflineBanner />
        <RunningTimerBar />
      </AppShell.Header>
      {/* Below 'sm' the navbar is not just moved off-screen but removed, so keyboard focus cannot reach it. */}
      <AppShell.Navbar p="xs" aria-label="Menú lateral" visibleFrom="sm">
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }}>
          <HolidaysOffer />
          <SharedDevice />
          <ForgottenTimerNotice />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
