import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, SCHEDULED_TASKS_ROUTES, type ScheduledTaskListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export const SCHEDULED_TASKS_KEY = ['scheduled-tasks'] as const;
export const SCHEDULED_TASKS_LIST_KEY = [...SCHEDULED_TASKS_KEY, 'list'] as const;

export function getScheduledTasks(page: number): Promise<ScheduledTaskListResponse> {
  return apiRequest(SCHEDULED_TASKS_ROUTES.list, { query: { page, limit: PAGE_SIZE } });
}

export function scheduledTasksQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...SCHEDULED_TASKS_LIST_KEY, { page, limit: PAGE_SIZE }],
    queryFn: () => getScheduledTasks(page),
    staleTime: CACHE_TIMES.scheduledTasks,
  });
}

export function useScheduledTasks(page: number) {
  return useQuery({ ...scheduledTasksQueryOptions(page), placeholderData: keepPreviousData });
}
