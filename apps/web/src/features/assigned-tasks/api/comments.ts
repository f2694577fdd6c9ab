/** Comments of an assigned task (SPEC sections 2.5 and 7). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ASSIGNED_TASKS_ROUTES, MESSAGES, type CommentListResponse, type CommentResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { toast } from '../../../lib/toast';

export function getComments(assignedTaskId: string): Promise<CommentListResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.listComments, { params: { id: assignedTaskId } });
}

export function commentsQueryOptions(assignedTaskId: string) {
  return queryOptions({
    queryKey: [...ASSIGNED_TASKS_KEY, 'comments', assignedTaskId],
    queryFn: () => getComments(assignedTaskId),
    staleTime: CACHE_TIMES.assignedTasks,
  });
}

export function useComments(assignedTaskId: string | undefined) {
  return useQuery({ ...commentsQueryOptions(assignedTaskId ?? ''), enabled: Boolean(assignedTaskId) });
}

/** After any comment change: the list and the history (which records comments). */
function useInvalidateTask(assignedTaskId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsQueryOptions(assignedTaskId).queryKey }),
      queryClient.invalidateQueries({ queryKey: [...ASSIGNED_TASKS_KEY, 'history', assignedTaskId] }),
    ]);
}

export function useAddComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  return useMutation({
    mutationFn: (texto: string): Promise<CommentResponse> =>
      apiRequest(ASSIGNED_TASKS_ROUTES.addComment, { params: { id: assignedTaskId }, body: { texto } }),
    onSuccess: invalidate,
  });
}

export function useUpdateComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  return useMutation({
    mutationFn: ({ commentId, texto }: { commentId: string; texto: string }): Promise<CommentResponse> =>
      apiRequest(ASSIGNED_TASKS_ROUTES.updateComment, { params: { id: assignedTaskId, commentId }, body: { texto } }),
    onSuccess: invalidate,
  });
}

export function useDeleteComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest(ASSIGNED_TASKS_ROUTES.removeComment, { params: { id: assignedTaskId, commentId } }),
    // Here, not in the caller: the deleted comment's card unmounts when the list refreshes, and a
    // callback given to mutate() by an unmounted component never runs.
    onSuccess: () => {
      toast.success(MESSAGES.success.commentDeleted);
      return invalidate();
    },
  });
}
