import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_ROUTES, USERS_ROUTES, type LinkDirectoryRequest, type UserResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { replaceInLists } from '../../../lib/paged-cache';
import { USERS_LIST_KEY } from './get-users';

/** Which company sign-ins the server has on: the link dialog offers only those. */
export const directoryProvidersQueryOptions = () => ({
  queryKey: ['auth', 'providers'] as const,
  queryFn: () => apiRequest(AUTH_ROUTES.providers),
  staleTime: 300_000,
});

export function useDirectoryProviders(enabled: boolean) {
  return useQuery({ ...directoryProvidersQueryOptions(), enabled });
}

export function linkDirectory(id: string, body: LinkDirectoryRequest): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.linkDirectory, { params: { id }, body });
}

export function unlinkDirectory(id: string): Promise<UserResponse> {
  return apiRequest(USERS_ROUTES.unlinkDirectory, { params: { id } });
}

function useUserChange<V>(fn: (v: V) => Promise<UserResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (user) => {
      replaceInLists(client, USERS_LIST_KEY, user);
      client.setQueryData(['users', 'detail', user.uuid], user);
      await client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useLinkDirectory() {
  return useUserChange(({ id, body }: { id: string; body: LinkDirectoryRequest }) => linkDirectory(id, body));
}

export function useUnlinkDirectory() {
  return useUserChange((id: string) => unlinkDirectory(id));
}
