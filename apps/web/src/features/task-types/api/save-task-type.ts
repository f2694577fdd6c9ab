import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  TASK_TYPES_ROUTES,
  type CreateTaskTypeRequest,
  type TaskTypeResponse,
  type UpdateTaskTypeRequest,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { appendToList, removeFromLists, replaceInLists } from '../../../lib/paged-cache';
import { TASK_TYPES_LIST_KEY } from './get-task-types';

export function createTaskType(body: CreateTaskTypeRequest): Promise<TaskTypeResponse> {
  return apiRequest(TASK_TYPES_ROUTES.create, { body });
}

export function updateTaskType(id: string, body: UpdateTaskTypeRequest): Promise<TaskTypeResponse> {
  return apiRequest(TASK_TYPES_ROUTES.update, { params: { id }, body });
}

export function deleteTaskType(id: string) {
  return apiRequest(TASK_TYPES_ROUTES.remove, { params: { id } });
}

const TASK_TYPES_KEY = ['task-types'] as const;

export function useCreateTaskType(listKey: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTaskType,
    onSuccess: async (type) => {
      appendToList(client, listKey, type);
      await client.invalidateQueries({ queryKey: TASK_TYPES_KEY });
    },
  });
}

export function useUpdateTaskType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskTypeRequest }) => updateTaskType(id, body),
    onSuccess: async (type) => {
      replaceInLists(client, TASK_TYPES_LIST_KEY, type);
      // Tasks embed their type's name.
      await Promise.all([
        client.invalidateQueries({ queryKey: TASK_TYPES_KEY }),
        client.invalidateQueries({ queryKey: ['tasks'] }),
      ]);
    },
  });
}

export function useDeleteTaskType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskType,
    onSuccess: async (_answer, id) => {
      removeFromLists(client, TASK_TYPES_LIST_KEY, id);
      await client.invalidateQueries({ queryKey: TASK_TYPES_KEY });
    },
  });
}
