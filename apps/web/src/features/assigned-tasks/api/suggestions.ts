/** Suggestions of a task definition (SPEC section 3; PATCH/DELETE /api/tasks/:id/suggestion). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASKS_ROUTES, type SuggestionResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sendOrKeep } from '../../../lib/outbox';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function taskSuggestionsQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: [...ASSIGNED_TASKS_KEY, 'suggestions', taskId],
    queryFn: async (): Promise<SuggestionResponse[]> => (await apiRequest(TASKS_ROUTES.get, { params: { id: taskId } })).sugerencias,
    staleTime: CACHE_TIMES.tasks,
  });
}

export function useTaskSuggestions(taskId: string) {
  return useQuery(taskSuggestionsQueryOptions(taskId));
}

function useInvalidateSuggestions(taskId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskSuggestionsQueryOptions(taskId).queryKey }),
      // The reports screen lists suggestions too.
      queryClient.invalidateQueries({ queryKey: ['reports'] }),
    ]);
}

const short = (text: string) => `«${text.length > 60 ? `${text.slice(0, 60)}…` : text}»`;

/**
 * Adds or edits a suggestion; without a network it is kept to send later (`assignedTaskId`, the
 * occurrence whose drawer it was written in, orders it after that task's other waiting changes).
 */
export function useSaveSuggestion(taskId: string, assignedTaskId: string) {
  const invalidate = useInvalidateSuggestions(taskId);
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ descripcion, suggestionId }: { descripcion: string; suggestionId?: string }): Promise<{ queued: boolean }> =>
      sendOrKeep<SuggestionResponse>(queryClient, {
        kind: 'sugerencia',
        params: { id: taskId },
        body: suggestionId ? { descripcion, suggestion_uuid: suggestionId } : { descripcion },
        task: assignedTaskId,
        label: `Sugerencia ${short(descripcion)}`,
      }),
    onSuccess: ({ queued }) => (queued ? undefined : invalidate()),
  });
}

export function useDeleteSuggestion(taskId: string, assignedTaskId: string) {
  const invalidate = useInvalidateSuggestions(taskId);
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ suggestionId, descripcion }: { suggestionId: string; descripcion: string }): Promise<{ queued: boolean }> =>
      sendOrKeep(queryClient, {
        kind: 'sugerencia_borrada',
        params: { id: taskId, suggestionId },
        body: undefined,
        task: assignedTaskId,
        label: `Sugerencia eliminada ${short(descripcion)}`,
      }),
    onSuccess: ({ queued }) => (queued ? undefined : invalidate()),
  });
}
