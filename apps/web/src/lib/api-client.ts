/**
 * One way to call the API, typed by the contracts' route descriptors:
 * `apiRequest(USERS_ROUTES.get, { params: { id } })`.
 *
 * - path from `buildPath`, query serialised (arrays comma-joined; null,
 *   undefined and '' dropped), JSON body, bearer token on every call;
 * - 204 -> undefined; a route whose `response` is null answers a Blob;
 *   otherwise JSON, checked against `route.response` in dev and test builds;
 * - non-OK -> `ApiError { status, message }` (the body's message, or
 *   'API Error: ' + status text);
 * - 401 -> one shared refresh, then the request is replayed once
 *   (SPEC section 4).
 */
import {
  API_ERROR_PREFIX,
  AUTH_ROUTES,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  RefreshTokenResponseSchema,
  TERMINAL_HEADER,
  buildPath,
  type RouteDescriptor,
} from '@gestar/contracts';
import type { z } from 'zod';
import { clearAllStorage, endSession, getAccessToken, getSession, replaceToken } from './session';
import { rememberSessionEnd, sessionEndCode } from './session-end';
import { getTerminal, isTerminal } from './terminal-device';
import { TOKEN_REFRESH_EVENT } from './ui-settings';

const API_BASE: string = import.meta.env.VITE_API_URL ?? '';
/** The terminal's start screen (its people). */
export const TERMINAL_HOME = '/terminal';
const VALIDATE_RESPONSES =
  import.meta.env.DEV || import.meta.env.MODE === 'test' || import.meta.env.VITE_VALIDATE_RESPONSES === 'true';

