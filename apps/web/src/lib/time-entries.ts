/**
 * Time on task (issue 35): the person's running timer, its events and their intervals.
 *
 * The timer is the person's, not a screen's: the header shows it on every screen, the board's card
 * and the task drawer show it on the task it runs on. What they show is the server's running
 * interval (GET /api/time-entries/current, kept for offline use like every read) with the events
 * still waiting in the outbox applied on top, in the order they were taken: a timer started or
 * paused without a network shows at once, counted by this device's clock, and the server places
 * the events where they happened when they arrive (lib/outbox.ts sends the device's time).
 *
 * Screens subscribe to one task's state only (`useTimerOn`): a tick or a change re-renders the
 * card of the task it is about, never the whole board.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  TIME_ENTRIES_ROUTES,
  type CorrectTimeEntryRequest,
  type CreateTimeEntryRequest,
  type FinishTimeEntryResponse,
  type StartTimeEntryResponse,
  type TimeEntryListQuery,
  type TimeEntryListResponse,
  type TimeEntryResponse,
} from '@gestar/contracts';
import { apiRequest } from './api-client';
import { isTimerKind, sendOrKeep, usePendingChanges, type OutboxEntry, type TimerKind } from './outbox';
import { useSession } from './session';
import { useCan } from './can';
import { CACHE_TIMES } from './ui-settings';

export const TIME_ENTRIES_KEY = ['time-entries'] as const;

/** The server's running interval and when this device received it (to count from, by its own clock). */
export interface CurrentTimer {
  intervalo: TimeEntryResponse | null;
  recibido_en: number;
}

export async function fetchCurrentTimer(): Promise<CurrentTimer> {
  const answer = await apiRequest(TIME_ENTRIES_ROUTES.current);
  return { intervalo: answer.intervalo, recibido_en: Date.now() };
}

export function currentTimerQueryOptions(user: string | undefined) {
  return queryOptions({
    queryKey: [...TIME_ENTRIES_KEY, 'current', user ?? ''] as const,
    queryFn: fetchCurrentTimer,
    staleTime: CACHE_TIMES.assignedTasks,
    enabled: user !== undefined,
  });
}

/** A page of intervals (own by default). */
export function fetchTimeEntries(query: Partial<TimeEntryListQuery>): Promise<TimeEntryListResponse> {
  return apiRequest(TIME_ENTRIES_ROUTES.list, { query });
}

export function timeEntriesQueryOptions(query: Partial<TimeEntryListQuery>, enabled = true) {
  return queryOptions({
    queryKey: [...TIME_ENTRIES_KEY, 'list', query] as const,
    queryFn: () => fetchTimeEntries(query),
    staleTime: CACHE_TIMES.assignedTasks,
    enabled,
  });
}

/** The intervals of one task (the drawer's list and total). */
export function useTaskTimeEntries(task: string, enabled = true) {
  return useQuery(timeEntriesQueryOptions({ tarea_asignada_uuid: task, limit: 100 }, enabled));
}

/** The person's intervals paused automatically and not yet confirmed (the next day's notice). */
export function useUnconfirmedEntries(enabled: boolean) {
  return useQuery(timeEntriesQueryOptions({ sin_confirmar: true, limit: 20 }, enabled));
}

/** The running timer as the screens show it. `since`: when it started, on this device's clock. */
export interface RunningTimer {
  task: string;
  titulo: string;
  since: number;
  /** Its start still waits in the outbox. */
  pending: boolean;
}

/** The server's running interval, counted from this device's clock (its running seconds at reception). */
export function runningFromServer(current: CurrentTimer | undefined): RunningTimer | null {
  const i = current?.intervalo;
  if (!i || !i.en_marcha) return null;
  return { task: i.tarea_asignada_uuid, titulo: i.titulo, since: current.recibido_en - i.segundos * 1000, pending: false };
}

/**
 * The running timer after the events still waiting, in order: a start (or resume) runs on its task
 * from the tap and stops whatever ran; a pause or a finish of the running task stops it.
 */
