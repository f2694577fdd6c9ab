import {
  ActivityResponseSchema,
  AuthProvidersResponseSchema,
  ErrorBodySchema,
  LoginResponseSchema,
  MESSAGES,
  REFRESH_IN_BODY,
  RefreshTokenResponseSchema,
  SessionListResponseSchema,
  TokenPayloadSchema,
} from '@gestar/contracts';
import { clockAhead, createTestApp, DEMO_PASSWORD, expectError, login, parseWith, TestApp } from './support/test-app';

/**
 * Sign-in with «Dispositivo compartido» (issue 34, section 5): the session ends after the
 * installation's idle minutes (here SHARED_DEVICE_IDLE_MINUTES=2), and the server refuses it
 * itself, whatever the browser does. Time is moved in the database (the session's last use) and
 * in the API's clock (past the guard's few seconds of cache), never slept through.
 */
const IDLE_MINUTES = 2;

describe('shared-device sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SHARED_DEVICE_IDLE_MINUTES: String(IDLE_MINUTES) } });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = async (username: string, compartido?: boolean) => {
    const res = await t.http
      .post('/api/auth/login')
      .set(REFRESH_IN_BODY.header, REFRESH_IN_BODY.value)
      .send({ username, password: DEMO_PASSWORD, ...(compartido === undefined ? {} : { compartido }) });
    expect(res.status).toBe(200);
    const body = parseWith(LoginResponseSchema, res.body);
    const payload = TokenPayloadSchema.parse(JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()));
    return { ...body, refreshToken: body.refreshToken!, sid: payload.sid, payload };
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** The session went unused for `minutes` (its last use moved back in the database). */
  const idleFor = async (sid: string, minutes: number) => {
    await t.ds.query(`UPDATE sesiones SET ultimo_uso_en = now() - make_interval(secs => $2) WHERE uuid = $1`, [sid, minutes * 60]);
  };
  /** A call past the guard's cache of open sessions (a few seconds), as a later call would be. */
  let ahead = 0;
  const later = async <T>(call: () => Promise<T>): Promise<T> => {
    ahead += 10_000;
    const restore = clockAhead(t, ahead);
    try {
      return await call();
    } finally {
      restore();
    }
  };

  it('the login screen learns the idle minutes; a bad «compartido» is a Spanish 400 and opens nothing', async () => {
    const providers = parseWith(AuthProvidersResponseSchema, (await t.http.get('/api/auth/providers')).body);
    expect(providers.dispositivo_compartido).toEqual({ minutos_inactividad: IDLE_MINUTES });
    const [{ n: before }] = await t.ds.query(`SELECT count(*)::int AS n FROM sesiones`);
    const bad = await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD, compartido: 'sí' });
    const body = expectError(bad, 400);
    expect(body.errors).toContainEqual({ path: 'compartido', message: MESSAGES.validation.sharedDeviceInvalid });
    const [{ n: after }] = await t.ds.query(`SELECT count(*)::int AS n FROM sesiones`);
    expect(after).toBe(before);
  });

  it('a shared session carries its idle minutes in the token and the database; a plain one none', async () => {
    const shared = await signIn('operario', true);
    expect(shared.payload.compartido).toEqual({ minutos_inactividad: IDLE_MINUTES });
    const plain = await signIn('operario', false);
    expect(plain.payload.compartido).toBeUndefined();
    const rows: { uuid: string; inactividad_minutos: number | null }[] = await t.ds.query(
      `SELECT uuid, inactividad_minutos FROM sesiones WHERE uuid = ANY($1::uuid[])`,
      [[shared.sid, plain.sid]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.uuid, r.inactividad_minutos]))).toEqual({ [shared.sid]: IDLE_MINUTES, [plain.sid]: null });
    const audit: { detalle: { compartido?: boolean } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingresar' AND recurso_uuid = $1`,
      [shared.sid],
    );
    expect(audit.map((a) => a.detalle.compartido)).toEqual([true]);
  });

  it('a shared session unused for its idle minutes is refused, its refresh ends it for good; a plain session idle as long is unaffected', async () => {
    const shared = await signIn('operario', true);
    const plain = await signIn('operario');
    expect((await t.http.get('/api/auth/sessions').set(bearer(shared.token))).status).toBe(200);

    await idleFor(shared.sid, IDLE_MINUTES + 0.1);
    await idleFor(plain.sid, IDLE_MINUTES + 0.1);
    // The access token has minutes left, and still: refused.
    expectError(await later(() => t.http.get('/api/auth/sessions').set(bearer(shared.token))), 401, MESSAGES.errors.sessionEnded);
    // The plain session goes on, and no longer lists the idle shared one as open.
    const list = await later(() => t.http.get('/api/auth/sessions').set(bearer(plain.token)));
    expect(list.status).toBe(200);
    expect(parseWith(SessionListResponseSchema, list.body).map((s) => s.uuid)).not.toContain(shared.sid);
    // Its refresh token is refused and says why; the session is closed for inactivity.
    const refused = await t.http.post('/api/auth/refresh-token').send({ refreshToken: shared.refreshToken });
    expect(parseWith(ErrorBodySchema, expectError(refused, 401, MESSAGES.errors.invalidRefreshToken)).codigo).toBe('inactividad');
    const [closed] = await t.ds.query(`SELECT cerrada_en IS NOT NULL AS cerrada, motivo_cierre FROM sesiones WHERE uuid = $1`, [shared.sid]);
    expect(closed).toEqual({ cerrada: true, motivo_cierre: 'inactividad' });
    // Refused once, refused forever: using it again does not bring it back.
    expectError(await later(() => t.http.get('/api/auth/sessions').set(bearer(shared.token))), 401, MESSAGES.errors.sessionEnded);
    // The plain session refreshes as always.
    const ok = await t.http.post('/api/auth/refresh-token').send({ refreshToken: plain.refreshToken });
    expect(ok.status).toBe(200);
    expect(TokenPayloadSchema.parse(JSON.parse(Buffer.from(parseWith(RefreshTokenResponseSchema, ok.body).token.split('.')[1]!, 'base64url').toString())).compartido).toBeUndefined();
  });

  it('just under the idle minutes a shared session is used, and each use (the activity call too) starts the minutes again', async () => {
    const shared = await signIn('supervisor', true);
    for (let i = 0; i < 3; i++) {
      await idleFor(shared.sid, IDLE_MINUTES - 0.25);
      const res = await later(() => t.http.post('/api/auth/activity').set(bearer(shared.token)));
      expect(res.status).toBe(200);
      parseWith(ActivityResponseSchema, res.body);
      const [row] = await t.ds.query(`SELECT now() - ultimo_uso_en < interval '5 seconds' AS reciente FROM sesiones WHERE uuid = $1`, [shared.sid]);
      expect(row.reciente).toBe(true);
    }
    // A refresh keeps the minutes in the new token.
    const refreshed = await t.http.post('/api/auth/refresh-token').send({ refreshToken: shared.refreshToken });
    expect(refreshed.status).toBe(200);
    const body = parseWith(RefreshTokenResponseSchema, refreshed.body);
    const payload = TokenPayloadSchema.parse(JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()));
    expect(payload.compartido).toEqual({ minutos_inactividad: IDLE_MINUTES });
  });

  it('parallel calls of an idle shared session are all refused, and its parallel refreshes all fail', async () => {
    const shared = await signIn('admin', true);
    await idleFor(shared.sid, IDLE_MINUTES + 1);
    ahead += 10_000;
    const restore = clockAhead(t, ahead);
    try {
      const calls = await Promise.all(Array.from({ length: 8 }, () => t.http.get('/api/auth/sessions').set(bearer(shared.token))));
      expect(calls.map((c) => c.status)).toEqual(Array(8).fill(401));
    } finally {
      restore();
    }
    const refreshes = await Promise.all(
      Array.from({ length: 5 }, () => t.http.post('/api/auth/refresh-token').send({ refreshToken: shared.refreshToken })),
    );
    expect(refreshes.map((r) => r.status)).toEqual(Array(5).fill(401));
    const [row] = await t.ds.query(`SELECT motivo_cierre FROM sesiones WHERE uuid = $1`, [shared.sid]);
    expect(row.motivo_cierre).toBe('inactividad');
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM refresh_tokens WHERE family_uuid = $1 AND revoked_at IS NULL`, [shared.sid]);
    expect(n).toBe(0);
  });

  it('«Salir» of a shared session ends it at once, like any other', async () => {
    const shared = await login(t, 'operario');
    const mine = await signIn('operario', true);
    const out = await t.http.post('/api/auth/logout').set(bearer(mine.token)).send({ refreshToken: mine.refreshToken });
    expect(out.status).toBe(200);
    expectError(await t.http.get('/api/auth/sessions').set(bearer(mine.token)), 401, MESSAGES.errors.sessionEnded);
    // The person's other sign-in is not touched.
    expect((await t.http.get('/api/auth/sessions').set(bearer(shared.token))).status).toBe(200);
  });
});
