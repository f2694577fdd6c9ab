/**
 * The browser session (SPEC section 4, docs/DECISIONS.md "Refresh token in a cookie"): `auth`
 * (the login answer's user as JSON) and `token` in localStorage, permissions read from the token
 * payload `role.permisos`. The refresh token is never readable here: the server keeps it in an
 * HttpOnly cookie that only the refresh and logout calls carry.
 * Components subscribe through `useSession`; the API client reads the token
 * through `getAccessToken` at call time, so every call carries the bearer.
 */
import { useSyncExternalStore } from 'react';
import {
  LoginUserSchema,
  TokenPayloadSchema,
  type LoginResponse,
  type LoginUser,
  type TokenPayload,
} from '@gestar/contracts';
import { TERMINAL_REPLAY_KEY, TERMINAL_STORAGE_KEY } from './terminal-device';
import { STORAGE_KEYS } from './ui-settings';

export interface Session {
  user: LoginUser | null;
  token: string | null;
  /** Decoded access token, or null when absent or invalid. */
  payload: TokenPayload | null;
  permissions: readonly string[];
}

/** Where versions before the refresh cookie kept an encrypted refresh token; removed when seen. */
const LEGACY_REFRESH_KEY = 'refreshToken';

const EMPTY: Session = { user: null, token: null, payload: null, permissions: [] };

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's payload, or null (and a logged error) when it is not a well-formed Gestar JWT. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  try {
    const segments = token.split('.');
    if (segments.length !== 3 || !segments[1]) throw new Error('El token no tiene tres segmentos');
    return TokenPayloadSchema.parse(JSON.parse(base64UrlDecode(segments[1])));
  } catch (error) {
    console.error('Token inválido', error);
    return null;
  }
}

/**
 * The server's clock minus this device's, measured when the current token arrived (its `iat` is the
 * server's now). A phone whose clock is wrong, or a device clock moved by hand, must not make a
 * fresh token look expired (or an expired one fresh): its `exp` is judged on the server's clock.
 */
function storedSkew(): number {
  const n = Number(localStorage.getItem(STORAGE_KEYS.clockSkew));
  return Number.isFinite(n) ? n : 0;
}

function rememberSkew(token: string): void {
  const iat = decodeToken(token)?.iat;
  if (iat !== undefined) localStorage.setItem(STORAGE_KEYS.clockSkew, String(iat * 1000 - Date.now()));
}

/** True when the token cannot be used as is: unreadable, or past its `exp` (on the server's clock). */
export function isTokenStale(payload: TokenPayload | null, nowMs = Date.now() + storedSkew()): boolean {
  if (!payload) return true;
  return payload.exp !== undefined && payload.exp * 1000 <= nowMs;
}

function readStoredUser(): LoginUser | null {
  const raw = localStorage.getItem(STORAGE_KEYS.auth);
  if (!raw) return null;
  try {
    const parsed = LoginUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A session at a shared terminal reaches only an operario's work (issue 34): the permissions the
 * sign-in answered, kept here, limit what the screens offer, whatever the token's role says.
 */
const TERMINAL_PERMISSIONS_KEY = 'gestar.terminal.permisos';

function readLimit(): readonly string[] | null {
  try {
    const raw = localStorage.getItem(TERMINAL_PERMISSIONS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

function sessionFor(
  user: LoginUser | null,
  token: string | null,
  limit: readonly string[] | null = readLimit(),
): Session {
  if (!token) return { ...EMPTY, user };
  const payload = decodeToken(token);
  const held = payload?.role.permisos ?? [];
  return { user, token, payload, permissions: limit ? held.filter((p) => limit.includes(p)) : held };
}

function readStoredSession(): Session {
  return sessionFor(readStoredUser(), localStorage.getItem(STORAGE_KEYS.token));
}

let current: Session = readStoredSession();
const listeners = new Set<() => void>();

function publish(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return current;
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession);
}

export function getAccessToken(): string | null {
  return current.token;
}

// Another tab logged in, refreshed or logged out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: (string | null)[] = [null, STORAGE_KEYS.auth, STORAGE_KEYS.token];
    if (event.storageArea === localStorage && keys.includes(event.key)) publish(readStoredSession());
  });
}

type LoginHook = (session: Session) => void | Promise<void>;
const loginHooks = new Set<LoginHook>();

/**
 * Run `hook` after every successful login (push-notification registration
 * plugs in here). Returns a function that unregisters it.
 */
export function registerLoginHook(hook: LoginHook): () => void {
  loginHooks.add(hook);
  return () => loginHooks.delete(hook);
}

/** Runs the login hooks without holding up navigation; a failing hook is only logged. */
export function onLoggedIn(session: Session): void {
  for (const hook of loginHooks) {
    Promise.resolve()
      .then(() => hook(session))
      .catch((error: unknown) => console.error('Falló una acción posterior al inicio de sesión', error));
  }
}

/**
 * Logged out -> logged in: store auth and token (the refresh token stays in its cookie). At a
 * terminal, `limit` is the session's permissions as the sign-in answered them.
 */
export async function startSession(login: LoginResponse, limit: readonly string[] | null = null): Promise<Session> {
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify(login.user));
  localStorage.setItem(STORAGE_KEYS.token, login.token);
  if (limit) localStorage.setItem(TERMINAL_PERMISSIONS_KEY, JSON.stringify(limit));
  else localStorage.removeItem(TERMINAL_PERMISSIONS_KEY);
  rememberSkew(login.token);
  // An encrypted copy kept by earlier versions goes.
  localStorage.removeItem(LEGACY_REFRESH_KEY);
  const session = sessionFor(login.user, login.token, limit);
  publish(session);
  onLoggedIn(session);
  return session;
}

/** After a refresh: the new access token (the server rotated the refresh cookie itself). */
export function replaceToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  rememberSkew(token);
  publish(sessionFor(current.user, token));
}

/** The offline copy of what was read (IndexedDB), loaded only when there is one to clear. */
function forgetOfflineCopy(): void {
  void import('./offline-cache').then((m) => m.clearOfflineCache()).catch(() => undefined);
}

/** Logout: forget auth, token and permissions, and the offline copy of what was read. */
export function endSession(): void {
  forgetOfflineCopy();
  localStorage.removeItem(STORAGE_KEYS.auth);
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(TERMINAL_REPLAY_KEY);
  localStorage.removeItem(TERMINAL_PERMISSIONS_KEY);
  localStorage.removeItem(STORAGE_KEYS.clockSkew);
  localStorage.removeItem(LEGACY_REFRESH_KEY);
  publish(EMPTY);
}

/**
 * The session cannot be refreshed: everything local goes (SPEC section 4), except this device's
 * terminal credential (issue 34), which is the device's and not the person's.
 */
export function clearAllStorage(): void {
  forgetOfflineCopy();
  const terminal = localStorage.getItem(TERMINAL_STORAGE_KEY);
  localStorage.clear();
  if (terminal !== null) localStorage.setItem(TERMINAL_STORAGE_KEY, terminal);
  publish(EMPTY);
}
