/** The caller's inbox (newest first, paged) and unread count, and marking them read. */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_ROUTES, type NotificationListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

const INBOX_PAGE_SIZE = 10;
export const NOTIFICATIONS_KEY = ['notifications'] as const;

function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread-count'],
    queryFn: () => apiRequest(NOTIFICATIONS_ROUTES.unreadCount),
  });
}

function inboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'inbox'],
    queryFn: ({ pageParam }) => apiRequest(NOTIFICATIONS_ROUTES.inbox, { query: { page: pageParam, limit: INBOX_PAGE_SIZE } }),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationListResponse) =>
      last.meta.currentPage < last.meta.totalPages ? last.meta.currentPage + 1 : undefined,
  });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}

export function useInbox(enabled: boolean) {
  return useInfiniteQuery({ ...inboxQueryOptions(), enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(NOTIFICATIONS_ROUTES.markRead, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(NOTIFICATIONS_ROUTES.markAllRead),
    onSuccess: () => client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

