import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, STATUSES_ROUTES, type StatusListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** Statuses are few and ordered by `order`: the screen shows them all in one page. */
export const STATUSES_LIST_KEY = ['statuses', 'list', { limit: MAX_PAGE_SIZE }] as const;

export function getStatuses(): Promise<StatusListResponse> {
  return apiRequest(STATUSES_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } });
}

export function statusesQueryOptions() {
  return queryOptions({ queryKey: STATUSES_LIST_KEY, queryFn: getStatuses, staleTime: CACHE_TIMES.statuses });
}

export function useStatuses() {
  return useQuery(statusesQueryOptions());
}
