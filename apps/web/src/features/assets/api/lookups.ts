/** What the machine screens offer to choose from: the caller's areas and the machines of one area. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AREAS_ROUTES, ASSETS_ROUTES, MAX_PAGE_SIZE } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { ASSETS_KEY } from './assets';

export function useAssetAreas() {
  return useQuery(
    queryOptions({
      queryKey: ['areas', 'asset-options'],
      queryFn: async () => (await apiRequest(AREAS_ROUTES.list, { query: { limit: MAX_PAGE_SIZE } })).data,
      staleTime: CACHE_TIMES.areas,
    }),
  );
}

/** The first MAX_PAGE_SIZE machines of `area` by code (the parent a machine may hang from). */
export function useAreaAssets(area: string | null) {
  return useQuery({
    queryKey: [...ASSETS_KEY, 'of-area', area],
    queryFn: async () => (await apiRequest(ASSETS_ROUTES.list, { query: { area, limit: MAX_PAGE_SIZE } })).data,
    staleTime: CACHE_TIMES.assets,
    enabled: area !== null,
  });
}
