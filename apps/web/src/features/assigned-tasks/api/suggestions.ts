/** Suggestions of a task definition (SPEC section 3; PATCH/DELETE /api/tasks/:id/suggestion). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TASKS_ROUTES, type SuggestionResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
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

export function useSaveSuggestion(taskId: string) {
  const invalidate = useInvalidateSuggestions(taskId);
  return useMutation({
    mutationFn: ({ descripcion, suggestionId }: { descripcion: string; suggestionId?: string }): Promise<SuggestionResponse> =>
      apiRequest(TASKS_ROUTES.upsertSuggestion, {
        params: { id: taskId },
        body: suggestionId ? { descripcion, suggestion_uuid: suggestionId } : { descripcion },
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteSuggestion(taskId: string) {
  const invalidate = useInvalidateSuggestions(taskId);
  return useMutation({
    mutationFn: (suggestionId: string) => apiRequest(TASKS_ROUTES.removeSuggestion, { params: { id: taskId, suggestionId } }),
    onSuccess: invalidate,
  });
}
