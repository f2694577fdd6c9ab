/**
 * Live updates: one EventSource per tab on `/api/events?ticket=` (EventSource
 * cannot send headers; the ticket is single-use, asked for with the access token). Assigned-task and task events invalidate the cached
 * queries that show them, so a board follows other users' changes within
 * seconds. After a token refresh (window 'TokenRefresh') the stream reopens
 * with the new token; a refused stream (expired token) triggers a refresh.
 *
 * Others listen with `subscribeServerEvent(SERVER_EVENTS.notification, fn)`.
 */
import { useEffect } from 'react';
import { EVENTS_ROUTES, SERVER_EVENTS, type ServerEventName } from '@gestar/contracts';
import { apiRequest, refreshSession } from './api-client';
import { ownChangeLedger, staleKeyBatcher, staleKeysOf } from './live-event-grouping';
import { queryClient } from './query-client';
import { decodeToken, getAccessToken, isTokenStale, useSession } from './session';
import { TOKEN_REFRESH_EVENT } from './ui-settings';

const API_BASE: string = import.meta.env.VITE_API_URL ?? '';
const RECONNECT_DELAY_MS = 3000;

export type ServerEventHandler = (data: unknown) => void;

const handlers = new Map<string, Set<ServerEventHandler>>();

/** Calls `handler` with the parsed `data` of every `name` event; returns the unsubscribe function. */
export function subscribeServerEvent(name: ServerEventName, handler: ServerEventHandler): () => void {
  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

const markStale = staleKeyBatcher((queryKey) => void queryClient.invalidateQueries({ queryKey }));
const ownChanges = ownChangeLedger(10_000);

/**
 * Marks the next `count` events about `uuid` as this tab's own (call before the request: the
 * event may arrive before the answer). Answers a function that forgets them (a refused change).
 */
export function expectOwnChange(uuid: string, count = 1): () => void {
  return ownChanges.expect(uuid, count);
}

function invalidateFor(name: string, data: unknown): void {
  for (const queryKey of staleKeysOf(name, data, ownChanges.consume)) markStale(queryKey);
}

function dispatch(name: string, raw: string): void {
  let data: unknown = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    return;
  }
  invalidateFor(name, data);
  for (const handler of handlers.get(name) ?? []) {
    try {
      handler(data);
    } catch (error) {
      console.error(`Error en un oyente del evento ${name}`, error);
    }
  }
}

let source: EventSource | null = null;
let sourceToken: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** Bumped by every open/close, so a ticket that arrives after a newer open or a close is dropped. */
let generation = 0;

function close(): void {
  generation++;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  sourceToken = null;
}

function reopenLater(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    const current = getAccessToken();
    if (!current) return;
    if (isTokenStale(decodeToken(current))) {
      // The refresh dispatches TokenRefresh, which reopens the stream.
      refreshSession().catch(() => undefined);
    } else {
      open(current, true);
    }
  }, RECONNECT_DELAY_MS);
}

/**
 * Opens the stream with a single-use ticket (no token in the URL). The server ends the stream
 * when the session ends, the user's access changes or the token expires; a ticket cannot be
 * used twice, so every reconnection asks for a new one instead of EventSource's own retry.
 */
function open(token: string, force = false): void {
  if (!force && source && sourceToken === token && source.readyState !== EventSource.CLOSED) return;
  close();
  sourceToken = token;
  const mine = generation;
  apiRequest(EVENTS_ROUTES.ticket)
    .then(({ ticket }) => {
      if (mine !== generation) return;
      const es = new EventSource(`${API_BASE}${EVENTS_ROUTES.stream.path}?ticket=${encodeURIComponent(ticket)}`);
      source = es;
      for (const name of Object.values(SERVER_EVENTS)) {
        es.addEventListener(name, (event) => dispatch(name, (event as MessageEvent<string>).data));
      }
      es.onerror = () => {
        if (source !== es) return;
        es.close();
        source = null;
        reopenLater();
      };
    })
    .catch(() => {
      // Offline, or the session ended (the API client then leaves for the login screen).
      if (mine === generation) reopenLater();
    });
}

function onTokenRefresh(event: Event): void {
  const token = (event as CustomEvent<string>).detail;
  if (typeof token === 'string' && token) open(token);
}

/**
 * Keeps the stream open while someone is logged in. Mount once, in the
 * layout of the logged-in screens.
 */
export function useLiveEvents(): void {
  const { token } = useSession();
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    open(token);
    window.addEventListener(TOKEN_REFRESH_EVENT, onTokenRefresh);
    return () => {
      window.removeEventListener(TOKEN_REFRESH_EVENT, onTokenRefresh);
      close();
    };
  }, [token]);
}
