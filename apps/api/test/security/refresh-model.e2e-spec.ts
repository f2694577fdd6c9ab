import fc from 'fast-check';
import { REFRESH_REUSE_GRACE_SECONDS, RefreshTokenResponseSchema } from '@gestar/contracts';
import { login, parseWith } from '../support/test-app';
import { call, createWorld, World } from './support/world';

/**
 * Refresh-token rotation as a model-based test (DECISIONS section 3): the model
 * keeps every token of the current family with its state; each command runs
 * against the real API and its answer must match what the model predicts.
 */
jest.setTimeout(240_000);

let w: World;

beforeAll(async () => {
  w = await createWorld();
});

afterAll(async () => {
  await w?.close();
});

interface ModelToken {
  value: string;
  state: 'live' | 'rotated';
  rotatedAt?: number;
  /** The token its rotation produced. */
  successor?: ModelToken;
}

interface Model {
  family: ModelToken[];
  revoked: boolean;
  /** Refresh calls answered 200 (figure for the report). */
  refreshed: number;
}

interface Real {
  username: string;
}

const GRACE_MS = REFRESH_REUSE_GRACE_SECONDS * 1000;
// Far enough from the edge of the grace window that timing never decides the outcome.
const SAFE_MS = GRACE_MS - 3000;

async function refresh(token: string) {
  return call(w, 'POST', '/api/auth/refresh-token', { body: { refreshToken: token } });
}

/** Whether the API must accept `t`, and whether refusing it revokes the family. */
function predict(m: Model, t: ModelToken): 'ok' | 'grace' | 'reuse' | 'invalid' | 'unsure' {
  if (m.revoked) return 'invalid';
  if (t.state === 'live') return 'ok';
  const age = Date.now() - (t.rotatedAt ?? 0);
  const isPrevious = t.successor?.state === 'live';
  if (!isPrevious) return 'reuse';
  if (age < SAFE_MS) return 'grace';
  return age > GRACE_MS + 1000 ? 'reuse' : 'unsure';
}

async function present(m: Model, t: ModelToken): Promise<void> {
  const want = predict(m, t);
  if (want === 'unsure') return;
  const res = await refresh(t.value);
  if (want === 'invalid' || want === 'reuse') {
    expect(res.status).toBe(401);
    if (want === 'reuse') m.revoked = true;
    return;
  }
  expect(res.status).toBe(200);
  const body = parseWith(RefreshTokenResponseSchema, res.body);
  // The new access token opens a session.
  expect((await call(w, 'GET', '/api/notifications/unread-count', { token: body.token })).status).toBe(200);
  const next: ModelToken = { value: body.refreshToken!, state: 'live' };
  if (want === 'ok') {
    t.state = 'rotated';
    t.rotatedAt = Date.now();
    t.successor = next;
  }
  m.family.push(next);
  m.refreshed++;
}

class LoginCmd implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await login(w.t, r.username);
    m.family = [{ value: res.refreshToken, state: 'live' }];
    m.revoked = false;
  }
  toString = () => 'login';
}

class RefreshNewestCmd implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.family.length > 0;
  async run(m: Model) {
    await present(m, m.family[m.family.length - 1]!);
  }
  toString = () => 'refresh(newest)';
}

class RefreshPreviousCmd implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.family.some((t) => t.state === 'rotated' && t.successor?.state === 'live');
  async run(m: Model) {
    const prev = [...m.family].reverse().find((t) => t.state === 'rotated' && t.successor?.state === 'live')!;
    await present(m, prev);
  }
  toString = () => 'refresh(previous, within grace)';
}

class ReuseOldCmd implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.family.some((t) => t.state === 'rotated' && t.successor?.state === 'rotated');
  async run(m: Model) {
    const old = m.family.find((t) => t.state === 'rotated' && t.successor?.state === 'rotated')!;
    expect(predict(m, old)).toMatch(/reuse|invalid/);
    await present(m, old);
    expect(m.revoked).toBe(true);
  }
  toString = () => 'refresh(old) -> family revoked';
}

class PresentAnyCmd implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.family.length > 0;
  async run(m: Model) {
    await present(m, m.family[this.pick % m.family.length]!);
  }
  toString = () => `refresh(#${this.pick})`;
}

class LogoutCmd implements fc.AsyncCommand<Model, Real> {
  check = (m: Readonly<Model>) => m.family.length > 0;
  async run(m: Model, r: Real) {
    const t = m.family[m.family.length - 1]!;
    // Logout ends the session it is called with: call it from a sign-in of its own, naming the family in the body.
    const res = await call(w, 'POST', '/api/auth/logout', {
      token: (await login(w.t, r.username)).token,
      body: { refreshToken: t.value },
    });
    expect(res.status).toBe(200);
    m.revoked = true;
  }
  toString = () => 'logout';
}

describe('rotación del refresh token (modelo)', () => {
  it('matches the model for any sequence of login, refresh, grace reuse, old reuse and logout', async () => {
    let sequences = 0;
    let refreshed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.commands(
          [
            fc.constant(new LoginCmd()),
            // Weighted towards the happy path, so sequences get long before a reuse or logout ends them.
            fc.constant(new RefreshNewestCmd()),
            fc.constant(new RefreshNewestCmd()),
            fc.constant(new RefreshNewestCmd()),
            fc.constant(new RefreshPreviousCmd()),
            fc.constant(new ReuseOldCmd()),
            fc.nat(20).map((n) => new PresentAnyCmd(n)),
            fc.constant(new LogoutCmd()),
          ],
          { maxCommands: 14 },
        ),
        async (cmds) => {
          sequences++;
          const model: Model = { family: [], revoked: false, refreshed: 0 };
          const real: Real = { username: 'operario' };
          // Every sequence starts logged in.
          await new LoginCmd().run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          refreshed += model.refreshed;
        },
      ),
      { numRuns: 40 },
    );
    console.log(`refresh: ${sequences} secuencias, ${refreshed} renovaciones aceptadas`);
  });

  it('two tabs refreshing at once both stay logged in', async () => {
    for (let round = 0; round < 5; round++) {
      const { refreshToken } = await login(w.t, 'supervisor');
      const [a, b] = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const ta = parseWith(RefreshTokenResponseSchema, a.body);
      const tb = parseWith(RefreshTokenResponseSchema, b.body);
      // Each tab goes on with its own new token, concurrently again.
      const [a2, b2] = await Promise.all([refresh(ta.refreshToken!), refresh(tb.refreshToken!)]);
      expect([a2.status, b2.status]).toEqual([200, 200]);
      for (const r of [a2, b2]) {
        const body = parseWith(RefreshTokenResponseSchema, r.body);
        expect((await call(w, 'GET', '/api/tasks', { token: body.token })).status).toBe(200);
      }
    }
  });
});
