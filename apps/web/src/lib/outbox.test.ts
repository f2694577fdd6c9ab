// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createStore, set } from 'idb-keyval';
import { DEVICE_TIME_HEADER, IDEMPOTENCY_HEADER } from '@gestar/contracts';
import { ANA, BETO, freshBrowser, setOnline, signIn, tokenOf } from '../test/browser-state';

/** Writes to IndexedDB are not awaited by the app: wait for them, generously on a busy machine. */
const WAIT = { timeout: 5_000, interval: 20 };

const CARD = 'c0c0c0c0-0000-4000-8000-000000000001';
const OTHER_CARD = 'c0c0c0c0-0000-4000-8000-000000000002';

interface Sent {
  method: string;
  path: string;
  key: string;
  authorization: string;
  body: unknown;
  deviceTime: string | undefined;
}

let outbox: typeof import('./outbox');
let session: typeof import('./session');
let sent: Sent[];
/** What the server does with the next requests, in order (then 204 for the rest). */
let answers: ('ok' | 'offline' | 422 | 500)[];

beforeEach(async () => {
  freshBrowser();
  sent = [];
  answers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const answer = answers.shift() ?? 'ok';
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const headers = init.headers as Record<string, string>;
      sent.push({
        method: init.method!,
        path: url,
        key: headers[IDEMPOTENCY_HEADER]!,
        authorization: headers.Authorization!,
        body: init.body ? JSON.parse(init.body as string) : undefined,
        deviceTime: headers[DEVICE_TIME_HEADER],
      });
      if (answer === 'ok') return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ statusCode: answer, message: 'La tarea ya no está asignada a usted' }), {
        status: answer,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  session = await import('./session');
  outbox = await import('./outbox');
  await signIn(session, ANA);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = () => new QueryClient();
const comment = (task: string, texto: string) =>
  ({ kind: 'comentario', params: { id: task }, body: { texto }, task, label: `Comentario: ${texto}` }) as const;
const status = (task: string, estado: string) =>
  ({ kind: 'estado', params: { id: task }, body: { estado_uuid: estado }, task, label: 'Cambio de estado' }) as const;

/** What is kept in IndexedDB, as a reload would read it. */
async function keptAfterReload() {
  vi.resetModules();
  const reloaded = await import('./outbox');
  await reloaded.loadOutbox();
  return reloaded;
}

describe('changes made without a network', () => {
  it('are kept in the order they were made, and sent in that order with their own keys', async () => {
    setOnline(false);
    const q = client();
    const a = await outbox.sendOrKeep(q, status(CARD, 'en-curso'));
    const b = await outbox.sendOrKeep(q, comment(CARD, 'Falta lija'));
    const c = await outbox.sendOrKeep(q, comment(OTHER_CARD, 'Listo'));
    expect([a.queued, b.queued, c.queued]).toEqual([true, true, true]);
    expect(sent).toEqual([]);
    expect(outbox.hasPending(CARD)).toBe(true);

    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent.map((s) => [s.method, s.path])).toEqual([
      ['PUT', `/api/assigned-tasks/${CARD}`],
      ['POST', `/api/assigned-tasks/${CARD}/comments`],
      ['POST', `/api/assigned-tasks/${OTHER_CARD}/comments`],
    ]);
    // The key each was kept with: a request whose answer was lost is not written twice.
    expect(sent.map((s) => s.key)).toEqual([a, b, c].map((r) => (r.queued ? r.entry.id : null)));
    expect(sent[1]!.body).toEqual({ texto: 'Falta lija' });
    expect(outbox.hasPending(CARD)).toBe(false);
    expect((await keptAfterReload()).hasPending(CARD)).toBe(false);
  });

  it('survive closing the app, and come back oldest first, even made within one millisecond', async () => {
    setOnline(false);
    const q = client();
    const texts = ['uno', 'dos', 'tres', 'cuatro', 'cinco'];
    // A fast phone: every change in the same millisecond (IndexedDB then answers them by random key).
    const frozen = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    for (const texto of texts) await outbox.sendOrKeep(q, comment(CARD, texto));
    frozen.mockRestore();
    const reloaded = await keptAfterReload();
    await signIn(await import('./session'), ANA);
    setOnline(true);
    await reloaded.flushOutbox(q);
    expect(sent.map((s) => s.body)).toEqual(texts.map((texto) => ({ texto })));
  });

  it('make a later change of the same task wait behind them, even online', async () => {
    setOnline(false);
    const q = client();
    await outbox.sendOrKeep(q, status(CARD, 'en-curso'));
    answers = ['offline'];
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(outbox.hasPending(CARD)).toBe(true);

    // Another task's change goes at once; this task's waits, and both of its changes go in order.
    const other = await outbox.sendOrKeep(q, comment(OTHER_CARD, 'ya'));
    expect(other.queued).toBe(false);
    const later = await outbox.sendOrKeep(q, status(CARD, 'terminada'));
    expect(later.queued).toBe(true);
    await vi.waitFor(() => expect(outbox.hasPending(CARD)).toBe(false), WAIT);
    expect(sent.map((s) => s.body)).toEqual([{ texto: 'ya' }, { estado_uuid: 'en-curso' }, { estado_uuid: 'terminada' }]);
  });

  it('stop at the first one the network does not take, keeping it and the rest in order', async () => {
    setOnline(false);
    const q = client();
    for (const texto of ['uno', 'dos', 'tres']) await outbox.sendOrKeep(q, comment(CARD, texto));
    setOnline(true);
    answers = ['ok', 'offline'];
    await outbox.flushOutbox(q);
    expect(sent.map((s) => s.body)).toEqual([{ texto: 'uno' }]);
    answers = ['ok', 500];
    await outbox.flushOutbox(q);
    expect(sent.map((s) => s.body)).toEqual([{ texto: 'uno' }, { texto: 'dos' }, { texto: 'tres' }]);
    // The server's failure is not a refusal: 'tres' waits, with the same key.
    const keyOfTres = sent[2]!.key;
    await outbox.flushOutbox(q);
    expect(sent.map((s) => s.key).slice(2)).toEqual([keyOfTres, keyOfTres]);
    expect(outbox.hasPending(CARD)).toBe(false);
  });

  it('drop one the server refuses, and go on with the next', async () => {
    setOnline(false);
    const q = client();
    await outbox.sendOrKeep(q, status(CARD, 'terminada'));
    await outbox.sendOrKeep(q, comment(CARD, 'después'));
    setOnline(true);
    answers = [422];
    await outbox.flushOutbox(q);
    expect(sent.map((s) => s.body)).toEqual([{ estado_uuid: 'terminada' }, { texto: 'después' }]);
    expect(outbox.hasPending(CARD)).toBe(false);
    expect((await keptAfterReload()).hasPending(CARD)).toBe(false);
  });

  it('wait while nobody is signed in, for the same person', async () => {
    setOnline(false);
    const q = client();
    await outbox.sendOrKeep(q, comment(CARD, 'pendiente'));
    session.endSession();
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([]);
    expect(outbox.hasPending(CARD)).toBe(true);
  });

  it('of another person on this phone are discarded, never sent with this person\'s session', async () => {
    setOnline(false);
    const q = client();
    await outbox.sendOrKeep(q, comment(CARD, 'de Ana'));
    // Beto signs in on the same phone (Ana's change still waits) and makes his own.
    await signIn(session, BETO);
    await outbox.sendOrKeep(q, comment(OTHER_CARD, 'de Beto'));
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent.map((s) => [s.body, s.authorization])).toEqual([[{ texto: 'de Beto' }, `Bearer ${tokenOf(BETO)}`]]);
    expect(outbox.hasPending(CARD)).toBe(false);
    // Discarded for good: Ana signing in again finds nothing to send.
    const reloaded = await keptAfterReload();
    expect(reloaded.hasPending(CARD)).toBe(false);
  });

  it('left before this app started come back in the order they were made; another person\'s are discarded', async () => {
    const store = createStore('gestar-salida', 'cambios');
    const base = { kind: 'comentario', params: { id: CARD }, task: CARD, label: 'Comentario' };
    // IndexedDB answers by key ("a" < "m" < "z"): the opposite of the order they were made in.
    await set('a-tarde', { ...base, id: 'a-tarde', user: ANA, body: { texto: 'segundo' }, createdAt: 2 }, store);
    await set('m-ajeno', { ...base, id: 'm-ajeno', user: BETO, body: { texto: 'ajeno' }, createdAt: 1 }, store);
    await set('z-temprano', { ...base, id: 'z-temprano', user: ANA, body: { texto: 'primero' }, createdAt: 0 }, store);
    await outbox.flushOutbox(client());
    expect(sent.map((s) => [s.key, s.body])).toEqual([
      ['z-temprano', { texto: 'primero' }],
      ['a-tarde', { texto: 'segundo' }],
    ]);
  });

  it('can be taken back or changed before they are sent', async () => {
    setOnline(false);
    const q = client();
    const first = await outbox.sendOrKeep(q, comment(CARD, 'borrador'));
    const second = await outbox.sendOrKeep(q, comment(CARD, 'se borra'));
    if (!first.queued || !second.queued) throw new Error('expected both kept');
    await outbox.replaceBody(first.entry.id, { texto: 'corregido' });
    await outbox.discard(second.entry.id);
    const reloaded = await keptAfterReload();
    setOnline(true);
    await reloaded.flushOutbox(q);
    expect(sent.map((s) => [s.key, s.body])).toEqual([[first.entry.id, { texto: 'corregido' }]]);
  });
});

