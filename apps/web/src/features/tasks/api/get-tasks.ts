import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, TASKS_ROUTES, type TaskListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export const TASKS_KEY = ['tasks'] as const;

export interface TaskListParams {
  page: number;
  titulo: string;
}

export function getTasks({ page, titulo }: TaskListParams): Promise<TaskListResponse> {
  return apiRequest(TASKS_ROUTES.list, { query: { page, limit: PAGE_SIZE, titulo } });
}

export function tasksQueryOptions(params: TaskListParams) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'list', params],
    queryFn: () => getTasks(params),
    staleTime: CACHE_TIMES.tasks,
  });
}

export function useTasks(params: TaskListParams) {
  return useQuery({ ...tasksQueryOptions(params), placeholderData: keepPreviousData });
}
