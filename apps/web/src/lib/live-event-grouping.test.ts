import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_EVENTS } from '@gestar/contracts';
import { ownChangeLedger, staleKeyBatcher, staleKeysOf, type QueryKeyPrefix } from './live-event-grouping';

const TASK = '6f1c1d0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const AREA = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';
/** An assigned task's event as the API sends it. */
const changed = (cambio: string, uuid = TASK) => ({ uuid, tarea_uuid: OTHER, empleado_uuid: AREA, cambio });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a burst of events', () => {
  const batcher = () => {
    const invalidated: QueryKeyPrefix[][] = [];
    let batch: QueryKeyPrefix[] = [];
    const mark = staleKeyBatcher((key) => batch.push(key), { quietMs: 200, maxWaitMs: 1000 });
    const flushes = () => {
      if (batch.length) invalidated.push(batch);
      batch = [];
      return invalidated;
    };
    return { mark, flushes };
  };

  it('invalidates each key once, after the events stop for a moment', () => {
    const { mark, flushes } = batcher();
    mark(['assigned-tasks']);
    mark(['reports']);
    vi.advanceTimersByTime(150);
    mark(['assigned-tasks']);
    mark(['reports']);
    vi.advanceTimersByTime(199);
    expect(flushes()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(flushes()).toEqual([[['assigned-tasks'], ['reports']]]);
  });

  it('invalidates at the latest a second after the first event, however long the burst', () => {
    const { mark, flushes } = batcher();
    for (let ms = 0; ms < 1000; ms += 100) {
      mark(['assigned-tasks']);
      vi.advanceTimersByTime(100);
    }
    expect(flushes()).toEqual([[['assigned-tasks']]]);
    // The next burst starts its own second.
    mark(['tasks']);
    vi.advanceTimersByTime(199);
    expect(flushes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(flushes()).toEqual([[['assigned-tasks']], [['tasks']]]);
  });

  it('tells keys apart by their whole content', () => {
    const { mark, flushes } = batcher();
    mark(['assigned-tasks', 'comments', TASK]);
    mark(['assigned-tasks', 'comments', OTHER]);
    mark(['assigned-tasks', 'comments', TASK]);
    vi.advanceTimersByTime(200);
    expect(flushes()).toEqual([
      [
        ['assigned-tasks', 'comments', TASK],
        ['assigned-tasks', 'comments', OTHER],
      ],
    ]);
  });
});

describe('the keys an event makes stale', () => {
  const never = () => false;

  it('refetches the board and the reports when an assigned task changes', () => {
    expect(staleKeysOf(SERVER_EVENTS.assignedTaskChanged, changed('estado'), never)).toEqual([
      ['assigned-tasks'],
      ['reports'],
    ]);
  });

  it('refetches only that task\'s comments and history for a comment', () => {
    const isOwn = vi.fn(() => true);
    expect(staleKeysOf(SERVER_EVENTS.assignedTaskChanged, changed('comentario'), isOwn)).toEqual([
      ['assigned-tasks', 'comments', TASK],
      ['assigned-tasks', 'history', TASK],
    ]);
    // A comment is never counted as the echo of a card change.
    expect(isOwn).not.toHaveBeenCalled();
  });

  it('refetches only the history and the reports for the echo of this tab\'s own change', () => {
    expect(staleKeysOf(SERVER_EVENTS.assignedTaskChanged, changed('estado'), (id) => id === TASK)).toEqual([
      ['assigned-tasks', 'history', TASK],
      ['reports'],
    ]);
  });

  it('refetches tasks and the board when a task changes, and nothing for a malformed event', () => {
    expect(staleKeysOf(SERVER_EVENTS.taskChanged, { uuid: TASK, area_uuid: AREA, activo: true }, never)).toEqual([['tasks'], ['assigned-tasks']]);
    expect(staleKeysOf(SERVER_EVENTS.taskChanged, { nada: 1 }, never)).toEqual([]);
    expect(staleKeysOf(SERVER_EVENTS.notification, { titulo: 'x' }, never)).toEqual([]);
  });

  it('refetches the running timer and the time lists when the person\'s time changes (issue 35)', () => {
    const event = { usuario_uuid: AREA, tarea_asignada_uuid: TASK, en_marcha: false };
    expect(staleKeysOf(SERVER_EVENTS.timeEntryChanged, event, never)).toEqual([['time-entries']]);
    expect(staleKeysOf(SERVER_EVENTS.timeEntryChanged, { nada: 1 }, never)).toEqual([]);
  });

  it('refetches the whole board for an assigned-task event it cannot read', () => {
    expect(staleKeysOf(SERVER_EVENTS.assignedTaskChanged, null, never)).toEqual([['assigned-tasks'], ['reports']]);
  });
});

describe('echoes of this tab\'s own changes', () => {
  it('counts off as many echoes as were expected, then lets the next event through', () => {
    const own = ownChangeLedger(10_000);
    own.expect(TASK, 2);
    expect(own.consume(OTHER)).toBe(false);
    expect(own.consume(TASK)).toBe(true);
    expect(own.consume(TASK)).toBe(true);
    expect(own.consume(TASK)).toBe(false);
  });

  it('adds up two changes of the same task', () => {
    const own = ownChangeLedger(10_000);
    own.expect(TASK);
    own.expect(TASK);
    expect([own.consume(TASK), own.consume(TASK), own.consume(TASK)]).toEqual([true, true, false]);
  });

  it('forgets a refused change, keeping the others of the task', () => {
    const own = ownChangeLedger(10_000);
    own.expect(TASK);
    const forget = own.expect(TASK, 2);
    forget();
    expect([own.consume(TASK), own.consume(TASK)]).toEqual([true, false]);
  });

  it('forgets an echo that never came, so a later change by someone else refetches', () => {
    const own = ownChangeLedger(10_000);
    own.expect(TASK);
    vi.advanceTimersByTime(9_999);
    own.expect(OTHER);
    vi.advanceTimersByTime(1);
    expect(own.consume(TASK)).toBe(false);
    expect(own.consume(OTHER)).toBe(true);
  });

  it('restarts the wait when the same task changes again', () => {
    const own = ownChangeLedger(10_000);
    own.expect(TASK);
    vi.advanceTimersByTime(9_000);
    own.expect(TASK);
    vi.advanceTimersByTime(9_000);
    expect(own.consume(TASK)).toBe(true);
  });
});
