/** One assigned task as the drawer shows it, for a link to a task that is not on the board. */
import { useQuery } from '@tanstack/react-query';
import { ASSIGNED_TASKS_ROUTES, type AssignedTaskResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { detailQueryKey } from './update-assigned-task';

export function getAssignedTaskDetail(id: string): Promise<AssignedTaskResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.detail, { params: { id } });
}

export function useAssignedTaskDetail(id: string | undefined) {
  return useQuery({
    queryKey: detailQueryKey(id ?? ''),
    queryFn: () => getAssignedTaskDetail(id ?? ''),
    staleTime: CACHE_TIMES.assignedTasks,
    enabled: Boolean(id),
  });
}
