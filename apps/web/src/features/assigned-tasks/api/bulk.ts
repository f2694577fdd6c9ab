/** One action for the selected cards (`POST /api/assigned-tasks/bulk`); the boards are read again once after it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_TASKS_ROUTES,
  type BulkAssignedTasksRequestInput,
  type BulkAssignedTasksResponse,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { expectOwnChange } from '../../../lib/live-events';
import { ASSIGNED_TASKS_KEY } from './get-board';

export function useBulkAssignedTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAssignedTasksRequestInput): Promise<BulkAssignedTasksResponse> =>
      apiRequest(ASSIGNED_TASKS_ROUTES.bulk, { body }),
    // Each applied change comes back as a live event: this refetch is the only one.
    onMutate: (body) => ({ forget: body.ids.map((id) => expectOwnChange(id, body.accion === 'reasignar' ? 2 : 1)) }),
    onSuccess: (result, _body, context) => {
      const refused = new Set(result.rechazadas.map((r) => r.id));
      context?.forget.forEach((forget, i) => refused.has(_body.ids[i]!) && forget());
      void queryClient.invalidateQueries({ queryKey: ASSIGNED_TASKS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
    onError: (_error, _body, context) => context?.forget.forEach((forget) => forget()),
  });
}
