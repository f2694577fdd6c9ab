/**
 * Changes made without a network (issue 18, docs/DECISIONS.md "Offline and the installable app"):
 * kept in IndexedDB in the order they were made, each with the Idempotency-Key it will be sent with, and
 * sent when the network returns (also after the app was closed and opened again). The server's
 * state wins: a change it refuses is dropped and the person is told which and why. A change of
 * another person (someone else signed in on this phone) is dropped with a notice.
 *
 * At a shared terminal (issue 34) nothing is dropped for that: each change keeps the credential of
 * the person who made it and is sent with it, whoever is signed in by then; never as another person.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import {
  ASSIGNED_TASKS_ROUTES,
  ATTACHMENTS_ROUTES,
  DEVICE_TIME_HEADER,
  IDEMPOTENCY_HEADER,
  PROBLEM_REPORTS_ROUTES,
  TASKS_ROUTES,
  TERMINAL_CLIENT_TIME_HEADER,
  TERMINAL_PERSON_HEADER,
  TERMINAL_REPLAY_HEADER,
  TIME_ENTRIES_ROUTES,
  type RouteDescriptor,
} from '@gestar/contracts';
import { apiRequest, ApiError, newUuid } from './api-client';
import { getSession, useSession } from './session';
import { getReplayCredential, isTerminal } from './terminal-device';

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
export const TIMER_KINDS = [
  'cronometro_iniciar',
  'cronometro_reanudar',
  'cronometro_pausar',
  'cronometro_finalizar',
] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];
export function isTimerKind(kind: OutboxKind): kind is TimerKind {
  return (TIMER_KINDS as readonly string[]).includes(kind);
}

/**
 * The headers a change is sent with: its Idempotency-Key and, for a timer event or a status change
 * (each carries the device's time it was made), the device's clock now, with which the server
 * corrects the device's clock skew.
 */
function headersOf(id: string, kind: OutboxKind): Record<string, string> {
  return isTimerKind(kind) || kind === 'estado'
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
  /** At a shared terminal: the replay credential of the person's session there, sent with it and no other. */
  credential?: string;
}

/** Who is at the device when the kept changes are sent. */
export interface FlushContext {
  /** The signed-in person and their token, or nulls when nobody is. */
  user: string | null;
  token: string | null;
  /** Whether the device is a shared terminal. */
  terminal: boolean;
}

/** A change's authority: the signed-in person's session, or (terminal) its own person's replay credential. */
export type SendAs = { bearer: string } | { replay: string };

export interface FlushPlan {
  /** In order, each with the authority it goes with: always its own person's. */
  send: { entry: OutboxEntry; as: SendAs }[];
  /** Changes of another person on a personal device: dropped with a notice. */
  drop: OutboxEntry[];
}

/**
 * Which kept changes go now and with whose authority. On a personal device only the signed-in
 * person's, with their session (another person's are dropped). At a terminal every person's: the
 * signed-in person's with their session, everyone else's with the replay credential kept with the
 * change (the server checks it names that person); one without a credential waits for its person.
 */
export function planFlush(queue: readonly OutboxEntry[], at: FlushContext): FlushPlan {
  const send: FlushPlan['send'] = [];
  const drop: OutboxEntry[] = [];
  for (const entry of queue) {
    const mine = at.user !== null && entry.user === at.user;
    if (mine && at.token) {
      send.push({ entry, as: { bearer: at.token } });
    } else if (at.terminal) {
      if (!mine && entry.credential) send.push({ entry, as: { replay: entry.credential } });
    } else if (at.user !== null && !mine) {
      drop.push(entry);
    }
  }
  return { send, drop };
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
      queue = [...queue, ...all.map(([, e]) => e).filter((e) => !known.has(e.id))].sort(
        (a, b) => a.createdAt - b.createdAt,
      );
      publish();
    })
    .catch(() => undefined);
  return loaded;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The pending changes of the signed-in person (all kinds), oldest first: at a shared terminal the
 * next person never sees what the previous one left waiting.
 */
