import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_ROUTES } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest(AUTH_ROUTES.sessions) });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(AUTH_ROUTES.endSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(AUTH_ROUTES.endOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