describe('timer events (issue 35)', () => {
  const timer = (kind: 'cronometro_iniciar' | 'cronometro_pausar', task: string, en: string) =>
    ({ kind, params: {}, body: { tarea_asignada_uuid: task, en }, task, label: 'Cronómetro' }) as const;

  it('carry the device time of the tap in the body and, at each attempt, the device time of sending in a header', async () => {
    setOnline(false);
    const q = client();
    const tap = new Date(Date.now() - 3_600_000).toISOString();
    await outbox.sendOrKeep(q, timer('cronometro_iniciar', CARD, tap));
    setOnline(true);
    answers = ['offline'];
    await outbox.flushOutbox(q);
    const firstTry = Date.now();
    await new Promise((r) => setTimeout(r, 15));
    await outbox.flushOutbox(q);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ tarea_asignada_uuid: CARD, en: tap });
    // Sent now, not when the tap was kept: the server measures the device's clock by it.
    expect(Date.parse(sent[0]!.deviceTime!)).toBeGreaterThan(firstTry);
  });

  it('wait behind every timer event of the person, whatever the task, even online', async () => {
    setOnline(false);
    const q = client();
    await outbox.sendOrKeep(q, timer('cronometro_iniciar', CARD, new Date().toISOString()));
    // The network is back, the first start not sent yet: the start of another task must not overtake it.
    setOnline(true);
    const later = await outbox.sendOrKeep(q, timer('cronometro_iniciar', OTHER_CARD, new Date().toISOString()));
    expect(later.queued).toBe(true);
    await outbox.flushOutbox(q);
    expect(sent.map((s) => (s.body as { tarea_asignada_uuid: string }).tarea_asignada_uuid)).toEqual([CARD, OTHER_CARD]);
    expect(sent.every((s) => s.deviceTime !== undefined)).toBe(true);
  });

  it('a status change carries the device time of its sending, other changes none', async () => {
    setOnline(true);
    const before = Date.now();
    await outbox.sendOrKeep(client(), status(CARD, 'en-curso'));
    expect(Date.parse(sent[0]!.deviceTime!)).toBeGreaterThanOrEqual(before);
    await outbox.sendOrKeep(client(), comment(CARD, 'Listo'));
    expect(sent[1]!.deviceTime).toBeUndefined();
  });
});
