import { TaskTypeListResponseSchema, TaskTypeResponseSchema, MESSAGES, OkResponseSchema } from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const v = MESSAGES.validation;
const GHOST = '00000000-0000-4000-8000-000000000000';

describe('task types API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let nobody: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const valid = { nombre: 'Inventario', descripcion: 'Conteo de materiales y piezas del depósito.' };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all(['admin', 'supervisor', 'operario'].map((u) => tokenFor(t, u)));
    // A role without any permission, to show the read permission is required.
    await t.ds.query(`INSERT INTO roles (nombre, permisos) VALUES ('Invitado', '{}')`);
    await t.ds.query(`UPDATE usuarios SET rol_uuid = (SELECT uuid FROM roles WHERE nombre = 'Invitado') WHERE username = 'jruiz'`);
    nobody = await tokenFor(t, 'jruiz');
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET list: read:task-type, paged by name, nombre filter case and accent insensitive', async () => {
    const res = await t.http.get('/api/type-task').set(auth(operario));
    expect(res.status).toBe(200);
    const body = parseWith(TaskTypeListResponseSchema, res.body);
    expect(body.data.map((p) => p.nombre)).toEqual(['Limpieza', 'Mantenimiento', 'Producción']);
    expect(body.meta).toEqual({ totalItems: 3, currentPage: 1, limit: 10, totalPages: 1 });
    const page = parseWith(TaskTypeListResponseSchema, (await t.http.get('/api/type-task?limit=2&page=2').set(auth(admin))).body);
    expect(page).toMatchObject({ data: [{ nombre: 'Producción' }], meta: { totalItems: 3, currentPage: 2, limit: 2, totalPages: 2 } });
    const filtered = parseWith(TaskTypeListResponseSchema, (await t.http.get('/api/type-task?nombre=PRODUCCION').set(auth(supervisor))).body);
    expect(filtered.data.map((p) => p.nombre)).toEqual(['Producción']);
    expectError(await t.http.get('/api/type-task').set(auth(nobody)), 403);
    expectError(await t.http.get('/api/type-task'), 401);
  });

  it('GET one; unknown 404; without permission 403', async () => {
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Limpieza'`);
    expect(parseWith(TaskTypeResponseSchema, (await t.http.get(`/api/type-task/${uuid}`).set(auth(operario))).body)).toEqual({
      uuid,
      nombre: 'Limpieza',
      descripcion: 'Orden y limpieza de los puestos de trabajo',
    });
    expectError(await t.http.get(`/api/type-task/${GHOST}`).set(auth(admin)), 404);
    expectError(await t.http.get(`/api/type-task/${uuid}`).set(auth(nobody)), 403);
  });

  it('POST, PUT, DELETE with their permissions', async () => {
    const created = await t.http.post('/api/type-task').set(auth(admin)).send(valid);
    expect(created.status).toBe(201);
    const p = parseWith(TaskTypeResponseSchema, created.body);
    expect(p).toMatchObject(valid);
    const updated = await t.http.put(`/api/type-task/${p.uuid}`).set(auth(admin)).send({ nombre: 'Inventario anual', descripcion: 'Conteo.' });
    expect(parseWith(TaskTypeResponseSchema, updated.body)).toEqual({ uuid: p.uuid, nombre: 'Inventario anual', descripcion: 'Conteo.' });
    expectError(await t.http.put(`/api/type-task/${GHOST}`).set(auth(admin)).send(valid), 404);
    const deleted = await t.http.delete(`/api/type-task/${p.uuid}`).set(auth(admin));
    expect(deleted.status).toBe(200);
    parseWith(OkResponseSchema, deleted.body);
    expectError(await t.http.delete(`/api/type-task/${p.uuid}`).set(auth(admin)), 404);
  });

  it('validation: nombre and descripcion required, at their paths', async () => {
    const res = expectError(await t.http.post('/api/type-task').set(auth(admin)).send({ nombre: ' ' }), 400);
    expect(res.errors).toEqual([
      { path: 'nombre', message: v.nombreRequired },
      { path: 'descripcion', message: v.descripcionRequired },
    ]);
  });

  it('a type used by a task (even inactive) cannot be deleted: 409', async () => {
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Limpieza'`);
    await t.ds.query(`UPDATE tareas SET activo = false WHERE tipo_tarea_uuid = $1`, [uuid]);
    const before = await count(t, 'tipos_tarea');
    expectError(await t.http.delete(`/api/type-task/${uuid}`).set(auth(admin)), 409, MESSAGES.errors.taskTypeInUse);
    expect(await count(t, 'tipos_tarea')).toBe(before);
  });

  it('refuses writes without the permission (supervisor, operario) and writes nothing', async () => {
    const snapshot = () => t.ds.query('SELECT uuid, nombre, descripcion FROM tipos_tarea ORDER BY uuid');
    const before = await snapshot();
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM tipos_tarea WHERE nombre = 'Mantenimiento'`);
    for (const token of [supervisor, operario]) {
      expectError(await t.http.post('/api/type-task').set(auth(token)).send(valid), 403);
      expectError(await t.http.put(`/api/type-task/${uuid}`).set(auth(token)).send(valid), 403);
      expectError(await t.http.delete(`/api/type-task/${uuid}`).set(auth(token)), 403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
