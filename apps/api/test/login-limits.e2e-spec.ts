import { randomUUID } from 'node:crypto';
import {
  AuditListResponseSchema,
  HealthResponseSchema,
  IDEMPOTENCY_HEADER,
  LOGIN_RATE_LIMIT,
  LoginResponseSchema,
  MESSAGES,
  OkResponseSchema,
  PASSWORD_CHECK_LIMIT,
  tooManyLoginAttemptsFor,
  tooManyPasswordAttemptsFor,
} from '@gestar/contracts';
import { createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * Sign-in and current-password limits under parallel requests (issue 31, section 3; DECISIONS.md
 * section 9, "Login limits"): each attempt is reserved in the statement that counts it, so a burst
 * cannot pass the count before any failure is recorded; an address is slowed down, never refused.
 * The test app trusts the loopback proxy, so each case signs in from addresses of its own.
 */
jest.setTimeout(180_000);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUSTED_PROXIES: 'loopback' } });
});

afterAll(async () => {
  await t?.close();
});

const login = (address: string, username: string, password: string) =>
  t.http.post('/api/auth/login').set('X-Forwarded-For', address).send({ username, password });

async function timed<T>(work: () => PromiseLike<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** Failed sign-ins from `address` that the audit log recorded (each is one password checked). */
async function failedSignInsFrom(address: string): Promise<number> {
  const [row]: { n: number }[] = await t.ds.query(
    `SELECT coalesce(sum(veces), 0)::int AS n FROM auditoria WHERE accion = 'ingreso_fallido' AND ip = $1`,
    [address],
  );
  return row!.n;
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe('login limits under parallel requests', () => {
  it('50 logins at once, the right password 30th: exactly the limit is checked, the rest 429, no session', async () => {
    const address = '203.0.113.10';
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(address, 'operario', i === 29 ? DEMO_PASSWORD : `mala-${i}`)),
    );
    expect(tally(burst.map((r) => r.status))).toEqual({ 401: LOGIN_RATE_LIMIT.perUserAndAddress, 429: 50 - LOGIN_RATE_LIMIT.perUserAndAddress });
    for (const r of burst) expectError(r, r.status, r.status === 401 ? MESSAGES.errors.loginFailed : tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    // The right password, 30th, was refused without being checked; only the reserved ten were.
    expect(burst[29]!.status).toBe(429);
    expect(await failedSignInsFrom(address)).toBe(LOGIN_RATE_LIMIT.perUserAndAddress);
    const [attempts]: { n: number }[] = await t.ds.query(
      `SELECT count(*)::int AS n FROM login_attempts WHERE username = 'operario' AND address = $1`,
      [address],
    );
    expect(attempts!.n).toBe(LOGIN_RATE_LIMIT.perUserAndAddress);
    const [sessions]: { n: number }[] = await t.ds.query(
      `SELECT count(*)::int AS n FROM sesiones WHERE usuario_uuid = $1 AND ip = $2`,
      [await userUuid(t, 'operario'), address],
    );
    expect(sessions!.n).toBe(0);

    // Locked means locked for this username from this address, the right password included...
    const again = await login(address, 'operario', DEMO_PASSWORD);
    // The block says how many minutes remain: the window, less the seconds the burst took.
    expectError(again, 429, tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowMinutes * 60);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(LOGIN_RATE_LIMIT.windowMinutes * 60 - 60);
    // ...and for nobody else: another user at that address, the same user at another one.
    parseWith(LoginResponseSchema, (await login(address, 'mlopez', DEMO_PASSWORD)).body);
    parseWith(LoginResponseSchema, (await login('203.0.113.11', 'operario', DEMO_PASSWORD)).body);
  });

  it('a success clears the failures of its username and address', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUserAndAddress - 1; i++) expectError(await login(address, 'jruiz', `mala-${i}`), 401);
    parseWith(LoginResponseSchema, (await login(address, 'jruiz', DEMO_PASSWORD)).body);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(address, 'jruiz', `otra-${i}`)));
    expect(tally(burst.map((r) => r.status))).toEqual({ 401: LOGIN_RATE_LIMIT.perUserAndAddress, 429: 12 - LOGIN_RATE_LIMIT.perUserAndAddress });
  });

  it('30 change-password attempts at once: the limit is checked, the rest 429, the right one 20th included', async () => {
    const token = await tokenFor(t, 'supervisor');
    const uuid = await userUuid(t, 'supervisor');
    const url = `/api/users/${uuid}/change-password`;
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.http
          .post(url)
          .set('Authorization', `Bearer ${token}`)
          .send({ currentPassword: i === 19 ? DEMO_PASSWORD : `mala-${i}`, newPassword: 'nueva-clave-123' }),
      ),
    );
    expect(tally(burst.map((r) => r.status))).toEqual({ 400: PASSWORD_CHECK_LIMIT, 429: 30 - PASSWORD_CHECK_LIMIT });
    for (const r of burst) {
      expectError(r, r.status, r.status === 400 ? MESSAGES.errors.currentPasswordWrong : tooManyPasswordAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    }
    const limited = await t.http
      .post(url)
      .set('Authorization', `Bearer ${token}`)
      .send({ currentPassword: DEMO_PASSWORD, newPassword: 'nueva-clave-123' });
    expectError(limited, 429, tooManyPasswordAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowMinutes * 60);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(LOGIN_RATE_LIMIT.windowMinutes * 60 - 60);
    // The password did not change.
    parseWith(LoginResponseSchema, (await login('203.0.113.30', 'supervisor', DEMO_PASSWORD)).body);
  });

  it('change-password attempts sent with Idempotency-Keys are counted too: a refused one is not undone with its request', async () => {
    const token = await tokenFor(t, 'operario');
    const uuid = await userUuid(t, 'operario');
    const url = `/api/users/${uuid}/change-password`;
    const attempt = (currentPassword: string) =>
      t.http
        .post(url)
        .set('Authorization', `Bearer ${token}`)
        .set(IDEMPOTENCY_HEADER, randomUUID())
        .send({ currentPassword, newPassword: 'nueva-clave-123' });
    for (let i = 0; i < PASSWORD_CHECK_LIMIT; i++) {
      expectError(await attempt(`mala-${i}`), 400, MESSAGES.errors.currentPasswordWrong);
    }
    expectError(await attempt(DEMO_PASSWORD), 429, tooManyPasswordAttemptsFor(15));
    parseWith(LoginResponseSchema, (await login('203.0.113.40', 'operario', DEMO_PASSWORD)).body);
  });

  it('the right current password goes through and clears the count', async () => {
    const s = await t.http.post('/api/auth/login').send({ username: 'mlopez', password: DEMO_PASSWORD });
    const token = parseWith(LoginResponseSchema, s.body).token;
    const url = `/api/users/${await userUuid(t, 'mlopez')}/change-password`;
    for (let i = 0; i < PASSWORD_CHECK_LIMIT - 1; i++) {
      expectError(await t.http.post(url).set('Authorization', `Bearer ${token}`).send({ currentPassword: `m-${i}`, newPassword: 'nueva-clave-123' }), 400);
    }
    parseWith(
      OkResponseSchema,
      (await t.http.post(url).set('Authorization', `Bearer ${token}`).send({ currentPassword: DEMO_PASSWORD, newPassword: 'nueva-clave-123' })).body,
    );
    const [left]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM login_attempts WHERE username = $1`, [
      `#contraseña:${await userUuid(t, 'mlopez')}`,
    ]);
    expect(left!.n).toBe(0);
  });
});

