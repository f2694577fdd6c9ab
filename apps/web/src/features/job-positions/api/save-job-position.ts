import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  JOB_POSITIONS_ROUTES,
  type CreateJobPositionRequest,
  type JobPositionResponse,
  type UpdateJobPositionRequest,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendToList, removeFromLists, replaceInLists } from '../../../lib/paged-cache';
import { JOB_POSITIONS_LIST_KEY } from './get-job-positions';

export function createJobPosition(body: CreateJobPositionRequest): Promise<JobPositionResponse> {
  return apiRequest(JOB_POSITIONS_ROUTES.create, { body });
}

export function updateJobPosition(id: string, body: UpdateJobPositionRequest): Promise<JobPositionResponse> {
  return apiRequest(JOB_POSITIONS_ROUTES.update, { params: { id }, body });
}

export function deleteJobPosition(id: string) {
  return apiRequest(JOB_POSITIONS_ROUTES.remove, { params: { id } });
}

// Lists, the user form's picker and users showing their position: all under these keys.
const invalidateAll = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['job-descriptions'] }),
    client.invalidateQueries({ queryKey: ['users'] }),
  ]);

export function useCreateJobPosition(listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createJobPosition,
    onSuccess: async (position) => {
      appendToList(client, listKey, position);
      await client.invalidateQueries({ queryKey: ['job-descriptions'] });
    },
  });
}

export function useUpdateJobPosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateJobPositionRequest }) => updateJobPosition(id, body),
    onSuccess: async (position) => {
      replaceInLists(client, JOB_POSITIONS_LIST_KEY, position);
      await invalidateAll(client);
    },
  });
}

export function useDeleteJobPosition() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteJobPosition,
    onSuccess: async (_answer, id) => {
      removeFromLists(client, JOB_POSITIONS_LIST_KEY, id);
      await invalidateAll(client);
    },
  });
}