export function usePendingChanges(): readonly OutboxEntry[] {
  const all = useSyncExternalStore(
    subscribe,
    () => queue,
    () => queue,
  );
  const user = useSession().user?.uuid ?? null;
  return useMemo(() => all.filter((e) => e.user === user), [all, user]);
}

/** The pending changes of one kind for the assigned task `task`, oldest first. */
export function usePending(kind: OutboxKind, task: string): OutboxEntry[] {
  return usePendingChanges().filter((e) => e.kind === kind && e.task === task);
}

/** Whether a change of the assigned task `task` waits to be sent (its card says so). */
export function useTaskPending(task: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hasPending(task),
    () => false,
  );
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
  const { user: person, token } = getSession();
  const user = person?.uuid;
  if (!user || !token) throw new Error('Sin sesión');
  const replay = isTerminal() ? getReplayCredential() : null;
  // Strictly after the last one: two changes in the same millisecond keep their order after a reload.
  const createdAt = Math.max(Date.now(), (queue.at(-1)?.createdAt ?? 0) + 1);
  const entry: OutboxEntry = {
    ...change,
    id: change.id ?? newUuid(),
    user,
    createdAt,
    // At a terminal the change keeps the authority of the person who made it.
    ...(replay ? { credential: replay } : {}),
  };
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

/** The changes of `user` still waiting to be sent. */
export function pendingOf(user: string): number {
  return queue.filter((e) => e.user === user).length;
}

/** Forgets every kept change on this device, of every person («Salir» on a shared device). */
export async function clearOutbox(): Promise<void> {
  await loadOutbox();
  await clear(db()).catch(() => undefined);
  queue = [];
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

/** The request options that send `entry` with the authority `as`. */
function sendAs(entry: OutboxEntry, as: SendAs): { headers: Record<string, string>; as: { token: string | null } } {
  const own = headersOf(entry.id, entry.kind);
  if ('bearer' in as) return { headers: own, as: { token: as.bearer } };
  return {
    headers: {
      ...own,
      [TERMINAL_REPLAY_HEADER]: as.replay,
      [TERMINAL_PERSON_HEADER]: entry.user,
      [TERMINAL_CLIENT_TIME_HEADER]: new Date(entry.createdAt).toISOString(),
    },
    as: { token: null },
  };
}

let flushing: Promise<void> | null = null;

/**
 * Sends the kept changes in order. Stops at the first one the network does not take (it is tried
 * again later); one the server refuses is dropped with a notice. Answers when done.
 */
export function flushOutbox(client: QueryClient): Promise<void> {
  flushing ??= (async () => {
    await loadOutbox();
    const { user: person, token } = getSession();
    const terminal = isTerminal();
    // Signed out on a personal device: the changes wait for the same person.
    if (!terminal && (!person || !token)) return;
    const plan = planFlush(queue, { user: person?.uuid ?? null, token, terminal });
    if (plan.drop.length > 0) {
      for (const e of plan.drop) await remove(e.id);
      notifications.show({
        color: 'yellow',
        title: 'Cambios sin conexión descartados',
        message:
          plan.drop.length === 1
            ? 'Se descartó un cambio hecho sin conexión por otra persona en este dispositivo.'
            : `Se descartaron ${plan.drop.length} cambios hechos sin conexión por otra persona en este dispositivo.`,
        autoClose: false,
        withCloseButton: true,
      });
    }
    let sent = 0;
    /** People whose credential was refused: their later changes wait too (order per person). */
    const waiting = new Set<string>();
    for (const { entry, as } of plan.send) {
      if (waiting.has(entry.user)) continue;
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
          ...sendAs(entry, as),
        } as never);
        await remove(entry.id);
        sent++;
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 401 &&
          error.status !== 429
        ) {
          await remove(entry.id);
          // At a terminal the notice is for whoever made the change, who may not be here now.
          if (!terminal || entry.user === person?.uuid) notRefused(error.message, entry.label);
          sent++;
          continue;
        }
        // An expired or revoked replay credential: this person's changes wait for their next sign-in.
        if ('replay' in as && error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          waiting.add(entry.user);
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
