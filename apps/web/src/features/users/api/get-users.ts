import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { USERS_ROUTES, type UserListResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { CACHE_TIMES } from '../../../lib/ui-settings';

export interface UsersListParams {
  page: number;
  limit: number;
  /** The screen's one name box: sent as both `nombre` and `apellido` (SPEC section 7). */
  name: string;
  username: string;
}

export const USERS_LIST_KEY = ['users', 'list'] as const;

export function getUsers({ page, limit, name, username }: UsersListParams): Promise<UserListResponse> {
  return apiRequest(USERS_ROUTES.list, { query: { page, limit, nombre: name, apellido: name, username } });
}

export function usersQueryOptions(params: UsersListParams) {
  return queryOptions({
    queryKey: [...USERS_LIST_KEY, params],
    queryFn: () => getUsers(params),
    staleTime: CACHE_TIMES.users,
  });
}

export function useUsers(params: UsersListParams) {
  // The previous page stays on screen while the next loads, so paging does not flash skeletons.
  return useQuery({ ...usersQueryOptions(params), placeholderData: keepPreviousData });
}
