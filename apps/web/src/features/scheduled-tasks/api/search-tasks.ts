import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TASKS_ROUTES, type TaskListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** Options offered by the task picker per search. */
export const TASK_SEARCH_LIMIT = 20;

/** The schedule form's task picker: `GET /api/tasks?titulo=` (already debounced by the caller). */
export function searchTasks(titulo: string): Promise<TaskListResponse> {
  return apiRequest(TASKS_ROUTES.list, { query: { page: 1, limit: TASK_SEARCH_LIMIT, titulo } });
}

export function taskSearchQueryOptions(titulo: string) {
  return queryOptions({
    // Under ['tasks'] so that any change to tasks refreshes the picker too.
    queryKey: ['tasks', 'schedule-picker', { titulo }],
    queryFn: () => searchTasks(titulo),
    staleTime: CACHE_TIMES.tasks,
  });
}

export function useTaskSearch(titulo: string) {
  return useQuery({ ...taskSearchQueryOptions(titulo), placeholderData: keepPreviousData });
}
