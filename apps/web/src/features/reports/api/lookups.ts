/**
 * Options of the report filters: statuses, the areas the caller may see (the
 * API confines a supervisor to its own). The users filter is the shared UserSearchMultiSelect. Keys
 * start with the resource name, so that resource's screens invalidate them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AREAS_ROUTES, MAX_PAGE_SIZE, STATUSES_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function reportStatusesQueryOptions() {
  return queryOptions({
    queryKey: ['statuses', 'report-filter'],
    queryFn: async () => {
      const page = await apiRequest(STATUSES_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } });
      return [...page.data].sort((a, b) => a.order - b.order);
    },
    staleTime: CACHE_TIMES.statuses,
  });
}

export function useReportStatuses(enabled: boolean) {
  return useQuery({ ...reportStatusesQueryOptions(), enabled });
}

export function reportAreasQueryOptions() {
  return queryOptions({
    queryKey: ['areas', 'report-filter'],
    queryFn: async () => (await apiRequest(AREAS_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } })).data,
    staleTime: CACHE_TIMES.areas,
  });
}

export function useReportAreas(enabled: boolean) {
  return useQuery({ ...reportAreasQueryOptions(), enabled });
}
