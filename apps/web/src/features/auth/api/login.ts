import { useMutation } from '@tanstack/react-query';
import { AUTH_ROUTES, type LoginRequest, type LoginResponse } from '@gestar/contracts';
import { apiRequest } from '../../../lib/api-client';
import { startSession, type Session } from '../../../lib/session';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest(AUTH_ROUTES.login, { body: credentials });
}

/** Logs in and stores the session (auth, token, encrypted refresh token). */
export function useLogin() {
  return useMutation<Session, Error, LoginRequest>({
    mutationFn: async (credentials) => startSession(await login(credentials)),
  });
}
