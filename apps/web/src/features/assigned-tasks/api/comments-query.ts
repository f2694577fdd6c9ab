/** The comments' first page as a query: apart from comments.ts, so the first load can ask for it. */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { ASSIGNED_TASKS_ROUTES, type CommentListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ASSIGNED_TASKS_KEY } from './get-board';
import { CACHE_TIMES } from '../../../lib/ui-settings';

/** One page of comments, newest first; `antes` is the oldest comment already shown. */
export function getComments(assignedTaskId: string, antes?: string): Promise<CommentListResponse> {
  return apiRequest(ASSIGNED_TASKS_ROUTES.listComments, { params: { id: assignedTaskId }, query: antes ? { antes } : {} });
}

export function commentsQueryOptions(assignedTaskId: string) {
  return infiniteQueryOptions({
    queryKey: [...ASSIGNED_TASKS_KEY, 'comments', assignedTaskId],
    queryFn: ({ pageParam }) => getComments(assignedTaskId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hay_mas ? last.data.at(-1)?.uuid : undefined),
    staleTime: CACHE_TIMES.assignedTasks,
  });
}
