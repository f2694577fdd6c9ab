/**
 * Changes made without a network (issue 18, docs/DECISIONS.md "Offline and the installable app"):
 * kept in IndexedDB in the order they were made, each with the Idempotency-Key it will be sent with, and
 * sent when the network returns (also after the app was closed and opened again). The server's
 * state wins: a change it refuses is dropped and the person is told which and why. A change of
 * another person (someone else signed in on this phone) is dropped with a notice.
 */
import { useSyncExternalStore } from 'react';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  ASSIGNED_TASKS_ROUTES,
  ATTACHMENTS_ROUTES,
  DEVICE_TIME_HEADER,
  IDEMPOTENCY_HEADER,
  PROBLEM_REPORTS_ROUTES,
  TASKS_ROUTES,
  TIME_ENTRIES_ROUTES,
  type RouteDescriptor,
} from '@gestar/contracts';
import { apiRequest, ApiError, newUuid } from './api-client';
import { getSession } from './session';

/** What can wait for the network, and the route each is sent by. */
const ROUTES = {
  estado: ASSIGNED_TASKS_ROUTES.update,
  comentario: ASSIGNED_TASKS_ROUTES.addComment,
  comentario_editado: ASSIGNED_TASKS_ROUTES.updateComment,
  comentario_borrado: ASSIGNED_TASKS_ROUTES.removeComment,
  sugerencia: TASKS_ROUTES.upsertSuggestion,
  sugerencia_borrada: TASKS_ROUTES.removeSuggestion,
  paso: ASSIGNED_TASKS_ROUTES.tickChecklistItem,
  foto: ATTACHMENTS_ROUTES.upload,
  solicitud: PROBLEM_REPORTS_ROUTES.create,
  solicitud_foto: PROBLEM_REPORTS_ROUTES.addPhoto,
  cronometro_iniciar: TIME_ENTRIES_ROUTES.start,
  cronometro_reanudar: TIME_ENTRIES_ROUTES.resume,
  cronometro_pausar: TIME_ENTRIES_ROUTES.pause,
  cronometro_finalizar: TIME_ENTRIES_ROUTES.finish,
} satisfies Record<string, RouteDescriptor>;
export type OutboxKind = keyof typeof ROUTES;

/**
 * The timer's events (issue 35). Each carries the device's time of the tap in its body (`en`) and,
 * on every attempt, the device's time of sending in a header: the server corrects the device's
 * clock with the two. One timer runs per person, so these go in the order they were taken across
 * all of the person's tasks, not only per task.
 */
export const TIMER_KINDS = ['cronometro_iniciar', 'cronometro_reanudar', 'cronometro_pausar', 'cronometro_finalizar'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];
export function isTimerKind(kind: OutboxKind): kind is TimerKind {
  return (TIMER_KINDS as readonly string[]).includes(kind);
}

/** The headers a change is sent with: its Idempotency-Key and, for a timer event, the device's clock now. */
function headersOf(id: string, kind: OutboxKind): Record<string, string> {
  return isTimerKind(kind)
    ? { [IDEMPOTENCY_HEADER]: id, [DEVICE_TIME_HEADER]: new Date().toISOString() }
    : { [IDEMPOTENCY_HEADER]: id };
}

export interface OutboxEntry {
  /** The change's Idempotency-Key: sent twice, written once. */
  id: string;
  user: string;
  kind: OutboxKind;
  params: Record<string, string>;
  body: unknown;
  /** The photo or file of an upload (IndexedDB keeps the bytes). */
  file?: { blob: Blob; name: string };
  /** The assigned task it belongs to (its card and drawer show it as pending); a problem report's uuid for its report and photos. */
  task: string;
  /** What the person did, in words, for the notice if it is refused. */
  label: string;
  /** The task's title, for screens that show a change still waiting (the header's running timer). */
  title?: string;
  createdAt: number;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore('gestar-salida', 'cambios'));

let queue: OutboxEntry[] = [];
let loaded: Promise<void> | null = null;
const listeners = new Set<() => void>();
const publish = () => {
  queue = [...queue];
  for (const l of listeners) l();
};

