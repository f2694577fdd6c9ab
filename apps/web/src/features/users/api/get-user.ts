import { queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_ROUTES, type UserResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export function getUser(id: string): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.get, { params: { id } });
}

/** Under the users key, so the users screen's changes refresh it. */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => getUser(id),
    staleTime: CACHE_TIMES.users,
  });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
