import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { AREAS_ROUTES, type AreaResponse, type CreateAreaRequest, type UpdateAreaRequest } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendToList, removeFromLists, replaceInLists } from '../../../lib/paged-cache';
import { AREAS_LIST_KEY } from './get-areas';

export function createArea(body: CreateAreaRequest): Promise<AreaResponse> {
  return apiRequest(AREAS_ROUTES.create, { body });
}

export function updateArea(id: string, body: UpdateAreaRequest): Promise<AreaResponse> {
  return apiRequest(AREAS_ROUTES.update, { params: { id }, body });
}

export function deleteArea(id: string) {
  return apiRequest(AREAS_ROUTES.remove, { params: { id } });
}

// Every cached area set (lists, pickers, areas with users) may change: invalidate them all.
const AREAS_KEY = ['areas'] as const;

export function useCreateArea(listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createArea,
    onSuccess: async (area) => {
      appendToList(client, listKey, area);
      await client.invalidateQueries({ queryKey: AREAS_KEY });
    },
  });
}

export function useUpdateArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAreaRequest }) => updateArea(id, body),
    onSuccess: async (area) => {
      replaceInLists(client, AREAS_LIST_KEY, area);
      await client.invalidateQueries({ queryKey: AREAS_KEY });
    },
  });
}

export function useDeleteArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteArea,
    onSuccess: async (_answer, id) => {
      removeFromLists(client, AREAS_LIST_KEY, id);
      await client.invalidateQueries({ queryKey: AREAS_KEY });
    },
  });
}
