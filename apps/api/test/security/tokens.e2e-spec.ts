import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { ErrorBodySchema, MESSAGES } from '@gestar/contracts';
import { clockAhead, clockAt, login } from '../support/test-app';
import { craftJwt, decodeJwt } from './support/jwt';
import { call, createWorld, fixtures, World } from './support/world';

/**
 * Crafted access tokens: each one is sent to a route the real token's holder may
 * call (GET /api/tasks, read:task for every seeded role) and must be refused.
 */
jest.setTimeout(120_000);

let w: World;
let secret: string;
const refused = { count: 0 };

beforeAll(async () => {
  w = await createWorld();
  secret = w.t.config.jwtSecret;
});

afterAll(async () => {
  console.log(`tokens: ${refused.count} tokens fabricados rechazados`);
  await w?.close();
});

const now = () => Math.floor(Date.now() / 1000);

async function expectRefused(token: string, label: string, status = 401, path = '/api/tasks'): Promise<string | null> {
  const res = await call(w, 'GET', path, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== status || !ErrorBodySchema.safeParse(res.body).success) {
    return `${label}: esperado ${status}, llegó ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
  }
  refused.count++;
  return null;
}

describe('tokens fabricados', () => {
  it('the genuine tokens work (so every refusal below is about the token)', async () => {
    for (const name of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      expect((await call(w, 'GET', '/api/tasks', { token: w.tokens[name] })).status).toBe(200);
    }
  });

  it('refuses alg none, other algorithms, wrong secrets, edited claims, expiry and garbage', async () => {
    const wrong: (string | null)[] = [];
    for (const name of ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz']) {
      const real = w.tokens[name]!;
      const { header, payload, signature } = decodeJwt(real);
      const adminPerms = decodeJwt(w.tokens.admin!).payload.role;
      // alg none, with and without a signature, in every spelling.
      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        wrong.push(
          await expectRefused(craftJwt({ alg, typ: 'JWT' }, payload, { signature: '' }), `${name} alg ${alg}`),
        );
        wrong.push(
          await expectRefused(craftJwt({ alg, typ: 'JWT' }, payload, { signature }), `${name} alg ${alg} con firma`),
        );
      }
      // The right secret under another algorithm (the verifier pins HS256).
      wrong.push(
        await expectRefused(
          craftJwt({ ...header, alg: 'HS384' }, payload, { secret, hash: 'sha384' }),
          `${name} HS384`,
        ),
      );
      wrong.push(
        await expectRefused(
          craftJwt({ ...header, alg: 'HS512' }, payload, { secret, hash: 'sha512' }),
          `${name} HS512`,
        ),
      );
      wrong.push(
        await expectRefused(craftJwt({ ...header, alg: 'RS256' }, payload, { secret }), `${name} RS256 con HMAC`),
      );
      // Wrong secrets.
      for (const other of [
        'secret',
        '',
        secret.slice(0, -1),
        `${secret}x`,
        randomBytes(32).toString('hex'),
        secret.toUpperCase(),
      ]) {
        wrong.push(await expectRefused(craftJwt(header, payload, { secret: other }), `${name} secreto ajeno`));
      }
      // Edited claims under the old signature.
      const edits: Record<string, unknown>[] = [
        { ...payload, role: adminPerms },
        {
          ...payload,
          role: { ...(payload.role as object), permisos: ['read:all:areas', 'read:user:all', 'delete:user'] },
        },
        { ...payload, sub: w.ids.users.admin },
        { ...payload, username: 'admin' },
        { ...payload, exp: now() + 365 * 24 * 3600 },
        { ...payload, iat: now() + 3600 },
      ];
      // An edit that leaves the payload as it was (the admin's own role) is no edit.
      const changed = edits.filter((p) => JSON.stringify(p) !== JSON.stringify(payload));
      for (const [i, p] of changed.entries())
        wrong.push(await expectRefused(craftJwt(header, p, { signature }), `${name} payload editado ${i}`));
      // Expired, and not yet valid, with the right secret.
      wrong.push(
        await expectRefused(
          craftJwt(header, { ...payload, iat: now() - 3600, exp: now() - 1 }, { secret }),
          `${name} vencido`,
        ),
      );
      wrong.push(
        await expectRefused(
          craftJwt(header, { ...payload, iat: now() - 7200, exp: now() - 3600 }, { secret }),
          `${name} vencido hace 1 h`,
        ),
      );
      wrong.push(
        await expectRefused(craftJwt(header, { ...payload, nbf: now() + 3600 }, { secret }), `${name} nbf futuro`),
      );
      // Truncated at several points, and with pieces missing.
      for (const cut of [
        1,
        10,
        real.length / 2,
        real.indexOf('.') + 1,
        real.lastIndexOf('.'),
        real.length - 1,
        real.length - 5,
      ]) {
        wrong.push(await expectRefused(real.slice(0, Math.floor(cut)), `${name} truncado en ${cut}`));
      }
      wrong.push(await expectRefused(real.split('.').slice(0, 2).join('.'), `${name} sin firma`));
      wrong.push(await expectRefused(`${real}.extra`, `${name} con un segmento de más`));
      wrong.push(
        await expectRefused(
          real.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          `${name} último carácter cambiado`,
        ),
      );
    }
    // Correctly signed, but the claims are not a Gestar session.
    const base = decodeJwt(w.tokens.admin!);
    const signed = (p: Record<string, unknown>) => craftJwt(base.header, p, { secret });
    wrong.push(
      await expectRefused(
        signed({ ...base.payload, sub: '6f1c1f43-3c33-4a8e-9d55-5b0cf0ad4e10' }),
        'usuario inexistente',
      ),
    );
    wrong.push(await expectRefused(signed({ ...base.payload, sub: 'admin' }), 'sub no uuid'));
    wrong.push(await expectRefused(signed({ username: 'admin' }), 'sin sub ni rol'));
    wrong.push(await expectRefused(signed({}), 'payload vacío'));
    // Not a bearer token at all, or one sent where only the event stream takes it.
    for (const h of [
      'Bearer',
      'Bearer ',
      `Basic ${w.tokens.admin}`,
      `bearer ${w.tokens.admin}`,
      `Token ${w.tokens.admin}`,
    ]) {
      const res = await call(w, 'GET', '/api/tasks', { headers: { authorization: h } });
      if (res.status === 401) refused.count++;
      else wrong.push(`cabecera "${h.slice(0, 12)}…": ${res.status}`);
    }
    const inQuery = await call(w, 'GET', '/api/tasks', { query: { token: w.tokens.admin! } });
    if (inQuery.status === 401) refused.count++;
    else wrong.push(`token en la query de una ruta que no es /api/events: ${inQuery.status}`);
    expect(wrong.filter(Boolean)).toEqual([]);
  });

  it('refuses random garbage (fast-check)', async () => {
    const wrong: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 300 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
          fc
            .tuple(
              fc.base64String({ minLength: 4, maxLength: 80 }),
              fc.base64String({ minLength: 4, maxLength: 200 }),
              fc.base64String({ maxLength: 60 }),
            )
            .map((p) => p.join('.')),
          fc.uint8Array({ minLength: 1, maxLength: 120 }).map((b) => Buffer.from(b).toString('base64url')),
        ),
        async (token) => {
          const problem = await expectRefused(token, `basura ${token.slice(0, 30)}`);
          if (problem) wrong.push(problem);
        },
      ),
      { numRuns: 60 },
    );
    expect(wrong).toEqual([]);
  });

  it('stops a deactivated user and a changed role within seconds, whatever the token says', async () => {
    const fx = fixtures(w);
    const victims = await Promise.all([0, 1, 2, 3, 4].map(() => fx.user(w.ids.areas.carp)));
    const tokens: string[] = [];
    for (const uuid of victims) {
      const [row]: { username: string }[] = await w.t.ds.query('SELECT username FROM usuarios WHERE uuid = $1', [uuid]);
      tokens.push((await login(w.t, row!.username)).token);
    }
    for (const tk of tokens) expect((await call(w, 'GET', '/api/tasks', { token: tk })).status).toBe(200);
    // Deactivate the first three, move the other two to a role without permissions.
    await w.t.ds.query('UPDATE usuarios SET activo = false WHERE uuid = ANY($1)', [victims.slice(0, 3)]);
    await w.t.ds.query('UPDATE usuarios SET rol_uuid = $2 WHERE uuid = ANY($1)', [
      victims.slice(3),
      w.ids.roles.noPerm,
    ]);
    // The guard trusts its cache for 2 s at most (docs/DECISIONS.md): 2 s later on the API's clock.
    const restoreClock = clockAhead(w.t, 2000);
    const wrong: (string | null)[] = [];
    try {
      for (const tk of tokens.slice(0, 3)) {
        wrong.push(await expectRefused(tk, 'usuario desactivado'));
        wrong.push(await expectRefused(tk, 'usuario desactivado (ruta propia)', 401, '/api/notifications/unread-count'));
      }
      for (const tk of tokens.slice(3)) {
        wrong.push(await expectRefused(tk, 'rol cambiado sin read:task', 403));
        wrong.push(await expectRefused(tk, 'rol cambiado sin read:status', 403, '/api/statuses'));
      }
    } finally {
      restoreClock();
    }
    expect(wrong.filter(Boolean)).toEqual([]);
  });

  it('a token that worked is refused, as expired, from the second its exp is reached', async () => {
    const { header, payload } = decodeJwt(w.tokens.operario!);
    const exp = now() + 60;
    const token = craftJwt(header, { ...payload, iat: now(), exp }, { secret });
    // A second token never shown to the API before its `exp`: its first check is the signature's.
    const unseen = craftJwt(header, { ...payload, iat: now(), exp: exp - 1 }, { secret });
    expect((await call(w, 'GET', '/api/tasks', { token })).status).toBe(200);
    expect((await call(w, 'GET', '/api/tasks', { token })).status).toBe(200);
    // The API's clock at the last millisecond before `exp`, then at `exp` itself.
    let restoreClock = clockAt(w.t, exp * 1000 - 1);
    try {
      expect((await call(w, 'GET', '/api/tasks', { token })).status).toBe(200);
    } finally {
      restoreClock();
    }
    restoreClock = clockAt(w.t, exp * 1000);
    try {
      for (const tk of [token, unseen]) {
        const res = await call(w, 'GET', '/api/tasks', { token: tk });
        expect(res.status).toBe(401);
        expect(ErrorBodySchema.parse(res.body).message).toBe(MESSAGES.errors.sessionExpired);
        refused.count++;
      }
    } finally {
      restoreClock();
    }
  });

  it('has refused at least 200 crafted tokens', () => {
    expect(refused.count).toBeGreaterThanOrEqual(200);
  });
});

describe('contraseñas guardadas', () => {
  it('every stored hash is argon2id with the OWASP parameters (19 MiB, t=2, p=1), also after create and change', async () => {
    const created = await call(w, 'POST', '/api/users', {
      token: w.tokens.admin,
      body: {
        username: 'hash_nuevo',
        password: 'una-clave-larga',
        nombre: 'Hash',
        apellido: 'Nuevo',
        rol_uuid: w.ids.roles.operario,
        usuario_areas_uuid: [w.ids.areas.carp],
      },
    });
    expect(created.status).toBe(201);
    const changed = await call(w, 'POST', `/api/users/${w.ids.users.mlopez}/change-password`, {
      token: w.tokens.mlopez,
      body: { currentPassword: 'demo1234', newPassword: 'otra-clave-larga' },
    });
    expect(changed.status).toBe(200);
    const rows: { username: string; password_hash: string }[] = await w.t.ds.query(
      'SELECT username, password_hash FROM usuarios',
    );
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const r of rows) {
      const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.exec(r.password_hash);
      expect({ user: r.username, ok: Boolean(m) }).toEqual({ user: r.username, ok: true });
      const [m_, t, p] = [Number(m![1]), Number(m![2]), Number(m![3])];
      // OWASP: m=19456 (19 MiB), t=2, p=1 — or any stronger memory/time pair.
      expect(m_ >= 19456 && t >= 2 && p >= 1).toBe(true);
    }
  });
});

describe('respuestas de la API', () => {
  it('are never stored by a browser or a proxy, and carry no validator', async () => {
    for (const path of ['/api/tasks', '/api/users?page=1', '/api/areas']) {
      const res = await call(w, 'GET', path, { token: w.tokens.admin });
      expect({ path, status: res.status, cache: res.headers.get('cache-control'), etag: res.headers.get('etag') }).toEqual({
        path,
        status: 200,
        cache: 'no-store',
        etag: null,
      });
    }
    const refused = await call(w, 'GET', '/api/tasks');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('carry the security headers of an API (OWASP REST): no framing, no sniffing, a CSP that allows nothing', async () => {
    for (const [path, token] of [
      ['/api/users?page=1', w.tokens.admin],
      ['/api/tasks', undefined],
    ] as const) {
      const res = await call(w, 'GET', path, { token });
      const h = (name: string) => res.headers.get(name);
      expect({
        path,
        csp: h('content-security-policy'),
        frame: h('x-frame-options'),
        sniff: h('x-content-type-options'),
        referrer: h('referrer-policy'),
        corp: h('cross-origin-resource-policy'),
        // Headers meant for documents are left out of data answers.
        document: ['x-xss-protection', 'x-dns-prefetch-control', 'origin-agent-cluster', 'x-download-options'].filter(h),
      }).toEqual({
        path,
        csp: "default-src 'none';frame-ancestors 'none'",
        frame: 'DENY',
        sniff: 'nosniff',
        referrer: 'no-referrer',
        corp: 'same-origin',
        document: [],
      });
    }
  });
});
