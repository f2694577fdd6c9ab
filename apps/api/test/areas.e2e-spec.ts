import {
  AreaListResponseSchema,
  AreaResponseSchema,
  AreasOfUserResponseSchema,
  AreasWithUsersResponseSchema,
  MESSAGES,
  OkResponseSchema,
} from '@gestar/contracts';
import { areaUuid, count, createTestApp, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const v = MESSAGES.validation;
const e = MESSAGES.errors;
const GHOST = '00000000-0000-4000-8000-000000000000';

describe('areas API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let logistica: string;
  let carpinteria: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all(['admin', 'supervisor', 'operario'].map((u) => tokenFor(t, u)));
    [carpinteria, logistica] = await Promise.all(['Carpintería', 'Logística'].map((a) => areaUuid(t, a)));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/areas', () => {
    it('read:all:areas sees every area, by name, paged', async () => {
      const body = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas').set(auth(admin))).body);
      expect(body.data.map((a) => a.nombre)).toEqual(['Carpintería', 'Logística', 'Tapicería']);
      expect(body.meta).toEqual({ totalItems: 3, currentPage: 1, limit: 10, totalPages: 1 });
      const page2 = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas?page=2&limit=2').set(auth(admin))).body);
      expect(page2.data.map((a) => a.nombre)).toEqual(['Tapicería']);
      expect(page2.meta).toEqual({ totalItems: 3, currentPage: 2, limit: 2, totalPages: 2 });
    });

    it('read:area sees only its own areas; nombre filters case and accent insensitively', async () => {
      const sup = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas').set(auth(supervisor))).body);
      expect(sup.data.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      const op = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas').set(auth(operario))).body);
      expect(op.data.map((a) => a.nombre)).toEqual(['Carpintería']);
      const filtered = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas?nombre=LOGIST').set(auth(admin))).body);
      expect(filtered.data.map((a) => a.nombre)).toEqual(['Logística']);
      const none = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas?nombre=logist').set(auth(supervisor))).body);
      expect(none).toEqual({ data: [], meta: { totalItems: 0, currentPage: 1, limit: 10, totalPages: 0 } });
    });

    it('refuses without a token, without read:area / read:all:areas, and bad paging', async () => {
      expectError(await t.http.get('/api/areas'), 401);
      await t.ds.query(`INSERT INTO roles (nombre, permisos) VALUES ('Invitado', '{read:user}')`);
      const [{ uuid: guest }]: { uuid: string }[] = await t.ds.query(
        `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid)
         SELECT 'invitado', password_hash, 'In', 'Vitado', (SELECT uuid FROM roles WHERE nombre = 'Invitado') FROM usuarios WHERE username = 'admin'
         RETURNING uuid`,
      );
      await t.ds.query('INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)', [guest, carpinteria]);
      const token = await tokenFor(t, 'invitado');
      expectError(await t.http.get('/api/areas').set(auth(token)), 403);
      expectError(await t.http.get('/api/areas/usuarios').set(auth(token)), 403);
      expectError(await t.http.get(`/api/areas/${carpinteria}`).set(auth(token)), 403);
      // areas/user/:id needs read:user, which this role has, in scope.
      expect((await t.http.get(`/api/areas/user/${await userUuid(t, 'operario')}`).set(auth(token))).status).toBe(200);
      await t.ds.query('DELETE FROM usuario_areas WHERE usuario_uuid = $1', [guest]);
      await t.ds.query('DELETE FROM usuarios WHERE uuid = $1', [guest]);
      expect(expectError(await t.http.get('/api/areas?page=0').set(auth(admin)), 400, v.invalidPage).errors).toEqual([{ path: 'page', message: v.invalidPage }]);
    });
  });

  describe('GET /api/areas/:id', () => {
    it('own area or read:all:areas; another area 403; unknown 404', async () => {
      expect(parseWith(AreaResponseSchema, (await t.http.get(`/api/areas/${carpinteria}`).set(auth(operario))).body).nombre).toBe('Carpintería');
      expect(parseWith(AreaResponseSchema, (await t.http.get(`/api/areas/${logistica}`).set(auth(admin))).body).nombre).toBe('Logística');
      expectError(await t.http.get(`/api/areas/${logistica}`).set(auth(supervisor)), 403, e.outOfScope);
      expectError(await t.http.get(`/api/areas/${GHOST}`).set(auth(admin)), 404);
      expectError(await t.http.get('/api/areas/x').set(auth(admin)), 400, v.invalidUuid);
    });
  });

  describe('GET /api/areas/usuarios', () => {
    it('areas in scope with their active users', async () => {
      const all = parseWith(AreasWithUsersResponseSchema, (await t.http.get('/api/areas/usuarios').set(auth(admin))).body);
      expect(all.map((a) => a.nombre)).toEqual(['Carpintería', 'Logística', 'Tapicería']);
      expect(all.find((a) => a.nombre === 'Logística')?.usuarios.map((u) => u.username).sort()).toEqual(['admin', 'jruiz']);
      const sup = parseWith(AreasWithUsersResponseSchema, (await t.http.get('/api/areas/usuarios').set(auth(supervisor))).body);
      expect(sup.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      expect(sup[0].usuarios.map((u) => u.username).sort()).toEqual(['admin', 'operario', 'supervisor']);
      expect(JSON.stringify(sup)).not.toMatch(/password|hash/i);
    });

    it('leaves out deactivated users', async () => {
      const jruiz = await userUuid(t, 'jruiz');
      await t.ds.query('UPDATE usuarios SET activo = false WHERE uuid = $1', [jruiz]);
      const all = parseWith(AreasWithUsersResponseSchema, (await t.http.get('/api/areas/usuarios').set(auth(admin))).body);
      expect(all.find((a) => a.nombre === 'Logística')?.usuarios.map((u) => u.username)).toEqual(['admin']);
      await t.ds.query('UPDATE usuarios SET activo = true WHERE uuid = $1', [jruiz]);
      expectError(await t.http.get('/api/areas/usuarios'), 401);
    });
  });

  describe('GET /api/areas/user/:id', () => {
    it('self, or a reader of users in scope; others refused', async () => {
      const operarioId = await userUuid(t, 'operario');
      expect(parseWith(AreasOfUserResponseSchema, (await t.http.get(`/api/areas/user/${operarioId}`).set(auth(operario))).body).map((a) => a.nombre)).toEqual(['Carpintería']);
      const sup = await userUuid(t, 'supervisor');
      expect(parseWith(AreasOfUserResponseSchema, (await t.http.get(`/api/areas/user/${sup}`).set(auth(admin))).body).map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      expect(parseWith(AreasOfUserResponseSchema, (await t.http.get(`/api/areas/user/${operarioId}`).set(auth(supervisor))).body)).toHaveLength(1);
      expectError(await t.http.get(`/api/areas/user/${await userUuid(t, 'jruiz')}`).set(auth(supervisor)), 403, e.outOfScope);
      expectError(await t.http.get(`/api/areas/user/${sup}`).set(auth(operario)), 403);
      expectError(await t.http.get(`/api/areas/user/${GHOST}`).set(auth(admin)), 404);
    });
  });

  describe('POST/PUT/DELETE /api/areas', () => {
    it('create:area creates (201), update:area renames, delete:area deletes an unused area', async () => {
      const created = await t.http.post('/api/areas').set(auth(admin)).send({ nombre: '  Pintura  ' });
      expect(created.status).toBe(201);
      const area = parseWith(AreaResponseSchema, created.body);
      expect(area.nombre).toBe('Pintura');
      const updated = await t.http.put(`/api/areas/${area.uuid}`).set(auth(admin)).send({ nombre: 'Pintura y laca' });
      expect(updated.status).toBe(200);
      expect(parseWith(AreaResponseSchema, updated.body)).toEqual({ uuid: area.uuid, nombre: 'Pintura y laca' });
      const before = await count(t, 'areas');
      const deleted = await t.http.delete(`/api/areas/${area.uuid}`).set(auth(admin));
      expect(deleted.status).toBe(200);
      parseWith(OkResponseSchema, deleted.body);
      expect(await count(t, 'areas')).toBe(before - 1);
      expectError(await t.http.delete(`/api/areas/${area.uuid}`).set(auth(admin)), 404);
      expectError(await t.http.put(`/api/areas/${area.uuid}`).set(auth(admin)).send({ nombre: 'X' }), 404);
    });

    it('validation: nombre required, at the field path', async () => {
      const res = expectError(await t.http.post('/api/areas').set(auth(admin)).send({ nombre: '   ' }), 400, v.nombreRequired);
      expect(res.errors).toEqual([{ path: 'nombre', message: v.nombreRequired }]);
      expect(expectError(await t.http.put(`/api/areas/${carpinteria}`).set(auth(admin)).send({}), 400, v.nombreRequired).errors).toEqual([
        { path: 'nombre', message: v.nombreRequired },
      ]);
    });

    it('an area with users or tasks cannot be deleted (409) and stays', async () => {
      const before = await count(t, 'areas');
      expectError(await t.http.delete(`/api/areas/${carpinteria}`).set(auth(admin)), 409, e.areaInUse);
      // An area with only a task (no users) is also in use.
      const [{ uuid: empty }]: { uuid: string }[] = await t.ds.query(`INSERT INTO areas (nombre) VALUES ('Solo tareas') RETURNING uuid`);
      await t.ds.query(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid)
         SELECT 'Tarea', (SELECT uuid FROM tipos_tarea LIMIT 1), $1, (SELECT uuid FROM usuarios WHERE username = 'admin')`,
        [empty],
      );
      expectError(await t.http.delete(`/api/areas/${empty}`).set(auth(admin)), 409, e.areaInUse);
      expect(await count(t, 'areas')).toBe(before + 1);
    });

    it('refuses writes without the permission (supervisor, operario) and leaves the table unchanged', async () => {
      const before = await t.ds.query('SELECT uuid, nombre FROM areas ORDER BY uuid');
      for (const token of [supervisor, operario]) {
        expectError(await t.http.post('/api/areas').set(auth(token)).send({ nombre: 'Nueva' }), 403);
        expectError(await t.http.put(`/api/areas/${carpinteria}`).set(auth(token)).send({ nombre: 'Renombrada' }), 403);
        expectError(await t.http.delete(`/api/areas/${carpinteria}`).set(auth(token)), 403);
      }
      expect(await t.ds.query('SELECT uuid, nombre FROM areas ORDER BY uuid')).toEqual(before);
    });
  });
});
