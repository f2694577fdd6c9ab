/**
 * Why the browser was sent to /login after its session was refused (closed from another device,
 * a password change, a deactivation...): the refused refresh answers a `codigo`, kept here in
 * sessionStorage across the page load that goes to /login, where the login page says it once.
 */
import {
  ErrorBodySchema,
  SESSION_END_MESSAGES,
  SESSION_ENDED_UNKNOWN,
  SessionEndReasonSchema,
} from '@gestar/contracts';
import { registerLoginHook } from './session';

const KEY = 'gestar.sesionCerrada';
const UNKNOWN = 'desconocido';

/** The reason a refused refresh's body gives, or null. */
export function sessionEndCode(body: unknown): string | null {
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success ? (parsed.data.codigo ?? null) : null;
}

export function rememberSessionEnd(codigo: string | null): void {
  try {
    sessionStorage.setItem(KEY, codigo ?? UNKNOWN);
  } catch {
    // Storage refused (private mode): the login page just shows no reason.
  }
}

/** The text for the session that ended here, or null when none did. */
export function readSessionEnd(): string | null {
  let code: string | null = null;
  try {
    code = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (code === null) return null;
  const reason = SessionEndReasonSchema.safeParse(code);
  return reason.success ? SESSION_END_MESSAGES[reason.data] : SESSION_ENDED_UNKNOWN;
}

/**
 * Forgotten at the next sign-in. (Not when the login page first shows it: the page is drawn twice
 * on the way there, once when the session empties and again after the reload to /login.)
 */
export function forgetSessionEnd(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

registerLoginHook(forgetSessionEnd);
