import { z } from 'zod';

/**
 * Why a session was ended, kept with the session and answered as `codigo` in the 401 of a refused
 * refresh, so the login page can tell the person what happened:
 * - `otro_dispositivo`: closed by the person from another device («Sesiones abiertas»);
 * - `contrasena`: the password changed (by the person elsewhere, or set by an administrator);
 * - `desactivada`: the account was deactivated;
 * - `cuenta_empresa`: the account was linked to the company sign-in (its password no longer opens it);
 * - `seguridad`: an old credential of the session was used again (a copied token), so it ended;
 * - `cierre`: the person's own «Salir»;
 * - `terminar`: «Terminar» at a shared terminal;
 * - `otra_persona`: another person signed in at the same terminal;
 * - `inactividad`: a terminal session left without requests past its idle minutes;
 * - `terminal_revocada`: the terminal it was opened at was revoked;
 * - `vencida`: not ended by anyone, but unused for longer than its refresh token lasts (not stored).
 */
export const SESSION_END_REASONS = [
  'otro_dispositivo',
  'contrasena',
  'desactivada',
  'cuenta_empresa',
  'seguridad',
  'cierre',
  'vencida',
  'terminar',
  'otra_persona',
  'inactividad',
  'terminal_revocada',
] as const;
export const SessionEndReasonSchema = z.enum(SESSION_END_REASONS);
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

/** What the login page says for each reason (the title is «Su sesión se cerró»). */
export const SESSION_END_MESSAGES: Record<SessionEndReason, string> = {
  otro_dispositivo: 'La sesión se cerró desde otro dispositivo.',
  contrasena: 'La contraseña de su cuenta cambió. Inicie sesión con la contraseña nueva.',
  desactivada: 'Su cuenta fue desactivada. Consulte a un administrador.',
  cuenta_empresa: 'Su cuenta ahora ingresa con la cuenta de la empresa.',
  seguridad: 'Por seguridad: se volvió a usar una credencial antigua de esta sesión.',
  cierre: 'Usted cerró esta sesión.',
  vencida: 'La sesión venció por falta de uso.',
  terminar: 'Usted terminó su sesión en la terminal.',
  otra_persona: 'Otra persona ingresó en la terminal.',
  inactividad: 'Su sesión en la terminal terminó por inactividad.',
  terminal_revocada: 'La terminal fue revocada.',
};

/** The login page's title when a session ended, and its text when the reason is not known. */
export const SESSION_ENDED_TITLE = 'Su sesión se cerró';
export const SESSION_ENDED_UNKNOWN = 'La sesión ya no es válida. Inicie sesión nuevamente.';
