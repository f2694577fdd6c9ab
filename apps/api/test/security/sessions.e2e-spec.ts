import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { JwtService } from '@nestjs/jwt';
import {
  EndOtherSessionsResponseSchema,
  EventTicketResponseSchema,
  LOGIN_RATE_LIMIT,
  LoginResponseSchema,
  MESSAGES,
  REFRESH_COOKIE,
  OkResponseSchema,
  RefreshTokenResponseSchema,
  SessionListResponseSchema,
  UserResponseSchema,
  tooManyLoginAttemptsFor,
  tooManyPasswordAttemptsFor,
} from '@gestar/contracts';
import { loadConfig } from '../../src/config';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, login, parseWith, TestApp } from '../support/test-app';

/** Sessions a person controls (issue 20, section 2): every rule, against the real API and database. */
describe('sessions', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  let carpinteria: string;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const sidOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string; exp: number });
  const me = (token: string, uuid: string) => t.http.get(`/api/users/${uuid}`).set(bearer(token));

  let n = 0;
  /** A new active user with the role `rol` (default Supervisor), in Carpintería. */
  const newUser = async (rol = 'Supervisor') => {
    const [{ uuid: rolUuid }] = await t.ds.query('SELECT uuid FROM roles WHERE nombre = $1', [rol]);
    const username = `sesion${++n}`;
    const res = await t.http
      .post('/api/users')
      .set(bearer(admin))
      .send({ username, password: DEMO_PASSWORD, nombre: 'Ses', apellido: 'Ión', rol_uuid: rolUuid, usuario_areas_uuid: [carpinteria] });
    return { ...parseWith(UserResponseSchema, res.body), username };
  };

  /** An SSE stream opened as a browser does: ticket first, then `?ticket=`; resolves on `ready`. */
  const openStream = async (token: string) => {
    const { ticket } = parseWith(
      EventTicketResponseSchema,
      (await t.http.post('/api/events/ticket').set(bearer(token))).body,
    );
    return new Promise<{ ended: Promise<number>; close(): void; ticket: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, agent: false, path: `/api/events?ticket=${ticket}` }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
        const ended = new Promise<number>((done) => {
          res.on('end', () => done(Date.now()));
          res.on('close', () => done(Date.now()));
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('event: ready')) resolve({ ended, close: () => req.destroy(), ticket });
        });
      });
      req.on('error', () => undefined);
    });
  };
  /** Resolves with how long the stream took to end after `from`, or rejects after `ms`. */
  const endsWithin = async (stream: { ended: Promise<number> }, from: number, ms: number) => {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`el flujo siguió abierto ${ms} ms`)), ms).unref());
    const at = await Promise.race([stream.ended, timeout]);
    return at - from;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    admin = (await login(t, 'admin')).token;
    carpinteria = await areaUuid(t, 'Carpintería');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a browser gets its refresh token only as an HttpOnly, SameSite=Strict cookie on /api/auth', async () => {
    const res = await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD });
    const body = parseWith(LoginResponseSchema, res.body);
    expect(body.refreshToken).toBeUndefined();
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((c: string) => c.startsWith(`${REFRESH_COOKIE.name}=`))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    // Test mode is not production: no Secure flag here; production sets it unless COOKIE_SECURE=false.
    expect(cookie).not.toMatch(/; Secure/);
    const production = { DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'x'.repeat(40), APP_URL: 'https://gestar.taller.test' };
    expect(loadConfig(production).cookieSecure).toBe(true);
    expect(loadConfig({ ...production, COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);

    // The refresh reads the cookie, rotates it, and keeps the new token out of the body.
    const pair = cookie.split(';')[0]!;
    const refreshed = await t.http.post('/api/auth/refresh-token').set('Cookie', pair).send({});
    const rotated = parseWith(RefreshTokenResponseSchema, refreshed.body);
    expect(rotated.refreshToken).toBeUndefined();
    const next = [refreshed.headers['set-cookie'] ?? []].flat().find((c: string) => c.startsWith(`${REFRESH_COOKIE.name}=`))!;
    expect(next.split(';')[0]).not.toBe(pair);
    // Logout ends it and tells the browser to forget it.
    const out = await t.http.post('/api/auth/logout').set(bearer(rotated.token)).set('Cookie', next.split(';')[0]!).send({});
    expect(out.status).toBe(200);
    expect([out.headers['set-cookie'] ?? []].flat().join()).toMatch(new RegExp(`${REFRESH_COOKIE.name}=;.*Expires=Thu, 01 Jan 1970`));
    const refused = await t.http.post('/api/auth/refresh-token').set('Cookie', next.split(';')[0]!).send({});
    expectError(refused, 401, MESSAGES.errors.invalidRefreshToken);
    expect([refused.headers['set-cookie'] ?? []].flat().join()).toMatch(new RegExp(`${REFRESH_COOKIE.name}=;`));
  });

  it('a refresh cookie that is not valid percent-encoding reads as absent: 401 on refresh, and logout still ends the session', async () => {
    const mangled = `${REFRESH_COOKIE.name}=%E0%A4`;
    const refused = await t.http.post('/api/auth/refresh-token').set('Cookie', mangled).send({});
    expectError(refused, 401, MESSAGES.errors.invalidRefreshToken);
    expect([refused.headers['set-cookie'] ?? []].flat().join()).toMatch(new RegExp(`${REFRESH_COOKIE.name}=;`));
    // Beside another cookie and a second copy of its own name, alike.
    const crowded = await t.http.post('/api/auth/refresh-token').set('Cookie', `otra=1; ${mangled}; ${REFRESH_COOKIE.name}=%`).send({});
    expectError(crowded, 401, MESSAGES.errors.invalidRefreshToken);

    const s = await login(t, 'operario');
    const out = await t.http.post('/api/auth/logout').set(bearer(s.token)).set('Cookie', mangled).send({ refreshToken: s.refreshToken });
    parseWith(OkResponseSchema, out.body);
    expectError(await me(s.token, s.user.uuid), 401, MESSAGES.errors.sessionEnded);
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: s.refreshToken }), 401);
    // Without a body token too: the bearer's session ends.
    const b = await login(t, 'operario');
    parseWith(OkResponseSchema, (await t.http.post('/api/auth/logout').set(bearer(b.token)).set('Cookie', mangled).send({})).body);
    expectError(await me(b.token, b.user.uuid), 401, MESSAGES.errors.sessionEnded);
  });

  it('logout ends the access token at once, not 15 minutes later, and its refresh token', async () => {
    const s = await login(t, 'operario');
    expect((await me(s.token, s.user.uuid)).status).toBe(200);
    parseWith(OkResponseSchema, (await t.http.post('/api/auth/logout').set(bearer(s.token)).send({})).body);
    expectError(await me(s.token, s.user.uuid), 401, MESSAGES.errors.sessionEnded);
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: s.refreshToken }), 401);
  });

  it('changing one’s password ends every other session; the current one goes on', async () => {
    const u = await newUser('Operario');
    const a = await login(t, u.username);
    const b = await login(t, u.username);
    const res = await t.http
      .post(`/api/users/${u.uuid}/change-password`)
      .set(bearer(a.token))
      .send({ currentPassword: DEMO_PASSWORD, newPassword: 'otra-clave-123' });
    expect(res.status).toBe(200);
    expect((await me(a.token, u.uuid)).status).toBe(200);
    expectError(await me(b.token, u.uuid), 401, MESSAGES.errors.sessionEnded);
    expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: b.refreshToken }), 401);
    parseWith(RefreshTokenResponseSchema, (await t.http.post('/api/auth/refresh-token').send({ refreshToken: a.refreshToken })).body);
  });

  it('the current password is attempt-limited like login; the 429 says when to retry', async () => {
    const u = await newUser('Operario');
    const s = await login(t, u.username);
    const url = `/api/users/${u.uuid}/change-password`;
    for (let i = 0; i < 5; i++) {
      expectError(
        await t.http.post(url).set(bearer(s.token)).send({ currentPassword: `mala-${i}`, newPassword: 'nueva-clave-1' }),
        400,
        MESSAGES.errors.currentPasswordWrong,
      );
    }
    // Even the right password waits now.
    const limited = await t.http.post(url).set(bearer(s.token)).send({ currentPassword: DEMO_PASSWORD, newPassword: 'nueva-clave-1' });
    // The message says how many minutes remain; Retry-After, how many seconds.
    expectError(limited, 429, tooManyPasswordAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowMinutes * 60);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(LOGIN_RATE_LIMIT.windowMinutes * 60 - 60);
  });

  it('a limited login answers Retry-After too', async () => {
    let last = await t.http.post('/api/auth/login').send({ username: 'nadie-limite', password: 'x' });
    for (let i = 0; i < LOGIN_RATE_LIMIT.perUserAndAddress && last.status !== 429; i++) {
      last = await t.http.post('/api/auth/login').send({ username: 'nadie-limite', password: 'x' });
    }
    expectError(last, 429, tooManyLoginAttemptsFor(LOGIN_RATE_LIMIT.windowMinutes));
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a refused refresh says why its session ended: another device, a password change, a deactivation, a logout, a copied token', async () => {
    const refuse = async (refreshToken: string) => {
      const res = await t.http.post('/api/auth/refresh-token').send({ refreshToken });
      return expectError(res, 401, MESSAGES.errors.invalidRefreshToken).codigo;
    };
    const u = await newUser('Operario');
    // Closed from another device: one session, then all the others.
    const a = await login(t, u.username);
    const b = await login(t, u.username);
    const c = await login(t, u.username);
    parseWith(OkResponseSchema, (await t.http.delete(`/api/auth/sessions/${sidOf(b.token).sid}`).set(bearer(a.token))).body);
    expect(await refuse(b.refreshToken)).toBe('otro_dispositivo');
    parseWith(EndOtherSessionsResponseSchema, (await t.http.post('/api/auth/sessions/close-others').set(bearer(a.token))).body);
    expect(await refuse(c.refreshToken)).toBe('otro_dispositivo');
    // The person's own password change, elsewhere.
    const d = await login(t, u.username);
    expect(
      (await t.http.post(`/api/users/${u.uuid}/change-password`).set(bearer(a.token)).send({ currentPassword: DEMO_PASSWORD, newPassword: 'otra-clave-123' }))
        .status,
    ).toBe(200);
    expect(await refuse(d.refreshToken)).toBe('contrasena');
    // Its own logout.
    parseWith(OkResponseSchema, (await t.http.post('/api/auth/logout').set(bearer(a.token)).send({})).body);
    expect(await refuse(a.refreshToken)).toBe('cierre');
    // A rotated token used again: the whole sign-in ends, for security.
    const e = await login(t, u.username, 'otra-clave-123');
    parseWith(RefreshTokenResponseSchema, (await t.http.post('/api/auth/refresh-token').send({ refreshToken: e.refreshToken })).body);
    await t.ds.query(`UPDATE refresh_tokens SET rotated_at = now() - interval '1 hour' WHERE rotated_at IS NOT NULL AND usuario_uuid = $1`, [u.uuid]);
    expect(await refuse(e.refreshToken)).toBe('seguridad');
    // Deactivated by an administrator.
    const f = await login(t, u.username, 'otra-clave-123');
    expect((await t.http.delete(`/api/users/${u.uuid}`).set(bearer(admin))).status).toBe(200);
    expect(await refuse(f.refreshToken)).toBe('desactivada');
    // A password set by an administrator.
    const v = await newUser('Operario');
    const g = await login(t, v.username);
    const [{ uuid: rol }] = await t.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Operario'`);
    const edited = await t.http
      .put(`/api/users/${v.uuid}`)
      .set(bearer(admin))
      .send({ nombre: 'Ses', apellido: 'Ión', rol_uuid: rol, usuario_areas_uuid: [carpinteria], password: 'puesta-por-admin-1' });
    expect(edited.status).toBe(200);
    expect(await refuse(g.refreshToken)).toBe('contrasena');
    // A token nobody knows carries no reason.
    expect(await refuse('x'.repeat(43))).toBeUndefined();
  });

  it('a short JWT_SECRET is refused in every mode, the demo included', () => {
    for (const mode of [{ SEED_DEMO: 'true' }, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { NODE_ENV: 'production' }]) {
      expect(() => loadConfig({ ...mode, DATABASE_URL: 'postgres://x@127.0.0.1/x', JWT_SECRET: 'corta' })).toThrow(
        /al menos 32 caracteres/,
      );
    }
    // Unset in the demo: a random secret for this run.
    expect(
      loadConfig({ SEED_DEMO: 'true', DATABASE_URL: 'postgres://x@127.0.0.1/x', APP_URL: 'http://localhost:3000' }).jwtSecret.length,
    ).toBeGreaterThanOrEqual(32);
  });

  it('Perfil lists the sessions (device, address, last use) and ends one or all the others', async () => {
    const u = await newUser('Operario');
    const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const desk = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    const signIn = async (agent: string) =>
      (await t.http.post('/api/auth/login').set('User-Agent', agent).send({ username: u.username, password: DEMO_PASSWORD })).body as {
        token: string;
      };
    const a = await signIn(desk);
    const b = await signIn(phone);
    const c = await signIn(phone);
    const list = parseWith(SessionListResponseSchema, (await t.http.get('/api/auth/sessions').set(bearer(a.token))).body);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ uuid: sidOf(a.token).sid, actual: true, agente: desk });
    expect(list.filter((s) => s.actual)).toHaveLength(1);
    expect(list.every((s) => s.ip && s.creada_en && s.ultimo_uso_en)).toBe(true);

    // Someone else's session is not found; one's own ends, with its token.
    const other = await login(t, 'operario');
    expectError(await t.http.delete(`/api/auth/sessions/${sidOf(other.token).sid}`).set(bearer(a.token)), 404);
    expect((await me(other.token, other.user.uuid)).status).toBe(200);
    parseWith(OkResponseSchema, (await t.http.delete(`/api/auth/sessions/${sidOf(b.token).sid}`).set(bearer(a.token))).body);
    expectError(await me(b.token, u.uuid), 401, MESSAGES.errors.sessionEnded);

    const closed = parseWith(
      EndOtherSessionsResponseSchema,
      (await t.http.post('/api/auth/sessions/close-others').set(bearer(a.token))).body,
    );
    expect(closed).toEqual({ cerradas: 1 });
    expectError(await me(c.token, u.uuid), 401, MESSAGES.errors.sessionEnded);
    expect((await me(a.token, u.uuid)).status).toBe(200);
    expect(parseWith(SessionListResponseSchema, (await t.http.get('/api/auth/sessions').set(bearer(a.token))).body)).toHaveLength(1);
  });

  describe('the live-event stream', () => {
    it('takes a single-use ticket, never the token in its URL', async () => {
      const s = await login(t, 'operario');
      const stream = await openStream(s.token);
      expectError(await t.http.get(`/api/events?ticket=${stream.ticket}`), 401, MESSAGES.errors.eventTicketInvalid);
      expectError(await t.http.get(`/api/events?token=${s.token}`), 401, MESSAGES.errors.unauthorized);
      stream.close();
    });

    it('closes within 5 s after its user is deactivated', async () => {
      const u = await newUser();
      const s = await login(t, u.username);
      const stream = await openStream(s.token);
      const at = Date.now();
      expect((await t.http.delete(`/api/users/${u.uuid}`).set(bearer(admin))).status).toBe(200);
      expect(await endsWithin(stream, at, 5000)).toBeLessThan(5000);
    });

    it('closes within 5 s after a role change takes away what it heard', async () => {
      const u = await newUser('Supervisor');
      const s = await login(t, u.username);
      const stream = await openStream(s.token);
      const [{ uuid: operario }] = await t.ds.query(`SELECT uuid FROM roles WHERE nombre = 'Operario'`);
      const at = Date.now();
      const res = await t.http
        .put(`/api/users/${u.uuid}`)
        .set(bearer(admin))
        .send({ nombre: u.nombre, apellido: u.apellido, rol_uuid: operario, usuario_areas_uuid: [carpinteria] });
      expect(res.status).toBe(200);
      expect(await endsWithin(stream, at, 5000)).toBeLessThan(5000);
    });

    it('closes within 5 s after logout', async () => {
      const s = await login(t, 'operario');
      const stream = await openStream(s.token);
      const at = Date.now();
      await t.http.post('/api/auth/logout').set(bearer(s.token)).send({});
      expect(await endsWithin(stream, at, 5000)).toBeLessThan(5000);
    });

    it('closes within 5 s after the token it was opened with expires', async () => {
      const s = await login(t, 'operario');
      const claims = JSON.parse(Buffer.from(s.token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      const { iat: _iat, exp: _exp, ...payload } = claims;
      const short = t.app.get(JwtService).sign(payload, { expiresIn: 2 });
      const stream = await openStream(short);
      const expiresAt = sidOf(short).exp * 1000;
      expect(await endsWithin(stream, expiresAt, expiresAt - Date.now() + 5000)).toBeLessThan(5000);
    });
  });
});
