/**
 * The offline copy of what a person has seen (issue 18, docs/DECISIONS.md "Offline and the
 * installable app"): every successful read is also written to IndexedDB under the signed-in user, and put back into
 * the query cache when the app starts without a network, when the network drops, or when a read
 * fails for want of one. The in-memory cache keeps its 5 minutes (SPEC section 9); this copy keeps
 * a read for OFFLINE_MAX_AGE_MS and is cleared at logout.
 */
import { createStore, del, entries, setMany, clear, type UseStore } from 'idb-keyval';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { OFFLINE_MAX_AGE_MS } from './ui-settings';
import { getSession } from './session';

interface Entry {
  user: string;
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}

/** Reads whose data only lives in this page (object URLs of files) or is too large to keep. */
const NOT_KEPT = new Set(['attachments', 'reports', 'audit', 'auth']);

let store: UseStore | null = null;
/** True while a restore writes into the cache: those writes are not kept again. */
let restoring = false;
const db = () => (store ??= createStore('gestar-sin-conexion', 'consultas'));

function kept(query: Query): boolean {
  const first = query.queryKey[0];
  return typeof first === 'string' && !NOT_KEPT.has(first) && query.state.data !== undefined;
}

/** A fetch that never reached the server (no network), as opposed to an answer with an error. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The newest time any kept read was answered by the server: "datos de las 10:42". */
let lastServerAnswer = 0;
const answerListeners = new Set<() => void>();
export function lastAnswerAt(): number {
  return lastServerAnswer;
}
export function onLastAnswer(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}
function noteAnswer(at: number): void {
  if (at <= lastServerAnswer) return;
  lastServerAnswer = at;
  for (const l of answerListeners) l();
}

/** Puts the user's kept reads back where the cache has nothing newer; answers how many. */
export async function restoreOfflineCache(client: QueryClient, user: string, only?: string): Promise<number> {
  const now = Date.now();
  let restored = 0;
  const stale: IDBValidKey[] = [];
  for (const [id, value] of await entries<string, Entry>(db())) {
    if (value.user !== user) continue;
    if (now - value.updatedAt > OFFLINE_MAX_AGE_MS) {
      stale.push(id);
      continue;
    }
    if (only !== undefined && id !== `${user}:${only}`) continue;
    const current = client.getQueryState(value.key);
    if (current?.data !== undefined && current.dataUpdatedAt >= value.updatedAt) continue;
    restoring = true;
    try {
      client.setQueryData(value.key, value.data, { updatedAt: value.updatedAt });
    } finally {
      restoring = false;
    }
    noteAnswer(value.updatedAt);
    restored++;
  }
  for (const id of stale) await del(id, db());
  return restored;
}

/**
 * Starts keeping `user`'s reads; answers the function that stops it. Writes are grouped (one
 * IndexedDB transaction per burst of answers).
 */
export function keepOfflineCache(client: QueryClient, user: string): () => void {
  const pending = new Map<string, Entry>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    // Signed out (or another person signed in) meanwhile: nothing more is written for `user`.
    if (getSession().user?.uuid !== user) {
      pending.clear();
      return;
    }
    const batch = [...pending.entries()].map(([hash, entry]) => [`${user}:${hash}`, entry] as [string, Entry]);
    pending.clear();
    if (batch.length > 0) void setMany(batch, db()).catch(() => undefined);
  };
  const keep = (query: Query) => {
    pending.set(query.queryHash, { user, key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt });
    timer ??= setTimeout(flush, 300);
  };
  // Answers that came before this started (the first load asks for the board's with the chunks).
  for (const query of client.getQueryCache().getAll())
    if (kept(query) && query.state.status === 'success') keep(query);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { query } = event;
    // Answers of the server, and the screen's own changes (a card moved offline stays moved after a
    // reload), but not what a restore put back.
    if (event.action.type === 'success' && kept(query) && !restoring) {
      keep(query);
      if (!event.action.manual) noteAnswer(query.state.dataUpdatedAt);
    }
    if (event.action.type === 'error' && isNetworkFailure(event.action.error) && query.state.data === undefined) {
      void restoreOfflineCache(client, user, query.queryHash);
    }
  });
  const offline = () => void restoreOfflineCache(client, user);
  window.addEventListener('offline', offline);
  // A page closed or reloaded within the grouping delay still keeps its last answers.
  const leaving = () => {
    if (timer) clearTimeout(timer);
    flush();
  };
  window.addEventListener('pagehide', leaving);
  if (!navigator.onLine) offline();
  return () => {
    unsubscribe();
    window.removeEventListener('offline', offline);
    window.removeEventListener('pagehide', leaving);
    if (timer) clearTimeout(timer);
    flush();
  };
}

/** Logout: nothing of the person stays in the browser. */
export async function clearOfflineCache(): Promise<void> {
  lastServerAnswer = 0;
  await clear(db()).catch(() => undefined);
}
