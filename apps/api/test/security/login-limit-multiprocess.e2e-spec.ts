import { LOGIN_RATE_LIMIT, MESSAGES, tooManyLoginAttemptsFor } from '@gestar/contracts';
import { createTestApp, expectError, TestApp } from '../support/test-app';

/**
 * The login limit is counted in PostgreSQL (DECISIONS section 3), so two API
 * processes on one database share it: failures spread over both still reach
 * the limit, and then both refuse, even the right password.
 */
jest.setTimeout(120_000);

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp();
  // A second application on the same database: its own pool, guard cache and HTTP server.
  b = await createTestApp({ database: a.dbName });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

const attempt = (t: TestApp, username: string, password: string) =>
  t.http.post('/api/auth/login').send({ username, password });

describe('límite de intentos de inicio de sesión entre dos procesos', () => {
  it('shares the per-user limit: failures alternate between processes, then both answer 429', async () => {
    const apps = [a, b];
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUserAndAddress; i++) {
      const res = await attempt(apps[i % 2]!, 'operario', `mala-${i}`);
      expectError(res, 401, MESSAGES.errors.loginFailed);
    }
    for (const t of apps) {
      expectError(await attempt(t, 'operario', 'otra-mala'), 429, tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
      // Locked means locked: the right password waits too.
      expectError(await attempt(t, 'operario', 'demo1234'), 429, tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    }
    // Another username from the same address is not locked by operario's failures.
    expect((await attempt(b, 'mlopez', 'demo1234')).status).toBe(200);
  });

  it('counts concurrent failures on both processes exactly: the limit, then 429', async () => {
    const burst = await Promise.all(
      Array.from({ length: 16 }, (_, i) => attempt(i % 2 ? a : b, 'jruiz', `concurrente-${i}`)),
    );
    const statuses = burst.map((r) => r.status);
    // Each attempt is reserved in the statement that counts: exactly the limit is checked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_RATE_LIMIT.perUserAndAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - LOGIN_RATE_LIMIT.perUserAndAddress);
    expectError(await attempt(a, 'jruiz', 'demo1234'), 429);
    expectError(await attempt(b, 'jruiz', 'demo1234'), 429);
    const [row]: { c: string }[] = await a.ds.query(
      `SELECT count(*) AS c FROM login_attempts WHERE username = 'jruiz'`,
    );
    expect(Number(row!.c)).toBe(LOGIN_RATE_LIMIT.perUserAndAddress);
  });
});
