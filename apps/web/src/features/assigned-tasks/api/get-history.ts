import { queryOptions, useQuery } from '@tanstack/react-query';
import { ASSIGNED_TASKS_ROUTES, type AssignedTaskHistoryResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function getHistory(id: string): Promise<AssignedTaskHistoryResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.listHistory, { params: { id } });
}

export function historyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ASSIGNED_TASKS_KEY, 'history', id],
    queryFn: () => getHistory(id),
    staleTime: CACHE_TIMES.assignedTasks,
  });
}

export function useHistory(id: string | undefined) {
  return useQuery({ ...historyQueryOptions(id ?? ''), enabled: Boolean(id) });
}
