import { RoleListResponseSchema } from '@gestar/contracts';
import { createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

describe('roles API', () => {
  let t: TestApp;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('read:role lists the roles the caller may grant, by name', async () => {
    const res = await t.http.get('/api/roles').set(auth(await tokenFor(t, 'admin')));
    expect(res.status).toBe(200);
    const body = parseWith(RoleListResponseSchema, res.body);
    expect(body.data.map((r) => r.nombre)).toEqual(['Administrador', 'Operario', 'Supervisor']);
    expect(body.meta).toEqual({ totalItems: 3, currentPage: 1, limit: 100, totalPages: 1 });
    expect(Object.keys(body.data[0]).sort()).toEqual(['nombre', 'uuid']);
  });

  it('a supervisor is not offered a role with permissions it lacks', async () => {
    const body = parseWith(RoleListResponseSchema, (await t.http.get('/api/roles').set(auth(await tokenFor(t, 'supervisor')))).body);
    expect(body.data.map((r) => r.nombre)).toEqual(['Operario', 'Supervisor']);
    const paged = parseWith(RoleListResponseSchema, (await t.http.get('/api/roles?limit=1&page=2').set(auth(await tokenFor(t, 'supervisor')))).body);
    expect(paged).toMatchObject({ data: [{ nombre: 'Supervisor' }], meta: { totalItems: 2, currentPage: 2, limit: 1, totalPages: 2 } });
  });

  it('refuses without read:role (operario) and without a token', async () => {
    expectError(await t.http.get('/api/roles').set(auth(await tokenFor(t, 'operario'))), 403);
    expectError(await t.http.get('/api/roles'), 401);
  });
});
