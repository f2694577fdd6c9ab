import { useMutation, useQuery } from '@tanstack/react-query';
import { AUTH_ROUTES, USERS_ROUTES, type LoginRequest, type LoginResponse } from '@gestar/contracts';
import { apiRequest, refreshSession } from '../../../lib/api-client';
import { decodeToken, startSession, type Session } from '../../../lib/session';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest(AUTH_ROUTES.login, { body: credentials });
}

/** Logs in and stores the session (auth and token; the refresh token stays in its cookie). */
export function useLogin() {
  return useMutation<Session, Error, LoginRequest>({
    mutationFn: async (credentials) => startSession(await login(credentials)),
  });
}

/** Which company sign-ins the login screen offers (public). */
export function useProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: () => apiRequest(AUTH_ROUTES.providers), staleTime: 300_000 });
}

/**
 * After the company's OpenID provider: the API left the session in the refresh cookie. Trade it
 * for an access token, read the person it names, and start the session as a login would.
 */
export async function finishCompanySignIn(): Promise<Session> {
  const token = await refreshSession();
  const sub = decodeToken(token)?.sub;
  if (!sub) throw new Error('token sin usuario');
  const user = await apiRequest(USERS_ROUTES.get, { params: { id: sub } });
  return startSession({
    token,
    user: {
      uuid: user.uuid,
      nombre: user.nombre,
      apellido: user.apellido,
      username: user.username,
      descripcion_puesto: user.descripcion_puesto,
    },
  });
}
