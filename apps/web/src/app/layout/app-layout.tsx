import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, Box, ScrollArea } from '@mantine/core';
import { PageLoader } from '../../components/page-loader';
import { AppFooter } from '../../components/app-footer';
import { useLiveEvents } from '../../lib/live-events';
import { NavMenu } from './nav-menu';
import { TopBar } from './top-bar';

const HEADER_HEIGHT = 56;

/** The shell of SPEC section 2.2: top bar, side drawer from 'sm' up (dropdown below), footer. */
export function AppLayout() {
  // Live updates for every logged-in screen (boards, notifications).
  useLiveEvents();
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      {/* Below 'sm' the navbar is not just moved off-screen but removed, so keyboard focus cannot reach it. */}
      <AppShell.Navbar p="xs" aria-label="Menú lateral" visibleFrom="sm">
        <AppShell.Section grow component={ScrollArea}>
          <NavMenu />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
