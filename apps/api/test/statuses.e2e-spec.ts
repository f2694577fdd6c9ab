import { MESSAGES, OkResponseSchema, StatusListResponseSchema, StatusResponseSchema } from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const v = MESSAGES.validation;
const e = MESSAGES.errors;
const GHOST = '00000000-0000-4000-8000-000000000000';

describe('statuses API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const valid = { nombre: 'Revisión', descripcion: 'Esperando control de calidad', order: 4, color: '#abcdef' };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all(['admin', 'supervisor', 'operario'].map((u) => tokenFor(t, u)));
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET: read:status lists by order (operario too); without a token 401', async () => {
    const res = await t.http.get('/api/statuses').set(auth(operario));
    expect(res.status).toBe(200);
    const body = parseWith(StatusListResponseSchema, res.body);
    expect(body.data.map((s) => [s.nombre, s.order, s.color])).toEqual([
      ['Pendiente', 1, '#FAB005'],
      ['En progreso', 2, '#228BE6'],
      ['Completada', 3, '#40C057'],
    ]);
    expect(body.meta).toEqual({ totalItems: 3, currentPage: 1, limit: 100, totalPages: 1 });
    expectError(await t.http.get('/api/statuses'), 401);
  });

  it('POST: create:status creates with the colour upper-cased; the list keeps the order', async () => {
    const res = await t.http.post('/api/statuses').set(auth(admin)).send({ ...valid, order: 2 });
    expect(res.status).toBe(201);
    const status = parseWith(StatusResponseSchema, res.body);
    expect(status).toMatchObject({ nombre: 'Revisión', order: 2, color: '#ABCDEF' });
    const [{ color }]: { color: string }[] = await t.ds.query('SELECT color FROM estados WHERE uuid = $1', [status.uuid]);
    expect(color).toBe('#ABCDEF');
    const list = parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(auth(admin))).body);
    expect(list.data.map((s) => s.order)).toEqual([1, 2, 2, 3]);
  });

  it('POST validation: the exact Spanish messages at their paths, nothing written', async () => {
    const before = await count(t, 'estados');
    const missing = expectError(await t.http.post('/api/statuses').set(auth(admin)).send({}), 400);
    expect(missing.errors).toEqual(
      expect.arrayContaining([
        { path: 'nombre', message: v.nombreRequired },
        { path: 'descripcion', message: v.descripcionRequired },
        { path: 'order', message: v.orderRequired },
        { path: 'color', message: v.colorHex },
      ]),
    );
    expect(expectError(await t.http.post('/api/statuses').set(auth(admin)).send({ ...valid, order: 0 }), 400, v.orderMin).errors).toEqual([
      { path: 'order', message: v.orderMin },
    ]);
    expect(expectError(await t.http.post('/api/statuses').set(auth(admin)).send({ ...valid, color: '#abc' }), 400, v.colorHex).errors).toEqual([
      { path: 'color', message: v.colorHex },
    ]);
    expectError(await t.http.post('/api/statuses').set(auth(admin)).send({ ...valid, color: 'ABCDEF' }), 400, v.colorHex);
    expect(await count(t, 'estados')).toBe(before);
  });

  it('PUT: update:status replaces the status; unknown 404', async () => {
    const created = parseWith(StatusResponseSchema, (await t.http.post('/api/statuses').set(auth(admin)).send(valid)).body);
    const res = await t.http.put(`/api/statuses/${created.uuid}`).set(auth(admin)).send({ nombre: 'Control', descripcion: 'Otra', order: '7', color: '#00ff00' });
    expect(res.status).toBe(200);
    expect(parseWith(StatusResponseSchema, res.body)).toEqual({ uuid: created.uuid, nombre: 'Control', descripcion: 'Otra', order: 7, color: '#00FF00' });
    expectError(await t.http.put(`/api/statuses/${GHOST}`).set(auth(admin)).send(valid), 404);
    expect(expectError(await t.http.put(`/api/statuses/${created.uuid}`).set(auth(admin)).send({ ...valid, nombre: '' }), 400, v.nombreRequired).errors).toEqual([
      { path: 'nombre', message: v.nombreRequired },
    ]);
  });

  it('DELETE: an unused status is deleted; one in use (even by archived tasks) is a 409 and stays', async () => {
    const created = parseWith(StatusResponseSchema, (await t.http.post('/api/statuses').set(auth(admin)).send(valid)).body);
    const res = await t.http.delete(`/api/statuses/${created.uuid}`).set(auth(admin));
    expect(res.status).toBe(200);
    parseWith(OkResponseSchema, res.body);
    expectError(await t.http.delete(`/api/statuses/${created.uuid}`).set(auth(admin)), 404);

    const before = await count(t, 'estados');
    const [{ uuid: completada }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM estados WHERE nombre = 'Completada'`);
    expectError(await t.http.delete(`/api/statuses/${completada}`).set(auth(admin)), 409, e.statusInUse);
    expect(await count(t, 'estados')).toBe(before);
  });

  it('refuses writes without the permission (supervisor and operario only read) and writes nothing', async () => {
    const snapshot = () => t.ds.query('SELECT uuid, nombre, descripcion, "order", color FROM estados ORDER BY uuid');
    const before = await snapshot();
    const [{ uuid: pendiente }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM estados WHERE nombre = 'Pendiente'`);
    for (const token of [supervisor, operario]) {
      expectError(await t.http.post('/api/statuses').set(auth(token)).send(valid), 403);
      expectError(await t.http.put(`/api/statuses/${pendiente}`).set(auth(token)).send(valid), 403);
      expectError(await t.http.delete(`/api/statuses/${pendiente}`).set(auth(token)), 403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