/** Reads the kept changes once (at start); later calls wait for the same read. */
export function loadOutbox(): Promise<void> {
  loaded ??= entries<string, OutboxEntry>(db())
    .then((all) => {
      const known = new Set(queue.map((e) => e.id));
      queue = [...queue, ...all.map(([, e]) => e).filter((e) => !known.has(e.id))].sort((a, b) => a.createdAt - b.createdAt);
      publish();
    })
    .catch(() => undefined);
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The pending changes of this person (all kinds), oldest first. */
export function usePendingChanges(): readonly OutboxEntry[] {
  return useSyncExternalStore(subscribe, () => queue, () => queue);
}

/** The pending changes of one kind for the assigned task `task`, oldest first. */
export function usePending(kind: OutboxKind, task: string): OutboxEntry[] {
  return usePendingChanges().filter((e) => e.kind === kind && e.task === task);
}

/** Whether a change of the assigned task `task` waits to be sent (its card says so). */
export function useTaskPending(task: string): boolean {
  return useSyncExternalStore(subscribe, () => hasPending(task), () => false);
}

/** Whether changes of the assigned task `task` still wait: a new one must go after them. */
export function hasPending(task: string): boolean {
  return queue.some((e) => e.task === task);
}

/** Whether a change must wait for older ones: those of its task, and for a timer event every timer event. */
function mustWait(change: { kind: OutboxKind; task: string }): boolean {
  return hasPending(change.task) || (isTimerKind(change.kind) && queue.some((e) => isTimerKind(e.kind)));
}

/** Keeps a change to send later; answers it. */
export async function enqueue(
  change: Omit<OutboxEntry, 'id' | 'user' | 'createdAt'> & { id?: string },
): Promise<OutboxEntry> {
  const user = getSession().user?.uuid;
  if (!user) throw new Error('Sin sesión');
  // Strictly after the last one: two changes in the same millisecond keep their order after a reload.
  const createdAt = Math.max(Date.now(), (queue.at(-1)?.createdAt ?? 0) + 1);
  const entry: OutboxEntry = { ...change, id: change.id ?? newUuid(), user, createdAt };
  await set(entry.id, entry, db());
  queue.push(entry);
  publish();
  return entry;
}

/** Gives a waiting change another body (a pending comment edited again before it was sent). */
export async function replaceBody(id: string, body: unknown): Promise<void> {
  const entry = queue.find((e) => e.id === id);
  if (!entry) return;
  const next = { ...entry, body };
  await set(id, next, db());
  queue = queue.map((e) => (e.id === id ? next : e));
  publish();
}

/** Forgets a waiting change the person took back (a pending comment or photo deleted). */
export function discard(id: string): Promise<void> {
  return remove(id);
}

async function remove(id: string): Promise<void> {
  await del(id, db()).catch(() => undefined);
  queue = queue.filter((e) => e.id !== id);
  publish();
}

/** A fetch that never reached the server (no network): the change waits. */
export function isOffline(error: unknown): boolean {
  return error instanceof TypeError || !navigator.onLine;
}

function routeOf(e: OutboxEntry): RouteDescriptor | undefined {
  return (ROUTES as Record<string, RouteDescriptor>)[e.kind];
}

export type KeptChange = Omit<OutboxEntry, 'id' | 'user' | 'createdAt'>;

/**
 * Sends a change now, or keeps it when there is no network or older changes of the same task
 * still wait (it must go after them). The request and the kept change share one Idempotency-Key,
 * so a request whose answer was lost on the way is not written twice when it is sent again.
 */
export async function sendOrKeep<T>(
  client: QueryClient,
  change: KeptChange,
): Promise<{ queued: true; entry: OutboxEntry } | { queued: false; answer: T }> {
  const id = newUuid();
  const later = async () => {
    const entry = await enqueue({ ...change, id });
    if (navigator.onLine) void flushOutbox(client);
    return { queued: true as const, entry };
  };
  if (!navigator.onLine || mustWait(change)) return later();
  try {
    const answer = (await apiRequest(ROUTES[change.kind], {
      params: change.params,
      body: change.body,
      ...(change.file ? { file: change.file } : {}),
      headers: headersOf(id, change.kind),
    } as never)) as T;
    return { queued: false, answer };
  } catch (error) {
    if (isOffline(error)) return later();
    throw error;
  }
}

function notRefused(message: string, detail: string): void {
  notifications.show({
    color: 'red',
    title: 'No se aplicó un cambio hecho sin conexión',
    message: `${detail}. ${message}`,
    autoClose: false,
    withCloseButton: true,
  });
}

let flushing: Promise<void> | null = null;

/**
 * Sends the kept changes in order. Stops at the first one the network does not take (it is tried
 * again later); one the server refuses is dropped with a notice. Answers when done.
 */
export function flushOutbox(client: QueryClient): Promise<void> {
  flushing ??= (async () => {
    await loadOutbox();
    const user = getSession().user?.uuid;
    if (!user || !getSession().token) return; // signed out: the changes wait for the same person
    const others = queue.filter((e) => e.user !== user);
    if (others.length > 0) {
      for (const e of others) await remove(e.id);
      notifications.show({
        color: 'yellow',
        title: 'Cambios sin conexión descartados',
        message:
          others.length === 1
            ? 'Se descartó un cambio hecho sin conexión por otra persona en este dispositivo.'
            : `Se descartaron ${others.length} cambios hechos sin conexión por otra persona en este dispositivo.`,
        autoClose: false,
        withCloseButton: true,
      });
    }
    let sent = 0;
    for (const entry of queue.filter((e) => e.user === user)) {
      const route = routeOf(entry);
      if (!route) {
        await remove(entry.id);
        continue;
      }
      try {
        await apiRequest(route, {
          params: entry.params,
          body: entry.body,
          ...(entry.file ? { file: entry.file } : {}),
          headers: headersOf(entry.id, entry.kind),
        } as never);
        await remove(entry.id);
        sent++;
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 429) {
          await remove(entry.id);
          notRefused(error.message, entry.label);
          sent++;
          continue;
        }
        break; // no network, a server error or an ended session: try again later
      }
    }
    if (sent > 0) {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['assigned-tasks'] }),
        client.invalidateQueries({ queryKey: ['reports'] }),
        client.invalidateQueries({ queryKey: ['problem-reports'] }),
        client.invalidateQueries({ queryKey: ['time-entries'] }),
      ]);
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** While signed in: sends the kept changes at start, when the network returns, and every 30 s while some wait. */
export function keepSendingOutbox(client: QueryClient): () => void {
  const send = () => {
    if (navigator.onLine) void flushOutbox(client);
  };
  window.addEventListener('online', send);
  const timer = setInterval(() => {
    if (queue.length > 0) send();
  }, 30_000);
  void loadOutbox().then(send);
  return () => {
    window.removeEventListener('online', send);
    clearInterval(timer);
  };
}
