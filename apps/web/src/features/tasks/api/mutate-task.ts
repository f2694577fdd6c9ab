/** Create, edit and delete a task; every change refreshes the task lists and the boards it feeds. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TASKS_ROUTES,
  type CreateTaskRequestInput,
  type TaskResponse,
  type UpdateTaskRequestInput,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { TASKS_KEY } from './get-tasks';

export function createTask(body: CreateTaskRequestInput): Promise<TaskResponse> {
  return apiRequest(TASKS_ROUTES.create, { body });
}

export function updateTask(id: string, body: UpdateTaskRequestInput): Promise<TaskResponse> {
  return apiRequest(TASKS_ROUTES.update, { params: { id }, body });
}

export function deleteTask(id: string) {
  return apiRequest(TASKS_ROUTES.remove, { params: { id } });
}

function useInvalidateTasks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['assigned-tasks'] }),
      queryClient.invalidateQueries({ queryKey: ['scheduled-tasks'] }),
    ]);
}

export function useCreateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({ mutationFn: createTask, onSuccess: invalidate });
}

export function useUpdateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskRequestInput }) => updateTask(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({ mutationFn: deleteTask, onSuccess: invalidate });
}
