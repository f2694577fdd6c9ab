import { JobDescriptionListResponseSchema, JobDescriptionResponseSchema, MESSAGES, OkResponseSchema } from '@gestar/contracts';
import { count, createTestApp, expectError, parseWith, TestApp, tokenFor } from './support/test-app';

const v = MESSAGES.validation;
const GHOST = '00000000-0000-4000-8000-000000000000';

describe('job descriptions API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let nobody: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const valid = { nombre: 'Lustrador', descripcion: 'Aplica lustre y laca a los muebles terminados.' };

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

  it('GET list: read:job-description, paged by name, nombre filter case and accent insensitive', async () => {
    const res = await t.http.get('/api/job-descriptions').set(auth(operario));
    expect(res.status).toBe(200);
    const body = parseWith(JobDescriptionListResponseSchema, res.body);
    expect(body.data.map((p) => p.nombre)).toEqual(['Carpintero', 'Chofer', 'Encargado de taller', 'Jefe de planta', 'Tapicero']);
    expect(body.meta).toEqual({ totalItems: 5, currentPage: 1, limit: 10, totalPages: 1 });
    const page = parseWith(JobDescriptionListResponseSchema, (await t.http.get('/api/job-descriptions?limit=2&page=3').set(auth(admin))).body);
    expect(page).toMatchObject({ data: [{ nombre: 'Tapicero' }], meta: { totalItems: 5, currentPage: 3, limit: 2, totalPages: 3 } });
    const filtered = parseWith(JobDescriptionListResponseSchema, (await t.http.get('/api/job-descriptions?nombre=CARP').set(auth(supervisor))).body);
    expect(filtered.data.map((p) => p.nombre)).toEqual(['Carpintero']);
    expectError(await t.http.get('/api/job-descriptions').set(auth(nobody)), 403);
    expectError(await t.http.get('/api/job-descriptions'), 401);
  });

  it('GET one; unknown 404; without permission 403', async () => {
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM descripciones_puesto WHERE nombre = 'Chofer'`);
    expect(parseWith(JobDescriptionResponseSchema, (await t.http.get(`/api/job-descriptions/${uuid}`).set(auth(operario))).body)).toEqual({
      uuid,
      nombre: 'Chofer',
      descripcion: 'Entrega los pedidos a los clientes.',
    });
    expectError(await t.http.get(`/api/job-descriptions/${GHOST}`).set(auth(admin)), 404);
    expectError(await t.http.get(`/api/job-descriptions/${uuid}`).set(auth(nobody)), 403);
  });

  it('POST, PUT, DELETE with their permissions', async () => {
    const created = await t.http.post('/api/job-descriptions').set(auth(admin)).send(valid);
    expect(created.status).toBe(201);
    const p = parseWith(JobDescriptionResponseSchema, created.body);
    expect(p).toMatchObject(valid);
    const updated = await t.http.put(`/api/job-descriptions/${p.uuid}`).set(auth(admin)).send({ nombre: 'Laqueador', descripcion: 'Laca.' });
    expect(parseWith(JobDescriptionResponseSchema, updated.body)).toEqual({ uuid: p.uuid, nombre: 'Laqueador', descripcion: 'Laca.' });
    expectError(await t.http.put(`/api/job-descriptions/${GHOST}`).set(auth(admin)).send(valid), 404);
    const deleted = await t.http.delete(`/api/job-descriptions/${p.uuid}`).set(auth(admin));
    expect(deleted.status).toBe(200);
    parseWith(OkResponseSchema, deleted.body);
    expectError(await t.http.delete(`/api/job-descriptions/${p.uuid}`).set(auth(admin)), 404);
  });

  it('validation: nombre and descripcion required, at their paths', async () => {
    const res = expectError(await t.http.post('/api/job-descriptions').set(auth(admin)).send({ nombre: ' ' }), 400);
    expect(res.errors).toEqual([
      { path: 'nombre', message: v.nombreRequired },
      { path: 'descripcion', message: v.descripcionRequired },
    ]);
  });

  it('a position held by a user (even inactive) cannot be deleted: 409', async () => {
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM descripciones_puesto WHERE nombre = 'Tapicero'`);
    await t.ds.query(`UPDATE usuarios SET activo = false WHERE username = 'mlopez'`);
    const before = await count(t, 'descripciones_puesto');
    expectError(await t.http.delete(`/api/job-descriptions/${uuid}`).set(auth(admin)), 409, MESSAGES.errors.jobPositionInUse);
    expect(await count(t, 'descripciones_puesto')).toBe(before);
  });

  it('refuses writes without the permission (supervisor, operario) and writes nothing', async () => {
    const snapshot = () => t.ds.query('SELECT uuid, nombre, descripcion FROM descripciones_puesto ORDER BY uuid');
    const before = await snapshot();
    const [{ uuid }]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM descripciones_puesto WHERE nombre = 'Chofer'`);
    for (const token of [supervisor, operario]) {
      expectError(await t.http.post('/api/job-descriptions').set(auth(token)).send(valid), 403);
      expectError(await t.http.put(`/api/job-descriptions/${uuid}`).set(auth(token)).send(valid), 403);
      expectError(await t.http.delete(`/api/job-descriptions/${uuid}`).set(auth(token)), 403);
    }
    expect(await snapshot()).toEqual(before);
  });
});
