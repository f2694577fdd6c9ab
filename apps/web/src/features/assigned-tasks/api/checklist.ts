/**
 * An occurrence's checklist (with its photos) and the tick of one step. The list is read from the
 * detail route under its own key, so the card the board keeps in the drawer's cache stays plain.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_TASKS_ROUTES,
  type ChecklistItemResponse,
  type TickChecklistItemRequest,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { sendOrKeep } from '../../../lib/outbox';
import { CACHE_TIMES } from '../../../lib/ui-settings';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { patchBoards } from './update-assigned-task';

export function checklistQueryKey(id: string) {
  return [...ASSIGNED_TASKS_KEY, 'checklist', id] as const;
}

export function useChecklist(id: string, enabled = true) {
  return useQuery({
    queryKey: checklistQueryKey(id),
    queryFn: async () => (await apiRequest(ASSIGNED_TASKS_ROUTES.detail, { params: { id } })).checklist ?? [],
    staleTime: CACHE_TIMES.assignedTasks,
    enabled,
  });
}

/** The card's "3 de 5" on every board, counted from the list as the drawer shows it. */
function recount(queryClient: QueryClient, id: string, list: ChecklistItemResponse[] | undefined): void {
  if (!list) return;
  const progress = { hechos: list.filter((i) => i.hecho).length, total: list.length };
  patchBoards(queryClient, id, (task) => ({ ...task, checklist_progreso: progress }));
}

/**
 * Ticks at once (the box follows the finger), then replaces the step with the answer and recounts
 * the card's progress on every board; a refusal puts the step back as it was. Without a network
 * the tick is kept to send later (lib/outbox.ts) and stays ticked, marked as pending.
 */
export function useTickChecklistItem(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ itemId, texto, body }: { itemId: string; texto: string; body: TickChecklistItemRequest }) =>
      sendOrKeep<ChecklistItemResponse>(queryClient, {
        kind: 'paso',
        params: { id, itemId },
        body,
        task: id,
        label: `«${texto}»: ${body.hecho ? 'marcado como hecho' : 'desmarcado'}`,
      }),
    onMutate: async ({ itemId, body }) => {
      await queryClient.cancelQueries({ queryKey: checklistQueryKey(id) });
      const previous = queryClient.getQueryData<ChecklistItemResponse[]>(checklistQueryKey(id));
      queryClient.setQueryData<ChecklistItemResponse[]>(checklistQueryKey(id), (old) =>
        old?.map((i) => (i.uuid === itemId ? { ...i, hecho: body.hecho, ...(body.nota !== undefined ? { nota: body.nota } : {}) } : i)),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(checklistQueryKey(id), context.previous);
    },
    onSuccess: (result) => {
      if (result.queued) {
        recount(queryClient, id, queryClient.getQueryData<ChecklistItemResponse[]>(checklistQueryKey(id)));
        return;
      }
      const item = result.answer;
      recount(
        queryClient,
        id,
        queryClient.setQueryData<ChecklistItemResponse[]>(checklistQueryKey(id), (old) =>
          old?.map((i) => (i.uuid === item.uuid ? item : i)),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: [...ASSIGNED_TASKS_KEY, 'history', id] });
    },
  });
}
