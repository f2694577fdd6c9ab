/**
 * What the board needs from other resources: statuses (its columns), areas
 * and users for the filters. Keys start with the resource name, so when that
 * resource's own screen invalidates it, the board follows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AREAS_ROUTES, ASSETS_ROUTES, MAX_PAGE_SIZE, STATUSES_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function boardStatusesQueryOptions() {
  return queryOptions({
    queryKey: ['statuses', 'board'],
    queryFn: async () => {
      const page = await apiRequest(STATUSES_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } });
      return [...page.data].sort((a, b) => a.order - b.order);
    },
    staleTime: CACHE_TIMES.statuses,
  });
}

export function useBoardStatuses() {
  return useQuery(boardStatusesQueryOptions());
}

export function boardAreasQueryOptions() {
  return queryOptions({
    queryKey: ['areas', 'board-filter'],
    queryFn: async () => (await apiRequest(AREAS_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } })).data,
    staleTime: CACHE_TIMES.areas,
  });
}

export function useBoardAreas(enabled: boolean) {
  return useQuery({ ...boardAreasQueryOptions(), enabled });
}

/** Areas with their active users, for the drawer's assignee (same key as the task form's, one cache). */
export function useAreasWithUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['areas', 'with-users'],
    queryFn: () => apiRequest(AREAS_ROUTES.withUsers),
    staleTime: CACHE_TIMES.areasWithUsers,
    enabled,
  });
}

/** Machines whose code or name holds `q` (the first 20 by code), for the board's «Equipo» filter. */
export function useBoardAssets(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['assets', 'board-filter', q],
    queryFn: async () => (await apiRequest(ASSETS_ROUTES.list, { query: { q, limit: 20 } })).data,
    staleTime: CACHE_TIMES.assets,
    enabled,
  });
}
