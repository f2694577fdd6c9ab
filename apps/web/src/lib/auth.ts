/** Logout (SPEC section 4): revoke the refresh token, forget the session and every cached answer. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_ROUTES } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { endSession } from './session';

/**
 * Ends the session here; answers where the browser must go to end the company provider's session
 * too (after a sign-in with OpenID whose provider offers it), or null.
 */
export async function logout(): Promise<string | null> {
  let endAtProvider: string | null = null;
  try {
    // The refresh cookie goes with the call; the server ends the session and clears it.
    const answer = await apiRequest(AUTH_ROUTES.logout, { body: {}, skipRefresh: true });
    endAtProvider = answer.cerrar_proveedor ?? null;
  } catch (error) {
    // The session ends locally anyway; an unreachable server must not keep the user logged in.
    console.error('No se pudo cerrar la sesión en el servidor', error);
  }
  endSession();
  queryClient.clear();
  return endAtProvider;
}

/**
 * Logs out and goes to /login; after a company sign-in, through the provider's logout first (on a
 * shared device the next person must not find the provider's session open), which comes back to /login.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const endAtProvider = await logout();
    if (endAtProvider) {
      window.location.assign(endAtProvider);
      return;
    }
    await navigate('/login', { replace: true });
  }, [navigate]);
}
