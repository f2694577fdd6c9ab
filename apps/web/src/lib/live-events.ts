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
import {
  AssignedTaskChangedEventSchema,
  EVENTS_ROUTES,
  SERVER_EVENTS,
  TaskChangedEventSchema,
  type ServerEventName,
} from '@gestar/contracts';
import { apiRequest, refreshSession } from './api-client';
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

/**
 * Query keys made stale by events, invalidated together once the events stop
 * for a moment (and at the latest a second after the first one): a scheduler
 * tick or a burst of changes announces many events at once, and each key is
 * then refetched once per burst, not once per event.
 */
const QUIET_MS = 200;
const MAX_WAIT_MS = 1000;
const staleKeys = new Map<string, readonly unknown[]>();
let invalidateTimer: ReturnType<typeof setTimeout> | null = null;
let firstStaleAt = 0;

function flushStale(): void {
  invalidateTimer = null;
  const keys = [...staleKeys.values()];
  staleKeys.clear();
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

function markStale(queryKey: readonly unknown[]): void {
  const now = Date.now();
  if (staleKeys.size === 0) firstStaleAt = now;
  staleKeys.set(JSON.stringify(queryKey), queryKey);
  if (invalidateTimer) clearTimeout(invalidateTimer);
  invalidateTimer = setTimeout(flushStale, Math.max(0, Math.min(QUIET_MS, firstStaleAt + MAX_WAIT_MS - now)));
}

/**
 * Changes this tab made itself and already applied to its cache from the answer: the echo
 * of each on the stream (one per task and recipient row) must not refetch the board again.
 * Another tab of the same person does not know them and refetches as usual.
 */
const OWN_CHANGE_TTL_MS = 10_000;
const ownChanges = new Map<string, { count: number; timer: ReturnType<typeof setTimeout> }>();

/**
 * Marks the next `count` events about `uuid` as this tab's own (call before the request: the
 * event may arrive before the answer). Answers a function that forgets them (a refused change).
 */
export function expectOwnChange(uuid: string, count = 1): () => void {
  const previous = ownChanges.get(uuid);
  if (previous) clearTimeout(previous.timer);
  const entry = { count: (previous?.count ?? 0) + count, timer: setTimeout(() => ownChanges.delete(uuid), OWN_CHANGE_TTL_MS) };
  ownChanges.set(uuid, entry);
  return () => {
    const current = ownChanges.get(uuid);
    if (!current) return;
    current.count -= count;
    if (current.count <= 0) {
      clearTimeout(current.timer);
      ownChanges.delete(uuid);
    }
  };
}

function consumeOwnChange(uuid: string): boolean {
  const entry = ownChanges.get(uuid);
  if (!entry) return false;
  entry.count -= 1;
  if (entry.count <= 0) {
    clearTimeout(entry.timer);
    ownChanges.delete(uuid);
  }
  return true;
}

/** Query keys each event makes stale (prefix match). */
function invalidateFor(name: string, data: unknown): void {
  if (name === SERVER_EVENTS.assignedTaskChanged) {
    const event = AssignedTaskChangedEventSchema.safeParse(data);
    if (event.success && event.data.cambio === 'comentario') {
      markStale(['assigned-tasks', 'comments', event.data.uuid]);
      markStale(['assigned-tasks', 'history', event.data.uuid]);
      return;
    }
    if (event.success && consumeOwnChange(event.data.uuid)) {
      // Already applied from the answer; only what the board does not show follows.
      markStale(['assigned-tasks', 'history', event.data.uuid]);
      markStale(['reports']);
      return;
    }
    markStale(['assigned-tasks']);
    markStale(['reports']);
  } else if (name === SERVER_EVENTS.taskChanged) {
    if (!TaskChangedEventSchema.safeParse(data).success) return;
    markStale(['tasks']);
    markStale(['assigned-tasks']);
  }
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
