import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_TYPES_ROUTES, type TaskTypeListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** The grid has 1, 2 or 3 columns: 12 per page fills each layout evenly. */
export const TASK_TYPES_PAGE_SIZE = 12;
export const TASK_TYPES_LIST_KEY = ['task-types', 'list'] as const;

export function getTaskTypes(page: number): Promise<TaskTypeListResponse> {
  return apiRequest(TASK_TYPES_ROUTES.list, { query: { page, limit: TASK_TYPES_PAGE_SIZE } });
}

export function taskTypesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...TASK_TYPES_LIST_KEY, { page, limit: TASK_TYPES_PAGE_SIZE }],
    queryFn: () => getTaskTypes(page),
    staleTime: CACHE_TIMES.taskTypes,
  });
}

export function useTaskTypes(page: number) {
  return useQuery({ ...taskTypesQueryOptions(page), placeholderData: keepPreviousData });
}
