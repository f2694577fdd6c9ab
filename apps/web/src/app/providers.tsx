import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '@gestar/contracts';
import '../lib/dates';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
        {/* app.css moves the container below the top bar. */}
        <Notifications position="top-right" autoClose={TOAST_DURATION_MS} zIndex={1000} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
