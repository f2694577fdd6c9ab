import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));
const UpdatePrompt = lazy(async () => ({ default: (await import('./update-prompt')).UpdatePrompt }));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
        <UpdatePrompt />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