export function applyTimerEvents(
  base: RunningTimer | null,
  events: readonly Pick<OutboxEntry, 'kind' | 'task' | 'body' | 'title' | 'createdAt'>[],
): RunningTimer | null {
  let running = base;
  for (const e of events) {
    if (!isTimerKind(e.kind)) continue;
    const at = Date.parse((e.body as { en?: string }).en ?? '') || e.createdAt;
    if (e.kind === 'cronometro_iniciar' || e.kind === 'cronometro_reanudar') {
      running = { task: e.task, titulo: e.title ?? running?.titulo ?? '', since: at, pending: true };
    } else if (running?.task === e.task) running = null;
  }
  return running;
}

/* The derived timer lives in one small store (fed by `useTimerSync`, mounted once in the shell). */
let shown: RunningTimer | null = null;
const listeners = new Set<() => void>();
function publish(next: RunningTimer | null): void {
  if (
    next?.task === shown?.task &&
    next?.since === shown?.since &&
    next?.pending === shown?.pending &&
    next?.titulo === shown?.titulo
  )
    return;
  shown = next;
  for (const l of listeners) l();
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the shown timer up to date: the server's, with the events waiting applied. Mounted once, in the shell. */
export function useTimerSync(): void {
  const user = useSession().user?.uuid;
  const canTrack = useCan()({ anyOf: ['track:time'] });
  // Read again every minute: the forgotten-timer job or another device may have paused it.
  const current = useQuery({ ...currentTimerQueryOptions(user), enabled: user !== undefined && canTrack, refetchInterval: 60_000 });
  const pending = usePendingChanges();
  const events = useMemo(() => pending.filter((e) => e.user === user && isTimerKind(e.kind)), [pending, user]);
  const next = useMemo(
    () => (canTrack ? applyTimerEvents(runningFromServer(current.data), events) : null),
    [canTrack, current.data, events],
  );
  useEffect(() => publish(next), [next]);
  useEffect(() => () => publish(null), []);
}

/** The person's running timer (the header). */
export function useRunningTimer(): RunningTimer | null {
  return useSyncExternalStore(subscribe, () => shown, () => null);
}

/** When the timer started on `task` (device clock), or null when it does not run there. */
export function useTimerOn(task: string): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (shown?.task === task ? shown.since : null),
    () => null,
  );
}

