/** Logout (SPEC section 4): revoke the refresh token, forget the session and every cached answer. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_ROUTES } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { endSession } from './session';

export async function logout(): Promise<void> {
  try {
    // The refresh cookie goes with the call; the server ends the session and clears it.
    await apiRequest(AUTH_ROUTES.logout, { body: {}, skipRefresh: true });
  } catch (error) {
    // The session ends locally anyway; an unreachable server must not keep the user logged in.
    console.error('No se pudo cerrar la sesión en el servidor', error);
  }
  endSession();
  queryClient.clear();
}

/** Logs out and goes to /login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
