/**
 * Who the selector offers: every active user the caller may see (the API
 * confines a supervisor to its areas, the same scope the send has).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, USERS_ROUTES, type UserResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export async function getRecipients(): Promise<UserResponse[]> {
  const all: UserResponse[] = [];
  for (let page = 1; ; page++) {
    const answer = await apiRequest(USERS_ROUTES.list, { query: { activo: true, page, limit: MAX_PAGE_SIZE } });
    all.push(...answer.data);
    if (page >= answer.meta.totalPages) return all;
  }
}

// Under 'users' so the users screen's changes refresh the selector.
export function recipientsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'notification-recipients'],
    queryFn: getRecipients,
    staleTime: CACHE_TIMES.users,
  });
}

export function useRecipients() {
  return useQuery(recipientsQueryOptions());
}
