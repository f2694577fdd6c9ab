/** Logout (SPEC section 4): revoke the refresh token, forget the session and every cached answer. */
import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_ROUTES } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { pendingOf } from './outbox';
import { queryClient } from './query-client';
import { endSession, getSession } from './session';
import { rememberSessionEnd } from './session-end';
import { sharedIdleMinutes, wipeDevice } from './shared-device';

/**
 * Ends the session here; answers where the browser must go to end the company provider's session
 * too (after a sign-in with OpenID whose provider offers it), or null. After a sign-in with
 * «Dispositivo compartido» nothing of the person stays on the device (lib/shared-device.ts).
 */
export async function logout(): Promise<string | null> {
  const shared = sharedIdleMinutes() !== null;
  let endAtProvider: string | null = null;
  try {
    // The refresh cookie goes with the call; the server ends the session and clears it.
    const answer = await apiRequest(AUTH_ROUTES.logout, { body: {}, skipRefresh: true });
    endAtProvider = answer.cerrar_proveedor ?? null;
  } catch (error) {
    // The session ends locally anyway; an unreachable server must not keep the user logged in.
    console.error('No se pudo cerrar la sesión en el servidor', error);
  }
  // Before the page leaves for the provider: the wipe must finish on this page.
  if (shared) await wipeDevice();
  endSession();
  queryClient.clear();
  return endAtProvider;
}

/** Logs out and goes to /login, or through the provider's logout first, which comes back to /login. */
function useSignOut(): (reason?: 'inactividad') => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    async (reason) => {
      const endAtProvider = await logout();
      if (reason) rememberSessionEnd(reason);
      if (endAtProvider) {
        window.location.assign(endAtProvider);
        return;
      }
      await navigate('/login', { replace: true });
    },
    [navigate],
  );
}

/** Whether «Salir» on a shared device is waiting for the person's choice about unsent changes. */
let asking = false;
const askListeners = new Set<() => void>();
function setAsking(next: boolean): void {
  asking = next;
  for (const l of askListeners) l();
}
export function useLogoutChoice(): [open: boolean, close: () => void] {
  const open = useSyncExternalStore(
    (l) => {
      askListeners.add(l);
      return () => askListeners.delete(l);
    },
    () => asking,
  );
  return [open, useCallback(() => setAsking(false), [])];
}

/**
 * «Salir». After a company sign-in, through the provider's logout first (on a shared device the
 * next person must not find the provider's session open). On a shared device with changes still
 * waiting to be sent, the person chooses first (SharedLogoutDialog).
 */
export function useLogout(): () => Promise<void> {
  const signOut = useSignOut();
  return useCallback(async () => {
    const user = getSession().user?.uuid;
    if (sharedIdleMinutes() !== null && user && pendingOf(user) > 0) {
      setAsking(true);
      return;
    }
    await signOut();
  }, [signOut]);
}

/** Signs out without asking (the choice was made, or the idle minutes ran out). */
export function useSignOutNow(): (reason?: 'inactividad') => Promise<void> {
  const signOut = useSignOut();
  return useCallback(
    async (reason) => {
      setAsking(false);
      await signOut(reason);
    },
    [signOut],
  );
}
