import {
  AuditEntry,
  AuditListResponseSchema,
  FailedLoginDetailSchema,
  MESSAGES,
  TYPED_USERNAME_MAX,
} from '@gestar/contracts';
import { AuditService } from '../src/common/audit/audit.service';
import { createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/**
 * What the audit log keeps of hostile callers (issue 31, section 3): a burst of refused calls is
 * one entry with its count, even when the refusals arrive in parallel; a failed sign-in cannot
 * write free text into the log as a username.
 */
jest.setTimeout(120_000);

let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'supervisor', 'operario']) {
    tokens[u] = await tokenFor(t, u);
    ids[u] = await userUuid(t, u);
  }
});

afterAll(async () => {
  await t?.close();
});

const as = (who: string) => ({ Authorization: `Bearer ${tokens[who]}` });

async function entries(query: Record<string, string>): Promise<AuditEntry[]> {
  const res = await t.http.get('/api/audit').query({ limit: '100', ...query }).set(as('admin'));
  expect(res.status).toBe(200);
  return parseWith(AuditListResponseSchema, res.body).data;
}

async function refusalsOf(user: string, metodo: string, ruta: string): Promise<AuditEntry[]> {
  return (await entries({ accion: 'rechazado', actor_uuid: ids[user]! })).filter(
    (e) => e.detalle.metodo === metodo && e.detalle.ruta === ruta,
  );
}

async function rowsOf(user: string, ruta: string): Promise<number> {
  const [row]: { n: number }[] = await t.ds.query(
    `SELECT count(*)::int AS n FROM auditoria WHERE accion = 'rechazado' AND actor_uuid = $1 AND detalle ->> 'ruta' = $2`,
    [ids[user], ruta],
  );
  return row!.n;
}

describe('repeated refusals', () => {
  it('50 parallel refused calls of one person on one route are one entry that counts 50', async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.http.post('/api/areas').set(as('operario')).send({ nombre: `Intruso ${i}` })),
    );
    for (const r of burst) expectError(r, 403, MESSAGES.errors.forbidden);
    expect(await rowsOf('operario', '/api/areas')).toBe(1);
    const [entry, ...rest] = await refusalsOf('operario', 'POST', '/api/areas');
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ veces: 50, recurso: 'ruta', actor: { uuid: ids.operario } });
    expect(entry!.ultima_en).not.toBeNull();
    expect(entry!.ultima_en! >= entry!.en).toBe(true);

    // More refusals within the minute go on counting in the same entry.
    expectError(await t.http.post('/api/areas').set(as('operario')).send({ nombre: 'Otra vez' }), 403);
    expect((await refusalsOf('operario', 'POST', '/api/areas'))[0]).toMatchObject({ id: entry!.id, veces: 51 });
  });

  it('refusals recorded at the very same moment still make one entry each route (no first-entry race)', async () => {
    // The HTTP burst above reaches the recorder spread out by the request pipeline; here every
    // pooled connection starts on the same route at once, five routes in a row.
    const audit = t.app.get(AuditService);
    for (let round = 0; round < 5; round++) {
      const ruta = `/api/carrera/${round}`;
      await Promise.all(
        Array.from({ length: 50 }, () =>
          audit.record({ actorUuid: ids.operario!, accion: 'rechazado', recurso: 'ruta', detalle: { metodo: 'GET', ruta, motivo: 'x' }, ip: null }),
        ),
      );
      expect(await rowsOf('operario', ruta)).toBe(1);
      expect((await refusalsOf('operario', 'GET', ruta)).map((e) => e.veces)).toEqual([50]);
    }
  });

  it('another route, another method or another person is an entry of its own', async () => {
    await Promise.all([
      t.http.get('/api/audit').set(as('operario')),
      t.http.get('/api/audit').set(as('operario')),
      t.http.get('/api/audit').set(as('supervisor')),
      t.http.post('/api/job-descriptions').set(as('operario')).send({ nombre: 'X', descripcion: 'Y' }),
    ]).then((rs) => rs.forEach((r) => expectError(r, 403)));
    expect((await refusalsOf('operario', 'GET', '/api/audit')).map((e) => e.veces)).toEqual([2]);
    expect((await refusalsOf('supervisor', 'GET', '/api/audit')).map((e) => e.veces)).toEqual([1]);
    expect((await refusalsOf('operario', 'POST', '/api/job-descriptions')).map((e) => e.veces)).toEqual([1]);
  });

  it('a refusal after the minute starts a new entry; the old one keeps its count', async () => {
    const ruta = '/api/areas/:id';
    await t.ds.query(
      `INSERT INTO auditoria (en, actor_uuid, accion, recurso, detalle)
       VALUES (now() - interval '61 seconds', $1, 'rechazado', 'ruta', jsonb_build_object('metodo', 'DELETE', 'ruta', $2::text))`,
      [ids.operario, ruta],
    );
    expectError(await t.http.delete(`/api/areas/${ids.admin}`).set(as('operario')), 403);
    expect((await refusalsOf('operario', 'DELETE', ruta)).map((e) => e.veces)).toEqual([1, 1]);
    expectError(await t.http.delete(`/api/areas/${ids.supervisor}`).set(as('operario')), 403);
    expect((await refusalsOf('operario', 'DELETE', ruta)).map((e) => e.veces)).toEqual([2, 1]);
  });

  it('the log stays append-only: only a refusal’s count may go up', async () => {
    const refused = /no se puede modificar ni borrar/;
    await expect(t.ds.query(`UPDATE auditoria SET veces = veces + 1, ultima_en = now() WHERE accion <> 'rechazado'`)).rejects.toThrow(refused);
    await expect(t.ds.query(`UPDATE auditoria SET veces = veces - 1 WHERE accion = 'rechazado' AND veces > 1`)).rejects.toThrow(refused);
    await expect(
      t.ds.query(`UPDATE auditoria SET veces = veces + 1, ultima_en = now(), detalle = '{}' WHERE accion = 'rechazado'`),
    ).rejects.toThrow(refused);
    await expect(t.ds.query(`UPDATE auditoria SET veces = veces + 1, ultima_en = now(), en = now() WHERE accion = 'rechazado'`)).rejects.toThrow(
      refused,
    );
  });
});

