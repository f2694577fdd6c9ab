import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_TASKS_ROUTES,
  type ArchiveAssignedTaskRequestInput,
  type AssignedTaskResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNED_TASKS_KEY } from './get-board';

export function changeAssignedTaskStatus(id: string, estadoUuid: string): Promise<AssignedTaskResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.update, { params: { id }, body: { estado_uuid: estadoUuid } });
}

export function archiveAssignedTask(id: string, body: ArchiveAssignedTaskRequestInput): Promise<AssignedTaskResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.update, { params: { id }, body: { ...body, archivada: true } });
}

export function useChangeAssignedTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, estadoUuid }: { id: string; estadoUuid: string }) => changeAssignedTaskStatus(id, estadoUuid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSIGNED_TASKS_KEY }),
  });
}

export function useArchiveAssignedTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ArchiveAssignedTaskRequestInput }) => archiveAssignedTask(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ASSIGNED_TASKS_KEY }),
  });
}
