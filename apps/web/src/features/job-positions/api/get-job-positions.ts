import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { JOB_POSITIONS_ROUTES, type JobPositionListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** Cards come in rows of 1, 2 or 3: 12 per page fills each layout evenly. */
export const JOB_POSITIONS_PAGE_SIZE = 12;
export const JOB_POSITIONS_LIST_KEY = ['job-descriptions', 'list'] as const;

export function getJobPositions(page: number): Promise<JobPositionListResponse> {
  return apiRequest(JOB_POSITIONS_ROUTES.list, { query: { page, limit: JOB_POSITIONS_PAGE_SIZE } });
}

export function jobPositionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...JOB_POSITIONS_LIST_KEY, { page, limit: JOB_POSITIONS_PAGE_SIZE }],
    queryFn: () => getJobPositions(page),
    staleTime: CACHE_TIMES.jobPositions,
  });
}

export function useJobPositions(page: number) {
  return useQuery({ ...jobPositionsQueryOptions(page), placeholderData: keepPreviousData });
}