describe('failed sign-ins without an account', () => {
  it('keep the typed name short and printable, and say it is no account', async () => {
    // 100 characters (the field's maximum): line breaks, a bidirectional override, zero-width and control characters.
    const hostile = `x\n2026-11-27 admin ingresó\r\u202Eadmin\u200B\u0007${'y'.repeat(200)}`.slice(0, 100);
    expectError(await t.http.post('/api/auth/login').send({ username: hostile, password: 'x' }), 401, MESSAGES.errors.loginFailed);
    const entry = (await entries({ accion: 'ingreso_fallido' }))[0]!;
    const detalle = parseWith(FailedLoginDetailSchema, entry.detalle);
    expect(detalle.sin_cuenta).toBe(true);
    expect(entry.recurso_uuid).toBeNull();
    expect(entry.actor).toBeNull();
    expect(detalle.usuario).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
    expect(Array.from(detalle.usuario).length).toBe(TYPED_USERNAME_MAX);
    expect(detalle.usuario.startsWith('x2026-11-27 admin ingresóadminy')).toBe(true);
  });

  it('a name with a NUL character is a clear 400, and nothing is recorded', async () => {
    const before = await t.ds.query(`SELECT count(*)::int AS n FROM login_attempts`);
    expectError(await t.http.post('/api/auth/login').send({ username: 'a\u0000b', password: 'x' }), 400, MESSAGES.validation.invalidBody);
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM login_attempts`)).toEqual(before);
  });

  it('a wrong password of an account names it, marked as an account', async () => {
    expectError(await t.http.post('/api/auth/login').send({ username: 'Operario', password: 'mala' }), 401);
    const entry = (await entries({ accion: 'ingreso_fallido' }))[0]!;
    expect(parseWith(FailedLoginDetailSchema, entry.detalle)).toEqual({ usuario: 'Operario', sin_cuenta: false, motivo: 'contraseña incorrecta' });
    expect(entry.recurso_uuid).toBe(ids.operario);
    // The right password still signs in.
    expect((await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD })).status).toBe(200);
  });
});
