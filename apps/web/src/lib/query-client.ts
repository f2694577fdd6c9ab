/**
 * Query policy (SPEC section 9): cache kept 5 minutes after last use; failed
 * queries retried up to 3 times with exponential backoff 1 s..30 s, never on
 * a 4xx (the answer will not change); freshness per data set comes from
 * CACHE_TIMES in each feature's query options. Window focus does not refetch:
 * the 'Refrescar' button is the explicit way, and focus changes stay quiet.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { CACHE_TIMES, QUERY_GC_TIME_MS, QUERY_RETRY } from './ui-settings';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRY.count;
}

export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY.minDelayMs * 2 ** attempt, QUERY_RETRY.maxDelayMs);
}

// TanStack Query starts "online" whatever the browser says and then follows the online / offline
// events: a page opened without a network (the installed app on the shop floor) must pause its
// reads instead of failing them, and show what was kept for offline use.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        // The shortest freshness of the spec; features set their own from CACHE_TIMES.
        staleTime: CACHE_TIMES.assignedTasks,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
