import {
  ErrorBodySchema,
  LoginResponseSchema,
  MESSAGES,
  OkResponseSchema,
  RefreshTokenResponseSchema,
  HealthResponseSchema,
  LOGIN_RATE_LIMIT,
  tooManyLoginAttemptsFor,
} from '@gestar/contracts';
import { JwtService } from '@nestjs/jwt';
import { clockAhead, createTestApp, expectError, login, parseWith, TestApp, userUuid } from './support/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('health answers ok with the database up', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    parseWith(HealthResponseSchema, res.body);
  });

  it('logs in with the demo user and the token carries the role permissions', async () => {
    const res = await t.http.post('/api/auth/login').send({ username: 'supervisor', password: 'demo1234' });
    expect(res.status).toBe(200);
    const body = parseWith(LoginResponseSchema, res.body);
    expect(body.user).toMatchObject({ nombre: 'Sergio', apellido: 'Gómez', username: 'supervisor' });
    expect(body.user.descripcion_puesto?.nombre).toBe('Encargado de taller');
    const payload = new JwtService().decode(body.token) as { role: { permisos: string[]; nombre: string }; exp: number; iat: number };
    expect(payload.role.nombre).toBe('Supervisor');
    expect(payload.role.permisos).toContain('read:all:assigned-tasks:by-area');
    expect(payload.role.permisos).not.toContain('read:user:all');
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('refuses a wrong password with the Spanish message, and unknown users alike', async () => {
    expectError(await t.http.post('/api/auth/login').send({ username: 'admin', password: 'mala' }), 401, MESSAGES.errors.loginFailed);
    expectError(await t.http.post('/api/auth/login').send({ username: 'nadie', password: 'x' }), 401, MESSAGES.errors.loginFailed);
  });

  it('answers 400 with the field message for a missing username', async () => {
    const body = expectError(await t.http.post('/api/auth/login').send({ password: 'x' }), 400);
    expect(body.errors).toContainEqual({ path: 'username', message: MESSAGES.validation.usernameLoginRequired });
  });

  it('answers 400 for broken JSON and 413 for a body over 1 MB', async () => {
    const broken = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"username":');
    expectError(broken, 400, MESSAGES.validation.invalidBody);
    const huge = await t.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ username: 'a', password: 'x'.repeat(1_100_000) }));
    expectError(huge, 413, MESSAGES.errors.payloadTooLarge);
  });

  it('answers 401 without a token and with a forged one, 404 in Spanish for an unknown route', async () => {
    const id = await userUuid(t, 'admin');
    expectError(await t.http.get(`/api/users/${id}`), 401, MESSAGES.errors.unauthorized);
    const forged = new JwtService().sign({ sub: id, username: 'admin', role: { uuid: id, nombre: 'x', permisos: [] } }, { secret: 'otra-clave-otra-clave-otra-clave-otra' });
    expectError(await t.http.get(`/api/users/${id}`).set('Authorization', `Bearer ${forged}`), 401);
    const { token } = await login(t, 'admin');
    expectError(await t.http.get('/api/no-existe').set('Authorization', `Bearer ${token}`), 404, MESSAGES.errors.routeNotFound);
  });

  it('rotates refresh tokens; reuse outside the grace window revokes the family', async () => {
    const first = await login(t, 'operario');
    const r1 = await t.http.post('/api/auth/refresh-token').send({ refreshToken: first.refreshToken });
    expect(r1.status).toBe(200);
    const rotated = parseWith(RefreshTokenResponseSchema, r1.body);
    expect(rotated.refreshToken).not.toBe(first.refreshToken);

    // The previous token within 10 s (a second tab): still accepted.
    const tab2 = await t.http.post('/api/auth/refresh-token').send({ refreshToken: first.refreshToken });
    expect(tab2.status).toBe(200);

    // Move the rotation out of the grace window: presenting it again is reuse.
    await t.ds.query(`UPDATE refresh_tokens SET rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL`);
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: first.refreshToken }), 401, MESSAGES.errors.invalidRefreshToken);
    // ...and the whole family is gone, including the newest token.
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: rotated.refreshToken }), 401);
    const [{ live }]: { live: string }[] = await t.ds.query(`SELECT count(*) AS live FROM refresh_tokens WHERE revoked_at IS NULL AND usuario_uuid = $1`, [first.user.uuid]);
    expect(Number(live)).toBe(0);
  });

  it('stores refresh tokens only as hashes', async () => {
    const s = await login(t, 'admin');
    const rows: { token_hash: string }[] = await t.ds.query('SELECT token_hash FROM refresh_tokens');
    expect(rows.some((r) => r.token_hash === s.refreshToken)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('logout revokes the refresh token', async () => {
    const s = await login(t, 'admin');
    const res = await t.http.post('/api/auth/logout').set('Authorization', `Bearer ${s.token}`).send({ refreshToken: s.refreshToken });
    expect(res.status).toBe(200);
    parseWith(OkResponseSchema, res.body);
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: s.refreshToken }), 401);
    expectError(await t.http.post('/api/auth/logout').send({}), 401);
  });

  it('a deactivated user is refused at once, token and refresh alike', async () => {
    const s = await login(t, 'jruiz');
    // A call first, so the guard holds the user's active state in its cache.
    expect((await t.http.get(`/api/users/${s.user.uuid}`).set('Authorization', `Bearer ${s.token}`)).status).toBe(200);
    // Deactivated behind the API's back (another process, the database): the guard's cache of
    // the user's state lasts at most 2 s, so 2 s later on the API's clock the token is refused.
    await t.ds.query(`UPDATE usuarios SET activo = false WHERE username = 'jruiz'`);
    const restoreClock = clockAhead(t, 2000);
    try {
      expectError(await t.http.get(`/api/users/${s.user.uuid}`).set('Authorization', `Bearer ${s.token}`), 401, MESSAGES.errors.userInactive);
      expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: s.refreshToken }), 401);
      expectError(await t.http.post('/api/auth/login').send({ username: 'jruiz', password: 'demo1234' }), 401, MESSAGES.errors.loginFailed);
    } finally {
      restoreClock();
    }
    await t.ds.query(`UPDATE usuarios SET activo = true WHERE username = 'jruiz'`);
  });

  it('limits failed logins: the 11th attempt for a user answers 429 in Spanish', async () => {
    for (let i = 0; i < 10; i++) {
      expectError(await t.http.post('/api/auth/login').send({ username: 'mlopez', password: `mala${i}` }), 401);
    }
    const res = await t.http.post('/api/auth/login').send({ username: 'mlopez', password: 'demo1234' });
    expectError(res, 429, tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    expect(ErrorBodySchema.parse(res.body).error).toBe('Too Many Requests');
  });
});