describe('an address with many failures is slowed down, never refused the right password', () => {
  const address = '198.51.100.7';
  const { addressFreeFailures, addressDelayStepMs, addressDelayMaxMs } = LOGIN_RATE_LIMIT;

  it('starts without delay', async () => {
    const { value, ms } = await timed(() => login(address, 'admin', DEMO_PASSWORD));
    parseWith(LoginResponseSchema, value.body);
    expect(ms).toBeLessThan(addressDelayStepMs * 10);
  });

  it('30 failures of as many names: the next sign-in waits for them, and succeeds', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => login(address, `nadie-${i}`, 'x')));
    expect(burst.every((r) => r.status === 401)).toBe(true);
    expect(await failedSignInsFrom(address)).toBe(30);
    const { value, ms } = await timed(() => login(address, 'admin', DEMO_PASSWORD));
    parseWith(LoginResponseSchema, value.body);
    expect(ms).toBeGreaterThanOrEqual((30 - addressFreeFailures) * addressDelayStepMs - 5);
  });

  it('100 failures (the whole company behind one proxy): the right password still signs in, a few seconds late at most', async () => {
    const burst = await Promise.all(Array.from({ length: 70 }, (_, i) => login(address, `otro-${i}`, 'x')));
    expect(burst.every((r) => r.status === 401)).toBe(true);
    expect(await failedSignInsFrom(address)).toBe(100);

    // The wait is a timer: while one sign-in waits, the API answers at once.
    const waiting = timed(() => login(address, 'supervisor', DEMO_PASSWORD));
    await new Promise((resolve) => setTimeout(resolve, addressDelayMaxMs / 3));
    const health = await timed(() => t.http.get('/api/health'));
    parseWith(HealthResponseSchema, health.value.body);
    expect(health.ms).toBeLessThan(500);
    const { value, ms } = await waiting;
    parseWith(LoginResponseSchema, value.body);
    expect(ms).toBeGreaterThanOrEqual(addressDelayMaxMs - 5);
    expect(ms).toBeLessThan(addressDelayMaxMs + 3000);

    // Another address is not slowed by this one.
    const elsewhere = await timed(() => login('198.51.100.8', 'operario', DEMO_PASSWORD));
    parseWith(LoginResponseSchema, elsewhere.value.body);
    expect(elsewhere.ms).toBeLessThan(addressDelayStepMs * 10);
  });

  it('the audit log shows each failure from that address, as names that are no account', async () => {
    const admin = await tokenFor(t, 'admin');
    const res = await t.http.get('/api/audit').query({ accion: 'ingreso_fallido', limit: '100' }).set('Authorization', `Bearer ${admin}`);
    const entries = parseWith(AuditListResponseSchema, res.body).data.filter((e) => e.ip === address);
    expect(entries).toHaveLength(100);
    expect(entries.every((e) => e.detalle.sin_cuenta === true && e.recurso_uuid === null)).toBe(true);
  });
});