/* One shared one-second tick for every clock on screen, running only while one shows. */
let tick = Date.now();
let ticker: ReturnType<typeof setInterval> | null = null;
const tickListeners = new Set<() => void>();
function subscribeTick(listener: () => void): () => void {
  tickListeners.add(listener);
  if (!ticker) {
    tick = Date.now();
    ticker = setInterval(() => {
      tick = Date.now();
      for (const l of tickListeners) l();
    }, 1000);
  }
  return () => {
    tickListeners.delete(listener);
    if (tickListeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** This device's now, once a second. */
export function useNow(): number {
  return useSyncExternalStore(subscribeTick, () => tick, () => tick);
}

/* Changes. */

export type TimerAction = 'iniciar' | 'reanudar' | 'pausar' | 'finalizar';
const KIND: Record<TimerAction, TimerKind> = {
  iniciar: 'cronometro_iniciar',
  reanudar: 'cronometro_reanudar',
  pausar: 'cronometro_pausar',
  finalizar: 'cronometro_finalizar',
};
const VERB: Record<TimerAction, string> = { iniciar: 'Iniciar', reanudar: 'Reanudar', pausar: 'Pausar', finalizar: 'Finalizar' };

export type TimerOutcome =
  | { queued: true }
  | { queued: false; action: 'iniciar' | 'reanudar'; answer: StartTimeEntryResponse }
  | { queued: false; action: 'pausar'; answer: TimeEntryResponse }
  | { queued: false; action: 'finalizar'; answer: FinishTimeEntryResponse };

/**
 * Takes a timer event now, with this device's time of the tap, and sends it (or keeps it for when
 * the network returns). A direct answer replaces the running timer at once.
 */
export async function timerEvent(
  client: QueryClient,
  user: string,
  action: TimerAction,
  task: { uuid: string; titulo: string },
  estadoUuid?: string,
): Promise<TimerOutcome> {
  const body = {
    tarea_asignada_uuid: task.uuid,
    en: new Date().toISOString(),
    ...(action === 'finalizar' && estadoUuid ? { estado_uuid: estadoUuid } : {}),
  };
  let result: Awaited<ReturnType<typeof sendOrKeep<unknown>>>;
  try {
    result = await sendOrKeep<unknown>(client, {
      kind: KIND[action],
      params: {},
      body,
      task: task.uuid,
      title: task.titulo,
      label: `«${task.titulo}»: ${VERB[action]} el cronómetro`,
    });
  } catch (error) {
    // Refused (the server's state wins, e.g. the job already paused it): show the server's state.
    void client.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
    throw error;
  }
  if (result.queued) return { queued: true };
  const key = currentTimerQueryOptions(user).queryKey;
  const now = Date.now();
  if (action === 'iniciar' || action === 'reanudar') {
    const answer = result.answer as StartTimeEntryResponse;
    client.setQueryData<CurrentTimer>(key, { intervalo: answer.intervalo, recibido_en: now });
  } else {
    const current = client.getQueryData<CurrentTimer>(key);
    if (current?.intervalo?.tarea_asignada_uuid === task.uuid) client.setQueryData<CurrentTimer>(key, { intervalo: null, recibido_en: now });
  }
  void client.invalidateQueries({ queryKey: [...TIME_ENTRIES_KEY, 'list'] });
  if (action === 'finalizar') {
    void client.invalidateQueries({ queryKey: ['assigned-tasks'] });
    void client.invalidateQueries({ queryKey: ['reports'] });
  }
  const answer = result.answer;
  return { queued: false, action, answer } as TimerOutcome;
}

/** The timer's actions for the signed-in person. */
export function useTimerActions() {
  const client = useQueryClient();
  const user = useSession().user?.uuid;
  return useMemo(
    () => ({
      run: (action: TimerAction, task: { uuid: string; titulo: string }, estadoUuid?: string) => {
        if (!user) return Promise.reject(new Error(MESSAGES.errors.sessionExpired));
        return timerEvent(client, user, action, task, estadoUuid);
      },
    }),
    [client, user],
  );
}

/** Adds an interval by hand, with its reason. */
export async function addTimeEntry(client: QueryClient, body: CreateTimeEntryRequest): Promise<TimeEntryResponse> {
  const answer = await apiRequest(TIME_ENTRIES_ROUTES.create, { body });
  void client.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
  return answer;
}

/** Corrects an interval's start and/or end, with its reason. */
export async function correctTimeEntry(client: QueryClient, id: string, body: CorrectTimeEntryRequest): Promise<TimeEntryResponse> {
  const answer = await apiRequest(TIME_ENTRIES_ROUTES.correct, { params: { id }, body });
  void client.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
  return answer;
}

/** Confirms an interval paused automatically, as it was left. */
export async function confirmTimeEntry(client: QueryClient, id: string): Promise<TimeEntryResponse> {
  const answer = await apiRequest(TIME_ENTRIES_ROUTES.confirm, { params: { id } });
  void client.invalidateQueries({ queryKey: TIME_ENTRIES_KEY });
  return answer;
}

/** Every interval of a period (pages of 100, at most MAX_PAGES): the timesheet and its export. */
const MAX_PAGES = 20;
export async function fetchAllTimeEntries(query: Omit<Partial<TimeEntryListQuery>, 'page' | 'limit'>): Promise<TimeEntryListResponse> {
  const first = await fetchTimeEntries({ ...query, page: 1, limit: 100 });
  const data = [...first.data];
  const pages = Math.min(first.meta.totalPages, MAX_PAGES);
  for (let page = 2; page <= pages; page++) data.push(...(await fetchTimeEntries({ ...query, page, limit: 100 })).data);
  return { ...first, data };
}

/** The person's own intervals of the last two weeks: which tasks already have time («Reanudar»). */
function recentQuery(): Partial<TimeEntryListQuery> {
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  from.setDate(from.getDate() - 14);
  return { desde: from.toISOString(), limit: 100 };
}

/** Whether the person already has time on `task`: an interval of the last two weeks, or an event waiting. */
export function useHasTime(task: string, enabled: boolean): boolean {
  const recent = useQuery({
    ...timeEntriesQueryOptions(recentQuery(), enabled),
    select: (page) => page.data.some((e) => e.tarea_asignada_uuid === task),
  });
  const waiting = useSyncExternalStore(
    subscribe,
    () => shown?.task === task,
    () => false,
  );
  return recent.data === true || waiting;
}
