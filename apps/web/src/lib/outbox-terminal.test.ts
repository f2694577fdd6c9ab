// @vitest-environment happy-dom
/**
 * The outbox at a shared terminal (issue 34): each kept change goes with the authority of the
 * person who made it, whoever is signed in when the network returns; never as another person.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ANA, BETO, freshBrowser, setOnline, signIn, tokenOf } from '../test/browser-state';
import type { OutboxEntry } from './outbox';

const CARD = 'c0c0c0c0-0000-4000-8000-000000000001';
const OTHER_CARD = 'c0c0c0c0-0000-4000-8000-000000000002';
const CARLA = 'c3c3c3c3-0000-4000-8000-000000000003';

let outbox: typeof import('./outbox');
let session: typeof import('./session');
let terminal: typeof import('./terminal-device');
let sent: { body: unknown; authorization: string }[];
let refuse: Set<string>;

beforeEach(async () => {
  freshBrowser();
  sent = [];
  refuse = new Set();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      if (!navigator.onLine) throw new TypeError('Failed to fetch');
      if (refuse.has(headers.Authorization!)) {
        return new Response(JSON.stringify({ statusCode: 401, message: 'Sesión vencida' }), { status: 401 });
      }
      sent.push({ body: init.body ? JSON.parse(init.body as string) : undefined, authorization: headers.Authorization! });
      return new Response(null, { status: 204 });
    }),
  );
  terminal = await import('./terminal-device');
  session = await import('./session');
  outbox = await import('./outbox');
  terminal.saveTerminal({
    uuid: 'd0d0d0d0-0000-4000-8000-000000000000',
    nombre: 'Tablet 1',
    area: { uuid: 'e0e0e0e0-0000-4000-8000-000000000000', nombre: 'Carpintería' },
    minutos_inactividad: 2,
    credencial: 'credencial-del-terminal',
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const comment = (task: string, texto: string) =>
  ({ kind: 'comentario', params: { id: task }, body: { texto }, task, label: `Comentario: ${texto}` }) as const;

function entry(user: string, id: string, credential?: string): OutboxEntry {
  return { id, user, kind: 'comentario', params: {}, body: {}, task: CARD, label: '', createdAt: 0, ...(credential ? { credential } : {}) };
}

describe('planFlush', () => {
  const queue = [entry(ANA, 'a1', 'tok-ana'), entry(BETO, 'b1', 'tok-beto'), entry(CARLA, 'c1'), entry(ANA, 'a2', 'tok-ana')];

  it('at a terminal sends every person\'s change with their own token, the signed-in one with the current', () => {
    const plan = outbox.planFlush(queue, { user: BETO, token: 'tok-beto-nuevo', terminal: true });
    expect(plan.send.map((s) => [s.entry.id, s.token])).toEqual([
      ['a1', 'tok-ana'],
      ['b1', 'tok-beto-nuevo'],
      ['a2', 'tok-ana'],
    ]);
    // Carla's has no credential of its own: it waits for her, it is not sent as Beto.
    expect(plan.drop).toEqual([]);
  });

  it('at a terminal with nobody signed in still sends each change as its person', () => {
    const plan = outbox.planFlush(queue, { user: null, token: null, terminal: true });
    expect(plan.send.map((s) => [s.entry.user, s.token])).toEqual([
      [ANA, 'tok-ana'],
      [BETO, 'tok-beto'],
      [ANA, 'tok-ana'],
    ]);
  });

  it('on a personal device sends only the signed-in person\'s and drops the others\'', () => {
    const plan = outbox.planFlush(queue, { user: ANA, token: 'tok-ana', terminal: false });
    expect(plan.send.map((s) => s.entry.id)).toEqual(['a1', 'a2']);
    expect(plan.drop.map((e) => e.id)).toEqual(['b1', 'c1']);
  });

  it('never pairs a change with a token that is not its person\'s', () => {
    for (const at of [
      { user: ANA, token: 'tok-ana-2', terminal: true },
      { user: BETO, token: 'tok-beto-2', terminal: true },
      { user: CARLA, token: 'tok-carla', terminal: true },
      { user: null, token: null, terminal: true },
      { user: BETO, token: 'tok-beto-2', terminal: false },
    ]) {
      for (const { entry: e, token } of outbox.planFlush(queue, at).send) {
        expect(token.includes(e.user === ANA ? 'ana' : e.user === BETO ? 'beto' : 'carla')).toBe(true);
      }
    }
  });
});

describe('people taking turns at a terminal without a network', () => {
  it('each change is sent as whoever made it, after someone else signed in', async () => {
    const q = new QueryClient();
    setOnline(false);
    await signIn(session, ANA);
    await outbox.sendOrKeep(q, comment(CARD, 'de Ana'));
    session.endSession();
    await signIn(session, BETO);
    await outbox.sendOrKeep(q, comment(OTHER_CARD, 'de Beto'));
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([
      { body: { texto: 'de Ana' }, authorization: `Bearer ${tokenOf(ANA)}` },
      { body: { texto: 'de Beto' }, authorization: `Bearer ${tokenOf(BETO)}` },
    ]);
    expect(outbox.hasPending(CARD) || outbox.hasPending(OTHER_CARD)).toBe(false);
  });

  it('a refused (expired) credential keeps that person\'s changes until they sign in again', async () => {
    const q = new QueryClient();
    setOnline(false);
    await signIn(session, ANA);
    await outbox.sendOrKeep(q, comment(CARD, 'uno'));
    await outbox.sendOrKeep(q, comment(CARD, 'dos'));
    session.endSession();
    await signIn(session, BETO);
    refuse.add(`Bearer ${tokenOf(ANA)}`);
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([]);
    expect(outbox.hasPending(CARD)).toBe(true);
    // Ana signs in again with a new token: her changes go with it, in order.
    session.endSession();
    const fresh = `${tokenOf(ANA)}x`;
    await session.startSession({
      user: { uuid: ANA, nombre: 'Ana', apellido: 'A', username: 'ana', descripcion_puesto: null },
      token: fresh,
    });
    await outbox.adoptCredential(ANA, fresh);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([
      { body: { texto: 'uno' }, authorization: `Bearer ${fresh}` },
      { body: { texto: 'dos' }, authorization: `Bearer ${fresh}` },
    ]);
  });
});
