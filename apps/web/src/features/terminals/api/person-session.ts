/**
 * One person at a time at a terminal (issue 34). A person signs in with their PIN; the session
 * ends with «Terminar», after the terminal's idle minutes, when another person taps in, or when the
 * terminal is revoked. Then nothing of the previous person remains: the query cache is emptied,
 * toasts and dialogs go (the screens that hold them are left), their token and replay credential
 * are forgotten, and the history entry is replaced so the back button leads to the tiles. Their
 * changes kept offline stay in the outbox, each with their own replay credential.
 */
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { TerminalSignInResponse } from '@gestar/contracts';
import { TERMINAL_HOME } from '../../../lib/api-client';
import { endSession, getSession, startSession } from '../../../lib/session';
import { noteActivity, setReplayCredential } from '../../../lib/terminal-device';
import { endTerminalSessionOnServer } from './terminals';

export { TERMINAL_HOME };

/** Why a person's session ended: the tiles say it once. */
export type EndReason = 'terminar' | 'inactividad' | 'otra-persona' | 'revocada';

export const END_MESSAGES: Record<EndReason, string> = {
  terminar: 'Sesión terminada. Toque su nombre para ingresar.',
  inactividad: 'La sesión terminó por inactividad. Toque su nombre para ingresar de nuevo.',
  'otra-persona': 'Ingresó otra persona: la sesión anterior terminó.',
  revocada: 'Esta terminal fue revocada por un administrador y ya no puede usarse.',
};

const END_KEY = 'gestar.terminal.fin';

/** Why the last session ended, for the tiles to say once (kept across the page load of a refused session). */
export function noteEnd(reason: EndReason): void {
  try {
    sessionStorage.setItem(END_KEY, reason);
  } catch {
    // Nothing said.
  }
}

/** The reason noted by `noteEnd`, or null. */
export function peekEnd(): EndReason | null {
  try {
    const reason = sessionStorage.getItem(END_KEY);
    return reason !== null && reason in END_MESSAGES ? (reason as EndReason) : null;
  } catch {
    return null;
  }
}

/** Said once: forgotten once shown. */
export function forgetEnd(): void {
  try {
    sessionStorage.removeItem(END_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Everything the signed-in person left in this page goes; the outbox keeps their changes. */
export function forgetPerson(client: QueryClient, reason?: EndReason): void {
  if (reason) noteEnd(reason);
  // Ask the server to end it too while the token is still here (the request takes it now).
  if (getSession().token && navigator.onLine) void endTerminalSessionOnServer().catch(() => undefined);
  endSession();
  client.clear();
  notifications.clean();
}

/** The PIN was right: whoever was signed in goes first, then this person's session starts. */
export async function startPersonSession(client: QueryClient, answer: TerminalSignInResponse): Promise<void> {
  // The server already ended the previous person's session with this sign-in.
  endSession();
  client.clear();
  notifications.clean();
  await startSession({ user: { ...answer.usuario, descripcion_puesto: null }, token: answer.token }, answer.permisos);
  setReplayCredential(answer.replay_token);
  noteActivity();
}
