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
interface Sent {
  body: unknown;
  authorization: string | undefined;
  replay: string | undefined;
  person: string | undefined;
  terminal: string | undefined;
}
let sent: Sent[];
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
      if (refuse.has(headers['X-Terminal-Replay'] ?? '')) {
        return new Response(
          JSON.stringify({ statusCode: 401, message: 'La credencial de reenvío no es válida o venció' }),
          { status: 401 },
        );
      }
      sent.push({
        body: init.body ? JSON.parse(init.body as string) : undefined,
        authorization: headers.Authorization,
        replay: headers['X-Terminal-Replay'],
        person: headers['X-Terminal-Person'],
        terminal: headers['X-Terminal-Token'],
      });
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
  return {
    id,
    user,
    kind: 'comentario',
    params: {},
    body: {},
    task: CARD,
    label: '',
    createdAt: 0,
    ...(credential ? { credential } : {}),
  };
}

describe('planFlush', () => {
  const queue = [
    entry(ANA, 'a1', 'reenvio-ana'),
    entry(BETO, 'b1', 'reenvio-beto'),
    entry(CARLA, 'c1'),
    entry(ANA, 'a2', 'reenvio-ana'),
  ];

  it("at a terminal sends every person's change with their own replay credential, the signed-in one's with the session", () => {
    const plan = outbox.planFlush(queue, { user: BETO, token: 'sesion-beto', terminal: true });
    expect(plan.send.map((s) => [s.entry.id, s.as])).toEqual([
      ['a1', { replay: 'reenvio-ana' }],
      ['b1', { bearer: 'sesion-beto' }],
      ['a2', { replay: 'reenvio-ana' }],
    ]);
    // Carla's has no credential of its own: it waits for her, it is not sent as Beto.
    expect(plan.drop).toEqual([]);
  });

  it('at a terminal with nobody signed in still sends each change as its person', () => {
    const plan = outbox.planFlush(queue, { user: null, token: null, terminal: true });
    expect(plan.send.map((s) => [s.entry.user, s.as])).toEqual([
      [ANA, { replay: 'reenvio-ana' }],
      [BETO, { replay: 'reenvio-beto' }],
      [ANA, { replay: 'reenvio-ana' }],
    ]);
  });

  it("on a personal device sends only the signed-in person's and drops the others'", () => {
    const plan = outbox.planFlush(queue, { user: ANA, token: 'sesion-ana', terminal: false });
    expect(plan.send.map((s) => s.entry.id)).toEqual(['a1', 'a2']);
    expect(plan.drop.map((e) => e.id)).toEqual(['b1', 'c1']);
  });

  it("never pairs a change with an authority that is not its person's", () => {
    const ownerOf = (e: OutboxEntry) => (e.user === ANA ? 'ana' : e.user === BETO ? 'beto' : 'carla');
    for (const at of [
      { user: ANA, token: 'sesion-ana', terminal: true },
      { user: BETO, token: 'sesion-beto', terminal: true },
      { user: CARLA, token: 'sesion-carla', terminal: true },
      { user: null, token: null, terminal: true },
      { user: BETO, token: 'sesion-beto', terminal: false },
    ]) {
      for (const { entry: e, as } of outbox.planFlush(queue, at).send) {
        expect('bearer' in as ? as.bearer : as.replay).toContain(ownerOf(e));
      }
    }
  });
});

async function signInAtTerminal(uuid: string, replay: string): Promise<void> {
  await signIn(session, uuid);
  terminal.setReplayCredential(replay);
}

describe('people taking turns at a terminal without a network', () => {
  it('each change is sent as whoever made it, after someone else signed in', async () => {
    const q = new QueryClient();
    setOnline(false);
    await signInAtTerminal(ANA, 'reenvio-ana');
    await outbox.sendOrKeep(q, comment(CARD, 'de Ana'));
    session.endSession();
    await signInAtTerminal(BETO, 'reenvio-beto');
    await outbox.sendOrKeep(q, comment(OTHER_CARD, 'de Beto'));
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([
      {
        body: { texto: 'de Ana' },
        authorization: undefined,
        replay: 'reenvio-ana',
        person: ANA,
        terminal: 'credencial-del-terminal',
      },
      {
        body: { texto: 'de Beto' },
        authorization: `Bearer ${tokenOf(BETO)}`,
        replay: undefined,
        person: undefined,
        terminal: 'credencial-del-terminal',
      },
    ]);
    expect(outbox.hasPending(CARD) || outbox.hasPending(OTHER_CARD)).toBe(false);
  });

  it("a refused replay credential keeps that person's changes until they sign in again", async () => {
    const q = new QueryClient();
    setOnline(false);
    await signInAtTerminal(ANA, 'reenvio-ana');
    await outbox.sendOrKeep(q, comment(CARD, 'uno'));
    await outbox.sendOrKeep(q, comment(CARD, 'dos'));
    session.endSession();
    await signInAtTerminal(BETO, 'reenvio-beto');
    refuse.add('reenvio-ana');
    setOnline(true);
    await outbox.flushOutbox(q);
    expect(sent).toEqual([]);
    expect(outbox.hasPending(CARD)).toBe(true);
    // Ana signs in again: her changes go with her new session, in order.
    session.endSession();
    await signInAtTerminal(ANA, 'reenvio-ana-2');
    await outbox.flushOutbox(q);
    expect(sent.map((s) => [s.body, s.authorization, s.replay])).toEqual([
      [{ texto: 'uno' }, `Bearer ${tokenOf(ANA)}`, undefined],
      [{ texto: 'dos' }, `Bearer ${tokenOf(ANA)}`, undefined],
    ]);
  });
});
