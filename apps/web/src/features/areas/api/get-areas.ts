import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AREAS_ROUTES, type AreaListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** Cards come in rows of 1, 2 or 3: 12 per page fills each layout evenly. */
export const AREAS_PAGE_SIZE = 12;
export const AREAS_LIST_KEY = ['areas', 'list'] as const;

export function getAreas(page: number): Promise<AreaListResponse> {
  return apiRequest(AREAS_ROUTES.list, { query: { page, limit: AREAS_PAGE_SIZE } });
}

export function areasQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...AREAS_LIST_KEY, { page, limit: AREAS_PAGE_SIZE }],
    queryFn: () => getAreas(page),
    staleTime: CACHE_TIMES.areas,
  });
}

export function useAreas(page: number) {
  return useQuery({ ...areasQueryOptions(page), placeholderData: keepPreviousData });
}
