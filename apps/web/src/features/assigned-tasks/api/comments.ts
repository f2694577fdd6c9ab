/** Comments of an assigned task (SPEC sections 2.5 and 7). */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type CommentResponse } from '@gestar/contracts';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { commentsQueryOptions } from './comments-query';
import { toast } from '../../../lib/toast';
import { sendOrKeep } from '../../../lib/outbox';

/** The comments loaded so far (20 at first), and `fetchNextPage` for 'Ver comentarios anteriores'. */
export function useComments(assignedTaskId: string | undefined) {
  return useInfiniteQuery({ ...commentsQueryOptions(assignedTaskId ?? ''), enabled: Boolean(assignedTaskId) });
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

const short = (texto: string) => `«${texto.length > 60 ? `${texto.slice(0, 60)}…` : texto}»`;

/**
 * Adds a comment; without a network (or while older changes of the task still wait) it is kept
 * to send later and answers `{ queued: true }`.
 */
export function useAddComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (texto: string): Promise<{ queued: boolean }> =>
      sendOrKeep(queryClient, {
        kind: 'comentario',
        params: { id: assignedTaskId },
        body: { texto },
        task: assignedTaskId,
        label: `Comentario ${short(texto)}`,
      }),
    onSuccess: ({ queued }) => (queued ? undefined : invalidate()),
  });
}

/** Edits a comment (kept to send later without a network, like a new one). */
export function useUpdateComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ commentId, texto }: { commentId: string; texto: string }): Promise<{ queued: boolean }> =>
      sendOrKeep<CommentResponse>(queryClient, {
        kind: 'comentario_editado',
        params: { id: assignedTaskId, commentId },
        body: { texto },
        task: assignedTaskId,
        label: `Comentario editado ${short(texto)}`,
      }),
    onSuccess: ({ queued }) => (queued ? undefined : invalidate()),
  });
}

export function useDeleteComment(assignedTaskId: string) {
  const invalidate = useInvalidateTask(assignedTaskId);
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ commentId, texto }: { commentId: string; texto: string }): Promise<{ queued: boolean }> =>
      sendOrKeep(queryClient, {
        kind: 'comentario_borrado',
        params: { id: assignedTaskId, commentId },
        body: undefined,
        task: assignedTaskId,
        label: `Comentario eliminado ${short(texto)}`,
      }),
    // Here, not in the caller: the deleted comment's card unmounts when the list refreshes, and a
    // callback given to mutate() by an unmounted component never runs.
    onSuccess: ({ queued }) => {
      if (queued) {
        toast.alert(SENT_LATER, 'Eliminación guardada sin conexión');
        return undefined;
      }
      toast.success(MESSAGES.success.commentDeleted);
      return invalidate();
    },
  });
}

export const SENT_LATER = 'Se enviará cuando vuelva la conexión.';
