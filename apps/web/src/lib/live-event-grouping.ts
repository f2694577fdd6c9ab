/**
 * What the live events (live-events.ts) do to the cache, apart from the stream: which query keys
 * each event makes stale, the grouping of a burst of them into one refetch per key, and the
 * echoes of this tab's own changes, which refetch nothing the answer already brought.
 */
import {
  AssignedTaskChangedEventSchema,
  SERVER_EVENTS,
  TaskChangedEventSchema,
  TimeEntryChangedEventSchema,
} from '@gestar/contracts';

export type QueryKeyPrefix = readonly unknown[];

/**
 * Query keys made stale by events, invalidated together once the events stop for `quietMs`
 * (and at the latest `maxWaitMs` after the first one): a scheduler tick or a burst of changes
 * announces many events at once, and each key is then refetched once per burst, not once per
 * event. Answers the function that marks a key stale.
 */
export function staleKeyBatcher(
  invalidate: (queryKey: QueryKeyPrefix) => void,
  { quietMs = 200, maxWaitMs = 1000 }: { quietMs?: number; maxWaitMs?: number } = {},
): (queryKey: QueryKeyPrefix) => void {
  const staleKeys = new Map<string, QueryKeyPrefix>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstStaleAt = 0;
  const flush = () => {
    timer = null;
    const keys = [...staleKeys.values()];
    staleKeys.clear();
    for (const queryKey of keys) invalidate(queryKey);
  };
  return (queryKey) => {
    const now = Date.now();
    if (staleKeys.size === 0) firstStaleAt = now;
    staleKeys.set(JSON.stringify(queryKey), queryKey);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(quietMs, firstStaleAt + maxWaitMs - now)));
  };
}

/**
 * Changes this tab made itself and already applied to its cache from the answer: the echo of
 * each on the stream (one per task and recipient row) must not refetch the board again. Each
 * expectation is forgotten after `ttlMs` (an echo that never came).
 */
export function ownChangeLedger(ttlMs: number) {
  const ownChanges = new Map<string, { count: number; timer: ReturnType<typeof setTimeout> }>();
  const take = (uuid: string, count: number) => {
    const current = ownChanges.get(uuid);
    if (!current) return false;
    current.count -= count;
    if (current.count <= 0) {
      clearTimeout(current.timer);
      ownChanges.delete(uuid);
    }
    return true;
  };
  return {
    /** The next `count` events about `uuid` are this tab's; answers a function that forgets them (a refused change). */
    expect(uuid: string, count = 1): () => void {
      const previous = ownChanges.get(uuid);
      if (previous) clearTimeout(previous.timer);
      const timer = setTimeout(() => ownChanges.delete(uuid), ttlMs);
      ownChanges.set(uuid, { count: (previous?.count ?? 0) + count, timer });
      return () => void take(uuid, count);
    },
    /** Whether an event about `uuid` is the echo of this tab's change (it is then counted off). */
    consume(uuid: string): boolean {
      return take(uuid, 1);
    },
  };
}

/** Query keys an event makes stale (prefix match); `isOwn` counts off an echo of this tab's change. */
export function staleKeysOf(name: string, data: unknown, isOwn: (uuid: string) => boolean): QueryKeyPrefix[] {
  if (name === SERVER_EVENTS.assignedTaskChanged) {
    const event = AssignedTaskChangedEventSchema.safeParse(data);
    if (event.success && event.data.cambio === 'comentario') {
      return [
        ['assigned-tasks', 'comments', event.data.uuid],
        ['assigned-tasks', 'history', event.data.uuid],
      ];
    }
    // Already applied from the answer; only what the board does not show follows.
    if (event.success && isOwn(event.data.uuid)) return [['assigned-tasks', 'history', event.data.uuid], ['reports']];
    return [['assigned-tasks'], ['reports']];
  }
  if (name === SERVER_EVENTS.taskChanged) {
    if (!TaskChangedEventSchema.safeParse(data).success) return [];
    return [['tasks'], ['assigned-tasks']];
  }
  // The person's timer or intervals changed (another device, a correction by a supervisor, the
  // forgotten-timer job): the header's running timer and the time lists follow.
  if (name === SERVER_EVENTS.timeEntryChanged) {
    if (!TimeEntryChangedEventSchema.safeParse(data).success) return [];
    return [['time-entries']];
  }
  return [];
}
