// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ANA, BETO, freshBrowser, setOnline, signIn } from '../test/browser-state';
import { OFFLINE_MAX_AGE_MS } from './ui-settings';

/** Writes to IndexedDB are not awaited by the app: wait for them, generously on a busy machine. */
const WAIT = { timeout: 5_000, interval: 20 };

const BOARD = ['assigned-tasks', 'board', ANA] as const;
const STATUSES = ['assigned-tasks', 'statuses'] as const;
const board = [{ uuid: 't1', titulo: 'Lijar la mesa' }];
const statuses = [{ uuid: 's1', nombre: 'Pendiente' }];

let cache: typeof import('./offline-cache');
let session: typeof import('./session');

beforeEach(async () => {
  freshBrowser();
  session = await import('./session');
  cache = await import('./offline-cache');
  await signIn(session, ANA);
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

/** Ana reads the board and the statuses with the copy kept, then closes the page (which writes it). */
async function readAndLeave(reads: [readonly unknown[], unknown][] = [[BOARD, board], [STATUSES, statuses]]) {
  const first = client();
  const stop = cache.keepOfflineCache(first, ANA);
  for (const [queryKey, data] of reads) await first.fetchQuery({ queryKey, queryFn: async () => data });
  stop();
  return first;
}

/** Restores into `into` once the copy's writes have landed (they are not awaited by the page). */
async function restored(into: QueryClient, user = ANA, expected?: number): Promise<number> {
  let count = 0;
  await vi.waitFor(async () => {
    count = await cache.restoreOfflineCache(into, user);
    if (expected !== undefined) expect(count).toBe(expected);
  }, WAIT);
  return count;
}

describe('the offline copy of what was read', () => {
  it('puts a person\'s reads back in a new page, with the time the server answered them', async () => {
    const first = await readAndLeave();
    const second = client();
    expect(await restored(second, ANA, 2)).toBe(2);
    expect(second.getQueryData(BOARD)).toEqual(board);
    expect(second.getQueryData(STATUSES)).toEqual(statuses);
    expect(second.getQueryState(BOARD)!.dataUpdatedAt).toBe(first.getQueryState(BOARD)!.dataUpdatedAt);
    expect(cache.lastAnswerAt()).toBe(first.getQueryState(STATUSES)!.dataUpdatedAt);
  });

  it('groups a burst of answers into one write, made 300 ms after the first', async () => {
    const page = client();
    cache.keepOfflineCache(page, ANA);
    await page.fetchQuery({ queryKey: BOARD, queryFn: async () => board });
    await page.fetchQuery({ queryKey: STATUSES, queryFn: async () => statuses });
    expect(await cache.restoreOfflineCache(client(), ANA)).toBe(0);
    expect(await restored(client(), ANA, 2)).toBe(2);
  });

  it('does not keep files, reports, the audit or sign-in answers', async () => {
    await readAndLeave([
      [['attachments', 'x'], 'blob:http://localhost/1'],
      [['reports', 'pdf'], { filas: 1 }],
      [['audit', 1], []],
      [['auth', 'me'], { uuid: ANA }],
      [BOARD, board],
    ]);
    const second = client();
    await restored(second, ANA, 1);
    expect(second.getQueryCache().getAll().map((q) => q.queryKey[0])).toEqual(['assigned-tasks']);
  });

  it('never gives one person\'s reads to another on the same phone', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    expect(await cache.restoreOfflineCache(client(), BETO)).toBe(0);
  });

  it('writes nothing more for a person who signed out before the write', async () => {
    const page = client();
    cache.keepOfflineCache(page, ANA);
    await page.fetchQuery({ queryKey: BOARD, queryFn: async () => board });
    // Another person signs in on the phone within the grouping delay.
    await signIn(session, BETO);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await cache.restoreOfflineCache(client(), ANA)).toBe(0);
  });

  it('does not replace what the page already has newer', async () => {
    await readAndLeave();
    const second = client();
    second.setQueryData(BOARD, [], { updatedAt: Date.now() + 1000 });
    await restored(second, ANA, 1);
    expect(second.getQueryData(BOARD)).toEqual([]);
    expect(second.getQueryData(STATUSES)).toEqual(statuses);
  });

  it('forgets reads older than the offline limit', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + OFFLINE_MAX_AGE_MS + 1000);
    expect(await cache.restoreOfflineCache(client(), ANA)).toBe(0);
    later.mockRestore();
    // Deleted, not only skipped.
    expect(await cache.restoreOfflineCache(client(), ANA)).toBe(0);
  });

  it('answers a read that failed for want of a network from the copy', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    const page = client();
    cache.keepOfflineCache(page, ANA);
    await expect(
      page.fetchQuery({ queryKey: BOARD, queryFn: async () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toThrow(TypeError);
    await vi.waitFor(() => expect(page.getQueryData(BOARD)).toEqual(board), WAIT);
    // Only that read: the statuses were not asked for.
    expect(page.getQueryData(STATUSES)).toBeUndefined();
  });

  it('does not answer a refusal of the server from the copy', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    const page = client();
    cache.keepOfflineCache(page, ANA);
    await expect(page.fetchQuery({ queryKey: BOARD, queryFn: async () => Promise.reject(new Error('403')) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(page.getQueryData(BOARD)).toBeUndefined();
  });

  it('puts everything back when the network drops', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    const page = client();
    cache.keepOfflineCache(page, ANA);
    setOnline(false);
    await vi.waitFor(() => expect(page.getQueryData(STATUSES)).toEqual(statuses), WAIT);
    expect(page.getQueryData(BOARD)).toEqual(board);
  });

  it('is emptied at logout', async () => {
    await readAndLeave();
    await restored(client(), ANA, 2);
    await cache.clearOfflineCache();
    expect(await cache.restoreOfflineCache(client(), ANA)).toBe(0);
    expect(cache.lastAnswerAt()).toBe(0);
  });
});
