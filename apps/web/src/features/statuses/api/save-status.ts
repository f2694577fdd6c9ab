import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  STATUSES_ROUTES,
  type CreateStatusRequest,
  type StatusListResponse,
  type StatusResponse,
  type UpdateStatusRequest,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendToList, removeFromLists, replaceInLists } from '../../../lib/paged-cache';
import { STATUSES_LIST_KEY } from './get-statuses';

export function createStatus(body: CreateStatusRequest): Promise<StatusResponse> {
  return apiRequest(STATUSES_ROUTES.create, { body });
}

export function updateStatus(id: string, body: UpdateStatusRequest): Promise<StatusResponse> {
  return apiRequest(STATUSES_ROUTES.update, { params: { id }, body });
}

export function deleteStatus(id: string) {
  return apiRequest(STATUSES_ROUTES.remove, { params: { id } });
}

/** Keeps the cached list in `order`, as the server answers it. */
function sortByOrder(client: ReturnType<typeof useQueryClient>) {
  client.setQueryData<StatusListResponse>(STATUSES_LIST_KEY, (list) =>
    list ? { ...list, data: [...list.data].sort((a, b) => a.order - b.order) } : list,
  );
}

// The board and the task screens read statuses too: every ['statuses', ...] query goes stale.
const STATUSES_KEY = ['statuses'] as const;

export function useCreateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStatus,
    onSuccess: async (status) => {
      appendToList(client, STATUSES_LIST_KEY, status);
      sortByOrder(client);
      await client.invalidateQueries({ queryKey: STATUSES_KEY });
    },
  });
}

export function useUpdateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateStatusRequest }) => updateStatus(id, body),
    onSuccess: async (status) => {
      replaceInLists(client, STATUSES_KEY, status);
      sortByOrder(client);
      await client.invalidateQueries({ queryKey: STATUSES_KEY });
    },
  });
}

export function useDeleteStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStatus,
    onSuccess: async (_answer, id) => {
      removeFromLists(client, STATUSES_KEY, id);
      await client.invalidateQueries({ queryKey: STATUSES_KEY });
    },
  });
}
