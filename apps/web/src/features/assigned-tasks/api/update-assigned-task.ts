/**
 * Changes of one assigned task: one request each. The answer is the updated
 * card; it replaces the card in every cached board in place (a status change
 * is applied before the answer and rolled back if refused). The tab's own
 * live event is expected, so it does not refetch the board again.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_TASKS_ROUTES,
  type AssignedTaskBoardResponse,
  type AssignedTaskResponse,
  type StatusResponse,
  type UpdateAssignedTaskRequestInput,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { expectOwnChange } from '../../../lib/live-events';
import { enqueue, flushOutbox, hasPending, isOffline } from '../../../lib/outbox';
import { ASSIGNED_TASKS_KEY } from './get-board';

const BOARDS_KEY = [...ASSIGNED_TASKS_KEY, 'board'] as const;

export function detailQueryKey(id: string) {
  return [...ASSIGNED_TASKS_KEY, 'detail', id] as const;
}

export function updateAssignedTask(id: string, body: UpdateAssignedTaskRequestInput): Promise<AssignedTaskResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.update, { params: { id }, body });
}

export function changeAssignedTaskStatus(id: string, estadoUuid: string): Promise<AssignedTaskResponse> {
  return updateAssignedTask(id, { estado_uuid: estadoUuid });
}

type Boards = [readonly unknown[], AssignedTaskBoardResponse | undefined][];

/** Applies `change` to the task `id` in every cached board (null removes it); answers the previous boards. */
export function patchBoards(
  queryClient: QueryClient,
  id: string,
  change: (task: AssignedTaskResponse) => AssignedTaskResponse | null,
): Boards {
  const previous = queryClient.getQueriesData<AssignedTaskBoardResponse>({ queryKey: BOARDS_KEY });
  for (const [key, board] of previous) {
    if (!board?.some((t) => t.uuid === id)) continue;
    const next: AssignedTaskBoardResponse = [];
    for (const task of board) {
      if (task.uuid !== id) next.push(task);
      else {
        const changed = change(task);
        if (changed) next.push(changed);
      }
    }
    queryClient.setQueryData(key, next);
  }
  return previous;
}

function restoreBoards(queryClient: QueryClient, boards: Boards): void {
  for (const [key, board] of boards) queryClient.setQueryData(key, board);
}

/** The answer in place of the cached card (an archived card leaves the boards); the drawer's copy too. */
export function applyAnswer(queryClient: QueryClient, card: AssignedTaskResponse): void {
  const { historial: _history, ...plain } = card;
  patchBoards(queryClient, card.uuid, () => (plain.archivada ? null : plain));
  queryClient.setQueryData(detailQueryKey(card.uuid), plain);
  void queryClient.invalidateQueries({ queryKey: [...ASSIGNED_TASKS_KEY, 'history', card.uuid] });
  void queryClient.invalidateQueries({ queryKey: ['reports'] });
}

export interface StatusChange {
  task: AssignedTaskResponse;
  status: StatusResponse;
}

/** The answers that are not the server's but a change kept to send later. */
const queued = new WeakSet<object>();
export function wasQueued(card: AssignedTaskResponse): boolean {
  return queued.has(card);
}
export const SAVED_OFFLINE = 'Cambio guardado sin conexión: se enviará cuando vuelva la red';

/**
 * Keeps a status change to send when the network returns, with the status the person saw and the
 * moment; answers the card as it will be.
 */
async function changeLater(queryClient: QueryClient, { task, status }: StatusChange): Promise<AssignedTaskResponse> {
  await enqueue({
    kind: 'estado',
    params: { id: task.uuid },
    body: { estado_uuid: status.uuid, estado_anterior_uuid: task.estado_uuid, sin_conexion_en: new Date().toISOString() },
    task: task.uuid,
    label: `«${task.tarea.titulo}»: ${task.estado.nombre} → ${status.nombre}`,
  });
  if (navigator.onLine) void flushOutbox(queryClient);
  const estado = { uuid: status.uuid, nombre: status.nombre, color: status.color, order: status.order };
  const card = { ...task, estado_uuid: status.uuid, estado };
  queued.add(card);
  return card;
}

export function useChangeAssignedTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    // Without a network the change is kept and sent later (lib/outbox.ts), so it must run offline.
    networkMode: 'always',
    mutationFn: async (change: StatusChange) => {
      if (!navigator.onLine || hasPending(change.task.uuid)) return changeLater(queryClient, change);
      try {
        return await changeAssignedTaskStatus(change.task.uuid, change.status.uuid);
      } catch (error) {
        if (isOffline(error)) return changeLater(queryClient, change);
        throw error;
      }
    },
    onMutate: async ({ task, status }: StatusChange) => {
      const forget = expectOwnChange(task.uuid);
      await queryClient.cancelQueries({ queryKey: BOARDS_KEY });
      const estado = { uuid: status.uuid, nombre: status.nombre, color: status.color, order: status.order };
      const boards = patchBoards(queryClient, task.uuid, (t) => ({ ...t, estado_uuid: status.uuid, estado }));
      return { boards, forget };
    },
    // A board read still in flight may have started before the change was committed: it must not overwrite the answer.
    onSuccess: async (card) => {
      await queryClient.cancelQueries({ queryKey: BOARDS_KEY });
      applyAnswer(queryClient, card);
    },
    onError: (_error, _vars, context) => {
      context?.forget();
      if (context) restoreBoards(queryClient, context.boards);
    },
  });
}

/** Any other change (archive, due date, assignee): applied when answered. */
export function useUpdateAssignedTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAssignedTaskRequestInput }) => updateAssignedTask(id, body),
    // A new assignee is announced to the old and the new one: two echoes.
    onMutate: ({ id, body }) => ({ forget: expectOwnChange(id, body.empleado_uuid ? 2 : 1) }),
    onSuccess: async (card, { body }) => {
      await queryClient.cancelQueries({ queryKey: BOARDS_KEY });
      applyAnswer(queryClient, card);
      // Another assignee or due date changes which boards hold the card and its place in them.
      if (body.empleado_uuid || body.fecha_vencimiento) void queryClient.invalidateQueries({ queryKey: BOARDS_KEY });
    },
    onError: (_error, _vars, context) => context?.forget(),
  });
}