export class ApiError extends Error {
  readonly status: number;
  /** The parsed error body when there was one (`{ statusCode, message, error, errors? }`). */
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server's message for a failed call, or `fallback` when it gave none (network error, bug). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

type Scalar = string | number | boolean;
export type QueryValue = Scalar | null | undefined | readonly (Scalar | null | undefined)[];
export type QueryParams = Record<string, QueryValue>;

type ParamsOf<R> = R extends { params: infer P extends z.ZodType } ? z.input<P> : Record<string, string>;
type QueryOf<R> = R extends { query: infer Q extends z.ZodType }
  ? { [K in keyof z.input<Q>]?: QueryValue }
  : QueryParams;
type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? z.input<B> : never;

export type ResponseOf<R> = R extends { response: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : S extends null
      ? Blob
      : unknown
  : unknown;

export interface RequestOptions<R extends RouteDescriptor> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not run the refresh flow on 401 (logout uses it: a dead session needs no refresh). */
  skipRefresh?: boolean;
  /** The file of a multipart route (`route.multipart` names its field); `body` then holds the text fields. */
  file?: { blob: Blob; name: string };
  /**
   * Sent with exactly this token (null: no Bearer, the headers carry a replay credential) instead
   * of the session's: a change kept offline at a shared terminal goes with the authority of whoever
   * made it. No refresh and no sign-out on a 401: the change waits for that person.
   */
  as?: { token: string | null };
}

export function serializeQuery(query: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) {
      const joined = value.filter((v) => v !== null && v !== undefined && v !== '').join(',');
      if (joined) search.append(key, joined);
    } else if (value !== null && value !== undefined && value !== '') {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readErrorMessage(response: Response): Promise<{ message: string; body: unknown }> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message
      ? body.message
      : API_ERROR_PREFIX + (response.statusText || String(response.status));
  return { message, body };
}

/** A multipart body: the text fields, then the file under the route's field name. */
function multipartBody(field: string, options: RequestOptions<RouteDescriptor>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries((options.body ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (options.file) form.append(field, options.file.blob, options.file.name);
  return form;
}

function send(
  method: string,
  url: string,
  token: string | null,
  options: RequestOptions<RouteDescriptor>,
  multipart?: string,
) {
  const headers: Record<string, string> = {
    // A multipart body sets its own Content-Type, with the boundary.
    ...(multipart ? {} : { 'Content-Type': 'application/json' }),
    Accept: 'application/json',
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  // At a shared terminal every call carries the device's credential, a person's calls too.
  const terminal = getTerminal();
  if (terminal) headers[TERMINAL_HEADER] = terminal.credencial;
  return fetch(url, {
    method,
    headers,
    // Login sets, and logout clears, the refresh cookie: cross-origin API (VITE_API_URL) needs 'include'.
    credentials: API_BASE ? 'include' : 'same-origin',
    body: multipart
      ? multipartBody(multipart, options)
      : options.body === undefined
        ? undefined
        : JSON.stringify(options.body),
    signal: options.signal,
  });
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A random UUID (v4); `crypto.randomUUID` exists only on https or localhost, a workshop LAN may be plain http. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Sends the browser to /login with nothing left in storage; the login page says why, when the API
 * said. A shared device's session also loses its kept changes, before the page leaves; at a shared
 * terminal, back to the terminal's people instead.
 */
async function abandonSession(reason: string | null = null): Promise<void> {
  rememberSessionEnd(reason);
  if (getSession().payload?.compartido) {
    // Nothing of the person; the device's own settings (its «Dispositivo compartido») stay.
    await import('./shared-device').then((m) => m.wipeDevice()).catch(() => undefined);
    endSession();
  } else clearAllStorage();
  window.location.assign(isTerminal() ? TERMINAL_HOME : '/login');
}

async function performRefresh(): Promise<string> {
  // The refresh token travels only in its HttpOnly cookie, which the browser adds to this call.
  const response = await fetch(API_BASE + AUTH_ROUTES.refresh.path, {
    method: AUTH_ROUTES.refresh.method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
    credentials: API_BASE ? 'include' : 'same-origin',
  });
  if (!response.ok) {
    const { message, body } = await readErrorMessage(response);
    // A refused refresh (including a 401 from the refresh call itself) ends the
    // session. A server or network failure does not: the tokens may still be good.
    if (response.status < 500) await abandonSession(sessionEndCode(body));
    throw new ApiError(response.status, message, body);
  }
  const parsed = RefreshTokenResponseSchema.safeParse(await response.json());
  if (!parsed.success) {
    await abandonSession();
    throw new ApiError(response.status, MESSAGES.errors.invalidRefreshToken);
  }
  replaceToken(parsed.data.token);
  window.dispatchEvent(new CustomEvent<string>(TOKEN_REFRESH_EVENT, { detail: parsed.data.token }));
  return parsed.data.token;
}

/**
 * Exchange the stored refresh token for a new access token. Concurrent
 * callers share one request, so a burst of 401s rotates the token once.
 */
export function refreshSession(): Promise<string> {
  refreshInFlight ??= performRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

export async function apiRequest<R extends RouteDescriptor>(
  route: R,
  options: RequestOptions<R> = {},
): Promise<ResponseOf<R>> {
  const opts = options as RequestOptions<RouteDescriptor>;
  const params = (opts.params ?? {}) as Record<string, string>;
  const url = API_BASE + buildPath(route.path, params) + serializeQuery(opts.query as QueryParams | undefined);

  // One key per change, kept across the retry after a refresh: the API never writes it twice.
  if (WRITE_METHODS.has(route.method) && route.access !== 'public' && !opts.headers?.[IDEMPOTENCY_HEADER]) {
    opts.headers = { ...opts.headers, [IDEMPOTENCY_HEADER]: newUuid() };
  }
  if (opts.as !== undefined) {
    return (await readAnswer(
      route,
      await send(route.method, url, opts.as.token, opts, route.multipart),
    )) as ResponseOf<R>;
  }
  // A terminal's own calls go with its credential alone, never with the person signed in at it.
  if (route.access === 'terminal') {
    return (await readAnswer(route, await send(route.method, url, null, opts, route.multipart))) as ResponseOf<R>;
  }
  const sentToken = getAccessToken();
  let response = await send(route.method, url, sentToken, opts, route.multipart);
  // A person's session at a terminal has no refresh: a 401 (idle on the server, another person
  // signed in, the terminal revoked) sends the terminal back to its people.
  if (response.status === 401 && isTerminal() && sentToken !== null && !opts.skipRefresh) {
    if (getAccessToken() === sentToken)
      void abandonSession(
        sessionEndCode(
          await response
            .clone()
            .json()
            .catch(() => null),
        ),
      );
    throw new ApiError(401, (await readErrorMessage(response)).message);
  }
  // Public calls (login) answer 401 for bad credentials: that is not an expired session.
  if (response.status === 401 && route.access !== 'public' && !opts.skipRefresh) {
    // The session already ended here (logout, or another tab's): nothing to refresh, and whoever
    // ended it has taken the person to /login; reloading that page again would only interrupt it.
    if (getAccessToken() === null) throw new ApiError(401, (await readErrorMessage(response)).message);
    // A refresh that finished while this call was in flight already gave a new token: use it
    // instead of rotating again.
    const current = getAccessToken();
    const token = current && current !== sentToken ? current : await refreshSession();
    response = await send(route.method, url, token, opts, route.multipart);
    if (response.status === 401) {
      await abandonSession();
      throw new ApiError(401, (await readErrorMessage(response)).message);
    }
  }
  return (await readAnswer(route, response)) as ResponseOf<R>;
}

async function readAnswer(route: RouteDescriptor, response: Response): Promise<unknown> {
  if (!response.ok) {
    const { message, body } = await readErrorMessage(response);
    throw new ApiError(response.status, message, body);
  }
  if (response.status === 204) return undefined;
  if (route.response === null) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  const data: unknown = JSON.parse(text);
  if (VALIDATE_RESPONSES && route.response) {
    const result = route.response.safeParse(data);
    if (!result.success) {
      console.error(`Respuesta fuera de contrato: ${route.method} ${route.path}`, result.error.issues);
      throw new ApiError(response.status, `Respuesta inesperada del servidor (${route.method} ${route.path})`);
    }
  }
  return data;
}
