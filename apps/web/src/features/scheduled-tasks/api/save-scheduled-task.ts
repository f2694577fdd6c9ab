import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SCHEDULED_TASKS_ROUTES,
  type CreateScheduledTaskRequestInput,
  type ScheduledTaskResponse,
  type UpdateScheduledTaskRequestInput,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { removeFromLists, replaceInLists } from '../../../lib/paged-cache';
import { SCHEDULED_TASKS_KEY, SCHEDULED_TASKS_LIST_KEY } from './get-scheduled-tasks';

export function createScheduledTask(body: CreateScheduledTaskRequestInput): Promise<ScheduledTaskResponse> {
  return apiRequest(SCHEDULED_TASKS_ROUTES.create, { body });
}

/** Full edit, or `{ activo }` alone for the toggle. */
export function updateScheduledTask(id: string, body: UpdateScheduledTaskRequestInput): Promise<ScheduledTaskResponse> {
  return apiRequest(SCHEDULED_TASKS_ROUTES.update, { params: { id }, body });
}

export function deleteScheduledTask(id: string) {
  return apiRequest(SCHEDULED_TASKS_ROUTES.remove, { params: { id } });
}

/** Tasks embed their schedule (`programaciones_tareas`): their lists change too. */
async function invalidate(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([client.invalidateQueries({ queryKey: SCHEDULED_TASKS_KEY }), client.invalidateQueries({ queryKey: ['tasks'] })]);
}

export function useCreateScheduledTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createScheduledTask,
    // The list is ordered by task title on the server: refetch rather than append at the end.
    onSuccess: () => invalidate(client),
  });
}

export function useUpdateScheduledTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateScheduledTaskRequestInput }) => updateScheduledTask(id, body),
    onSuccess: async (schedule) => {
      replaceInLists(client, SCHEDULED_TASKS_LIST_KEY, schedule);
      await invalidate(client);
    },
  });
}

export function useDeleteScheduledTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduledTask,
    onSuccess: async (_answer, id) => {
      removeFromLists(client, SCHEDULED_TASKS_LIST_KEY, id);
      await invalidate(client);
    },
  });
}
