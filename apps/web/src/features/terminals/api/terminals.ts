/**
 * Shared terminals (issue 34): registering this device, the administration list and revocation,
 * what the terminal itself reads with its credential (itself, its people, the wall board), the
 * PIN sign-in and the person's session there.
 */
import {
  keepPreviousData,
  QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  AREAS_ROUTES,
  TERMINALS_ROUTES,
  type RegisterTerminalRequest,
  type TerminalSignInRequest,
} from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';

export const TERMINALS_KEY = ['terminals'] as const;
/** What the terminal reads with its own credential (kept apart from any person's data). */
export const TERMINAL_DEVICE_KEY = ['terminal-device'] as const;
/**
 * The terminal's own reads (itself, its people, the wall board) live in a cache of their own: the
 * app's cache holds the signed-in person's data and is emptied whenever a person's session ends.
 */
export const deviceQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** A revoked terminal goes back to its message within 5 s (issue 34): the terminal asks this often. */
export const TERMINAL_CHECK_MS = 2000;

export function terminalsQueryOptions(page: number, revocadas: boolean) {
  return queryOptions({
    queryKey: [...TERMINALS_KEY, 'list', page, revocadas],
    queryFn: () => apiRequest(TERMINALS_ROUTES.list, { query: { page, limit: 20, revocadas } }),
    placeholderData: keepPreviousData,
  });
}

export function useTerminals(page: number, revocadas: boolean) {
  return useQuery(terminalsQueryOptions(page, revocadas));
}

export function useRegisterTerminal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterTerminalRequest) => apiRequest(TERMINALS_ROUTES.register, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: TERMINALS_KEY }),
  });
}

export function useRevokeTerminal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(TERMINALS_ROUTES.revoke, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TERMINALS_KEY }),
  });
}

export function useUpdateTerminal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, minutos_inactividad }: { id: string; minutos_inactividad: number }) =>
      apiRequest(TERMINALS_ROUTES.update, { params: { id }, body: { minutos_inactividad } }),
    onSuccess: () => client.invalidateQueries({ queryKey: TERMINALS_KEY }),
  });
}

/** The areas a terminal can be registered for: the caller's (supervisor) or all (administrator). */
export function useRegistrableAreas() {
  return useQuery({
    queryKey: ['areas', 'for-terminal'],
    queryFn: () => apiRequest(AREAS_ROUTES.list, { query: { page: 1, limit: 100 } }),
    staleTime: 5 * 60_000,
  });
}

/** The terminal asks about itself: a refusal means it was revoked. */
export function currentTerminalQueryOptions() {
  return queryOptions({
    queryKey: [...TERMINAL_DEVICE_KEY, 'current'],
    queryFn: () => apiRequest(TERMINALS_ROUTES.current),
    refetchInterval: TERMINAL_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
  });
}

export function terminalPeopleQueryOptions() {
  return queryOptions({
    queryKey: [...TERMINAL_DEVICE_KEY, 'people'],
    queryFn: () => apiRequest(TERMINALS_ROUTES.people, { query: { page: 1, limit: 100 } }),
    staleTime: 30_000,
    retry: false,
  });
}

export function wallBoardQueryOptions() {
  return queryOptions({
    queryKey: [...TERMINAL_DEVICE_KEY, 'wall'],
    queryFn: () => apiRequest(TERMINALS_ROUTES.wall),
    // The live stream marks it stale; this is only the fallback when the stream is down.
    refetchInterval: 60_000,
    retry: false,
  });
}

export function signInAtTerminal(body: TerminalSignInRequest) {
  return apiRequest(TERMINALS_ROUTES.signIn, { body });
}

/** Ends the person's session at the terminal on the server; without a network it ends there by idleness. */
export function endTerminalSessionOnServer(): Promise<unknown> {
  return apiRequest(TERMINALS_ROUTES.endSession, { skipRefresh: true });
}

/** Keeps the person's session alive on the server while they use the screen. */
export function touchTerminalSession(): Promise<unknown> {
  return apiRequest(TERMINALS_ROUTES.session, { skipRefresh: true });
}
