import {
  MESSAGES,
  UserListResponseSchema,
  UserResponseSchema,
  UsersOfAreasOfUserResponseSchema,
  type CreateUserRequestInput,
} from '@gestar/contracts';
import { areaUuid, count, createTestApp, expectError, login, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const v = MESSAGES.validation;
const e = MESSAGES.errors;

describe('users administration API', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let carpinteria: string;
  let tapiceria: string;
  let logistica: string;
  let rolOperario: string;
  let rolSupervisor: string;
  let rolAdmin: string;
  let puestoChofer: string;

  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const roleUuid = async (nombre: string) => ((await t.ds.query('SELECT uuid FROM roles WHERE nombre = $1', [nombre])) as { uuid: string }[])[0].uuid;
  const newUser = (over: Partial<CreateUserRequestInput> = {}): CreateUserRequestInput => ({
    username: `u${Math.random().toString(36).slice(2, 10)}`,
    password: 'secreta123',
    nombre: 'Nuevo',
    apellido: 'Empleado',
    rol_uuid: rolOperario,
    usuario_areas_uuid: [carpinteria],
    descripcion_puesto_uuid: null,
    ...over,
  });
  /** Creates a user as admin and answers its uuid. */
  const createAsAdmin = async (over: Partial<CreateUserRequestInput> = {}) => {
    const res = await t.http.post('/api/users').set(auth(admin)).send(newUser(over));
    expect(res.status).toBe(201);
    return parseWith(UserResponseSchema, res.body);
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, supervisor, operario] = await Promise.all(['admin', 'supervisor', 'operario'].map((u) => tokenFor(t, u)));
    [carpinteria, tapiceria, logistica] = await Promise.all(['Carpintería', 'Tapicería', 'Logística'].map((a) => areaUuid(t, a)));
    [rolOperario, rolSupervisor, rolAdmin] = await Promise.all(['Operario', 'Supervisor', 'Administrador'].map(roleUuid));
    puestoChofer = ((await t.ds.query(`SELECT uuid FROM descripciones_puesto WHERE nombre = 'Chofer'`)) as { uuid: string }[])[0].uuid;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/users', () => {
    it('read:user:all sees every user, paged, with role, areas and job position and no password', async () => {
      const res = await t.http.get('/api/users').set(auth(admin));
      expect(res.status).toBe(200);
      const body = parseWith(UserListResponseSchema, res.body);
      expect(body.meta).toEqual({ totalItems: 5, currentPage: 1, limit: 10, totalPages: 1 });
      expect(body.data.map((u) => u.username).sort()).toEqual(['admin', 'jruiz', 'mlopez', 'operario', 'supervisor']);
      const sup = body.data.find((u) => u.username === 'supervisor');
      expect(sup).toMatchObject({ rol: { nombre: 'Supervisor' }, descripcion_puesto: { nombre: 'Encargado de taller' }, activo: true });
      expect(sup?.usuario_areas.map((a) => a.area.nombre)).toEqual(['Carpintería', 'Tapicería']);
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash|argon/i);
    });

    it('pages with limit and page', async () => {
      const body = parseWith(UserListResponseSchema, (await t.http.get('/api/users?page=2&limit=2').set(auth(admin))).body);
      expect(body.meta).toEqual({ totalItems: 5, currentPage: 2, limit: 2, totalPages: 3 });
      expect(body.data).toHaveLength(2);
    });

    it('read:user (supervisor) sees only users sharing one of its areas', async () => {
      const body = parseWith(UserListResponseSchema, (await t.http.get('/api/users').set(auth(supervisor))).body);
      expect(body.data.map((u) => u.username).sort()).toEqual(['admin', 'mlopez', 'operario', 'supervisor']);
      expect(body.meta.totalItems).toBe(4);
    });

    it('filters by name (nombre or apellido, case and accent insensitive), username and area', async () => {
      const names = async (qs: string, token = admin) =>
        parseWith(UserListResponseSchema, (await t.http.get(`/api/users?${qs}`).set(auth(token))).body).data.map((u) => u.username).sort();
      expect(await names('nombre=MARIA&apellido=MARIA')).toEqual(['mlopez']);
      expect(await names('nombre=perez&apellido=perez')).toEqual(['operario']);
      expect(await names('nombre=%25')).toEqual([]);
      expect(await names('username=RUI')).toEqual(['jruiz']);
      expect(await names(`area_uuid=${logistica}`)).toEqual(['admin', 'jruiz']);
      expect(await names(`area_uuid=${tapiceria}&nombre=sergio`)).toEqual(['supervisor']);
      expect(await names(`area_uuid=${carpinteria}`, supervisor)).toEqual(['admin', 'operario', 'supervisor']);
    });

    it('refuses: an area outside the scope, no read permission, bad paging', async () => {
      expectError(await t.http.get(`/api/users?area_uuid=${logistica}`).set(auth(supervisor)), 403, e.noAccessArea);
      expectError(await t.http.get('/api/users').set(auth(operario)), 403);
      expectError(await t.http.get('/api/users'), 401);
      const bad = expectError(await t.http.get('/api/users?limit=101').set(auth(admin)), 400, v.invalidLimit);
      expect(bad.errors).toContainEqual({ path: 'limit', message: v.invalidLimit });
      expect((await t.http.get('/api/users?limit=100').set(auth(admin))).status).toBe(200);
    });
  });

  describe('GET /api/users/:id', () => {
    it('read:user in scope, read:user:all anywhere; out of scope 403; unknown 404', async () => {
      const jruiz = await userUuid(t, 'jruiz');
      parseWith(UserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, 'operario')}`).set(auth(supervisor))).body);
      expect(parseWith(UserResponseSchema, (await t.http.get(`/api/users/${jruiz}`).set(auth(admin))).body).username).toBe('jruiz');
      expectError(await t.http.get(`/api/users/${jruiz}`).set(auth(supervisor)), 403, e.noAccessUser);
      expectError(await t.http.get(`/api/users/${jruiz}`).set(auth(operario)), 403);
      expectError(await t.http.get('/api/users/00000000-0000-4000-8000-000000000000').set(auth(admin)), 404, e.userGone);
    });
  });

  describe('POST /api/users', () => {
    it('admin creates a user (201) who can then log in; the password is stored as an argon2id hash', async () => {
      const before = await count(t, 'usuarios');
      const res = await t.http
        .post('/api/users')
        .set(auth(admin))
        .send({ username: 'jperez', password: 'secreta123', nombre: ' Juan ', apellido: 'Pérez', rol_uuid: rolOperario, usuario_areas_uuid: [logistica, carpinteria], descripcion_puesto_uuid: puestoChofer });
      expect(res.status).toBe(201);
      const user = parseWith(UserResponseSchema, res.body);
      expect(user).toMatchObject({ username: 'jperez', nombre: 'Juan', apellido: 'Pérez', activo: true, rol: { uuid: rolOperario, nombre: 'Operario' }, descripcion_puesto_uuid: puestoChofer });
      expect(user.usuario_areas.map((a) => a.area.nombre)).toEqual(['Carpintería', 'Logística']);
      expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
      expect(await count(t, 'usuarios')).toBe(before + 1);
      await login(t, 'jperez', 'secreta123');
      const [{ password_hash }]: { password_hash: string }[] = await t.ds.query(`SELECT password_hash FROM usuarios WHERE username = 'jperez'`);
      expect(password_hash).toMatch(/^\$argon2id\$/);
    });

    it('a duplicate username, in any case, is a 409 and writes nothing', async () => {
      const before = [await count(t, 'usuarios'), await count(t, 'usuario_areas')];
      expectError(await t.http.post('/api/users').set(auth(admin)).send(newUser({ username: 'SUPERVISOR' })), 409, e.usernameTaken);
      expect([await count(t, 'usuarios'), await count(t, 'usuario_areas')]).toEqual(before);
    });

    it('validation answers the Spanish message at the field path', async () => {
      const res = expectError(await t.http.post('/api/users').set(auth(admin)).send({ username: 'con espacio', password: 'corta', usuario_areas_uuid: [] }), 400);
      expect(res.errors).toEqual(
        expect.arrayContaining([
          { path: 'username', message: v.usernameNoSpaces },
          { path: 'password', message: v.passwordMinLength },
          { path: 'nombre', message: v.nombreUserRequired },
          { path: 'apellido', message: v.apellidoRequired },
          { path: 'rol_uuid', message: v.rolRequired },
          { path: 'usuario_areas_uuid', message: v.userAreaRequired },
        ]),
      );
      const empty = expectError(await t.http.post('/api/users').set(auth(admin)).send(newUser({ username: '' })), 400, v.usernameRequired);
      expect(empty.errors).toEqual([{ path: 'username', message: v.usernameRequired }]);
    });

    it('unknown role, area or job position: 400 at the field, nothing written', async () => {
      const before = await count(t, 'usuarios');
      const ghost = '00000000-0000-4000-8000-000000000000';
      expect(expectError(await t.http.post('/api/users').set(auth(admin)).send(newUser({ rol_uuid: ghost })), 400, e.roleNotFound).errors).toEqual([
        { path: 'rol_uuid', message: e.roleNotFound },
      ]);
      expect(expectError(await t.http.post('/api/users').set(auth(admin)).send(newUser({ usuario_areas_uuid: [carpinteria, ghost] })), 400, e.areaNotFound).errors).toEqual([
        { path: 'usuario_areas_uuid.1', message: e.areaNotFound },
      ]);
      expectError(await t.http.post('/api/users').set(auth(admin)).send(newUser({ descripcion_puesto_uuid: ghost })), 400, e.jobPositionNotFound);
      expect(await count(t, 'usuarios')).toBe(before);
    });

    it('a supervisor creates users only in its areas and only with roles it could hold', async () => {
      const ok = await t.http.post('/api/users').set(auth(supervisor)).send(newUser({ usuario_areas_uuid: [tapiceria] }));
      expect(ok.status).toBe(201);
      parseWith(UserResponseSchema, ok.body);
      const before = [await count(t, 'usuarios'), await count(t, 'usuario_areas')];
      expectError(await t.http.post('/api/users').set(auth(supervisor)).send(newUser({ usuario_areas_uuid: [carpinteria, logistica] })), 403, e.noAccessArea);
      expectError(await t.http.post('/api/users').set(auth(supervisor)).send(newUser({ rol_uuid: rolAdmin })), 403, e.roleNotGrantable);
      expectError(await t.http.post('/api/users').set(auth(operario)).send(newUser()), 403);
      expect([await count(t, 'usuarios'), await count(t, 'usuario_areas')]).toEqual(before);
      // A supervisor may grant its own role.
      expect((await t.http.post('/api/users').set(auth(supervisor)).send(newUser({ rol_uuid: rolSupervisor }))).status).toBe(201);
    });
  });

  describe('PUT /api/users/:id', () => {
    const body = (u: { username: string; nombre: string; apellido: string; rol_uuid: string; usuario_areas_uuid: string[] }, over: Record<string, unknown> = {}) => ({
      username: u.username,
      nombre: u.nombre,
      apellido: u.apellido,
      rol_uuid: u.rol_uuid,
      usuario_areas_uuid: u.usuario_areas_uuid,
      password: '',
      ...over,
    });

    it('admin edits names, areas, position; a blank password leaves the password unchanged', async () => {
      const u = await createAsAdmin({ password: 'original123' });
      const res = await t.http
        .put(`/api/users/${u.uuid}`)
        .set(auth(admin))
        .send(body(u, { nombre: 'Editado', usuario_areas_uuid: [tapiceria, logistica], descripcion_puesto_uuid: puestoChofer }));
      expect(res.status).toBe(200);
      const edited = parseWith(UserResponseSchema, res.body);
      expect(edited).toMatchObject({ nombre: 'Editado', username: u.username, descripcion_puesto: { nombre: 'Chofer' } });
      expect(edited.usuario_areas.map((a) => a.area.nombre)).toEqual(['Logística', 'Tapicería']);
      await login(t, u.username, 'original123');
      // Missing job position = unchanged; null clears it.
      const kept = parseWith(UserResponseSchema, (await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(edited))).body);
      expect(kept.descripcion_puesto_uuid).toBe(puestoChofer);
      const cleared = parseWith(UserResponseSchema, (await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(edited, { descripcion_puesto_uuid: null }))).body);
      expect(cleared.descripcion_puesto).toBeNull();
    });

    it('a new password works at once and ends the user\'s other sessions', async () => {
      const u = await createAsAdmin({ password: 'original123' });
      const session = await login(t, u.username, 'original123');
      const res = await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u, { password: 'cambiada123' }));
      expect(res.status).toBe(200);
      await login(t, u.username, 'cambiada123');
      expectError(await t.http.post('/api/auth/login').send({ username: u.username, password: 'original123' }), 401);
      expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: session.refreshToken }), 401);
      const short = expectError(await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u, { password: 'corta' })), 400);
      expect(short.errors).toEqual([{ path: 'password', message: v.passwordMinLength }]);
    });

    it('the username is read-only: the same value is accepted, another one refused', async () => {
      const u = await createAsAdmin();
      expect((await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u))).status).toBe(200);
      const omitted: Record<string, unknown> = body(u);
      delete omitted.username;
      expect((await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(omitted)).status).toBe(200);
      const res = expectError(await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u, { username: 'otro' })), 400, v.usernameReadOnly);
      expect(res.errors).toEqual([{ path: 'username', message: v.usernameReadOnly }]);
      const [{ username }]: { username: string }[] = await t.ds.query('SELECT username FROM usuarios WHERE uuid = $1', [u.uuid]);
      expect(username).toBe(u.username);
    });

    it('a changed role takes effect at once, whatever the old token says', async () => {
      const u = await createAsAdmin({ password: 'original123' });
      const token = await tokenFor(t, u.username, 'original123');
      expectError(await t.http.get('/api/users').set(auth(token)), 403);
      expect((await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u, { rol_uuid: rolSupervisor }))).status).toBe(200);
      expect((await t.http.get('/api/users').set(auth(token))).status).toBe(200);
    });

    it('a supervisor edits users of its areas only, keeps them inside, and cannot grant a higher role', async () => {
      const mine = await createAsAdmin({ usuario_areas_uuid: [carpinteria] });
      const ok = await t.http.put(`/api/users/${mine.uuid}`).set(auth(supervisor)).send(body(mine, { usuario_areas_uuid: [tapiceria], apellido: 'Movido' }));
      expect(ok.status).toBe(200);
      expect(parseWith(UserResponseSchema, ok.body).usuario_areas_uuid).toEqual([tapiceria]);

      const snapshot = async () => t.ds.query('SELECT u.*, (SELECT array_agg(area_uuid ORDER BY area_uuid) FROM usuario_areas WHERE usuario_uuid = u.uuid) AS areas FROM usuarios u ORDER BY uuid');
      const before = await snapshot();
      const moved = { ...mine, usuario_areas_uuid: [tapiceria] };
      expectError(await t.http.put(`/api/users/${mine.uuid}`).set(auth(supervisor)).send(body(moved, { usuario_areas_uuid: [logistica] })), 403, e.noAccessArea);
      expectError(await t.http.put(`/api/users/${mine.uuid}`).set(auth(supervisor)).send(body(moved, { rol_uuid: rolAdmin })), 403, e.roleNotGrantable);
      const jruiz = parseWith(UserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, 'jruiz')}`).set(auth(admin))).body);
      expectError(await t.http.put(`/api/users/${jruiz.uuid}`).set(auth(supervisor)).send(body(jruiz, { usuario_areas_uuid: [carpinteria] })), 403, e.noAccessUser);
      // The admin shares Carpintería with the supervisor but also belongs to Logística.
      const adm = parseWith(UserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, 'admin')}`).set(auth(admin))).body);
      expectError(await t.http.put(`/api/users/${adm.uuid}`).set(auth(supervisor)).send(body(adm, { rol_uuid: rolOperario, usuario_areas_uuid: [carpinteria] })), 403);
      expectError(await t.http.put(`/api/users/${mine.uuid}`).set(auth(operario)).send(body(moved)), 403);
      expect(await snapshot()).toEqual(before);
    });

    it('unknown user 404; validation 400 at the field', async () => {
      const u = await createAsAdmin();
      expectError(await t.http.put('/api/users/00000000-0000-4000-8000-000000000000').set(auth(admin)).send(body(u)), 404);
      const res = expectError(await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send(body(u, { nombre: ' ', usuario_areas_uuid: [] })), 400);
      expect(res.errors).toEqual(
        expect.arrayContaining([
          { path: 'nombre', message: v.nombreUserRequired },
          { path: 'usuario_areas_uuid', message: v.userAreaRequired },
        ]),
      );
    });
  });

  describe('DELETE /api/users/:id', () => {
    it('deactivates, answers the record, ends the sessions at once; users stay counted', async () => {
      const u = await createAsAdmin({ password: 'original123' });
      const session = await login(t, u.username, 'original123');
      expect((await t.http.get(`/api/users/${u.uuid}`).set(auth(session.token))).status).toBe(200);
      const before = await count(t, 'usuarios');
      const res = await t.http.delete(`/api/users/${u.uuid}`).set(auth(admin));
      expect(res.status).toBe(200);
      expect(parseWith(UserResponseSchema, res.body)).toMatchObject({ uuid: u.uuid, activo: false });
      expect(await count(t, 'usuarios')).toBe(before);
      const [{ n }]: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM refresh_tokens WHERE usuario_uuid = $1 AND revoked_at IS NULL', [u.uuid]);
      expect(n).toBe(0);
      expectError(await t.http.get(`/api/users/${u.uuid}`).set(auth(session.token)), 401);
      expectError(await t.http.post('/api/auth/refresh-token').send({ refreshToken: session.refreshToken }), 401);
      expectError(await t.http.post('/api/auth/login').send({ username: u.username, password: 'original123' }), 401);
      // Reactivation through PUT.
      const back = await t.http.put(`/api/users/${u.uuid}`).set(auth(admin)).send({ nombre: u.nombre, apellido: u.apellido, rol_uuid: u.rol_uuid, usuario_areas_uuid: u.usuario_areas_uuid, activo: true });
      expect(parseWith(UserResponseSchema, back.body).activo).toBe(true);
      await login(t, u.username, 'original123');
    });

    it('refuses: without delete:user, an unknown user, and deactivating oneself', async () => {
      const u = await createAsAdmin();
      expectError(await t.http.delete(`/api/users/${u.uuid}`).set(auth(supervisor)), 403);
      expectError(await t.http.delete(`/api/users/${u.uuid}`).set(auth(operario)), 403);
      expectError(await t.http.delete('/api/users/00000000-0000-4000-8000-000000000000').set(auth(admin)), 404);
      expectError(await t.http.delete(`/api/users/${await userUuid(t, 'admin')}`).set(auth(admin)), 400, e.cannotDeactivateSelf);
      const [{ n }]: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM usuarios WHERE NOT activo');
      expect(n).toBe(0);
    });
  });

  describe('GET /api/users/:id/area-users', () => {
    it('the caller itself gets the active users of its areas', async () => {
      const me = await userUuid(t, 'operario');
      const res = await t.http.get(`/api/users/${me}/area-users`).set(auth(operario));
      expect(res.status).toBe(200);
      const list = parseWith(UsersOfAreasOfUserResponseSchema, res.body);
      const usernames = list.map((u) => u.username);
      expect(usernames).toEqual(expect.arrayContaining(['admin', 'supervisor', 'operario']));
      expect(usernames).not.toContain('jruiz');
      expect(usernames).not.toContain('mlopez');
      expect(list.every((u) => u.activo && u.usuario_areas_uuid.includes(carpinteria))).toBe(true);
    });

    it('read:user may ask for a user sharing its areas; others are refused', async () => {
      const list = parseWith(UsersOfAreasOfUserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, 'mlopez')}/area-users`).set(auth(supervisor))).body);
      expect(list.map((u) => u.username)).toContain('mlopez');
      expect(list.map((u) => u.username)).not.toContain('operario');
      expectError(await t.http.get(`/api/users/${await userUuid(t, 'jruiz')}/area-users`).set(auth(supervisor)), 403, e.noAccessUser);
      expectError(await t.http.get(`/api/users/${await userUuid(t, 'supervisor')}/area-users`).set(auth(operario)), 403);
      const all = parseWith(UsersOfAreasOfUserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, 'jruiz')}/area-users`).set(auth(admin))).body);
      expect(all.map((u) => u.username)).toContain('jruiz');
    });

    it("SPEC.md's GET /api/users/areas/:id answers the same, with the same scope", async () => {
      const me = await userUuid(t, 'operario');
      const spec = await t.http.get(`/api/users/areas/${me}`).set(auth(operario));
      expect(spec.status).toBe(200);
      const now = await t.http.get(`/api/users/${me}/area-users`).set(auth(operario));
      expect(parseWith(UsersOfAreasOfUserResponseSchema, spec.body)).toEqual(parseWith(UsersOfAreasOfUserResponseSchema, now.body));
      expectError(await t.http.get(`/api/users/areas/${await userUuid(t, 'supervisor')}`).set(auth(operario)), 403);
      expectError(await t.http.get(`/api/users/areas/${me}`), 401);
    });
  });

  describe('POST /api/job-description-user', () => {
    it('update:user sets and clears a job position of a user in scope', async () => {
      const u = await createAsAdmin({ usuario_areas_uuid: [carpinteria] });
      const set = await t.http.post('/api/job-description-user').set(auth(supervisor)).send({ usuario_uuid: u.uuid, descripcion_puesto_uuid: puestoChofer });
      expect(set.status).toBe(200);
      expect(parseWith(UserResponseSchema, set.body).descripcion_puesto).toMatchObject({ uuid: puestoChofer, nombre: 'Chofer' });
      const cleared = await t.http.post('/api/job-description-user').set(auth(admin)).send({ usuario_uuid: u.uuid, descripcion_puesto_uuid: null });
      expect(parseWith(UserResponseSchema, cleared.body).descripcion_puesto_uuid).toBeNull();
    });

    it('refuses: out of scope, without update:user, unknown position, missing user', async () => {
      const jruiz = await userUuid(t, 'jruiz');
      const before = await t.ds.query('SELECT uuid, descripcion_puesto_uuid FROM usuarios ORDER BY uuid');
      expectError(await t.http.post('/api/job-description-user').set(auth(supervisor)).send({ usuario_uuid: jruiz, descripcion_puesto_uuid: null }), 403, e.noAccessUser);
      expectError(await t.http.post('/api/job-description-user').set(auth(operario)).send({ usuario_uuid: jruiz, descripcion_puesto_uuid: null }), 403);
      expectError(
        await t.http.post('/api/job-description-user').set(auth(admin)).send({ usuario_uuid: jruiz, descripcion_puesto_uuid: '00000000-0000-4000-8000-000000000000' }),
        400,
        e.jobPositionNotFound,
      );
      const missing = expectError(await t.http.post('/api/job-description-user').set(auth(admin)).send({ descripcion_puesto_uuid: null }), 400, v.selectUser);
      expect(missing.errors).toEqual([{ path: 'usuario_uuid', message: v.selectUser }]);
      expect(await t.ds.query('SELECT uuid, descripcion_puesto_uuid FROM usuarios ORDER BY uuid')).toEqual(before);
    });
  });

  describe('who may manage whom (contracts userManageRefusal)', () => {
    const edit = (u: { nombre: string; apellido: string; rol_uuid: string; usuario_areas_uuid: string[] }, over: Record<string, unknown> = {}) => ({
      nombre: u.nombre,
      apellido: u.apellido,
      rol_uuid: u.rol_uuid,
      usuario_areas_uuid: u.usuario_areas_uuid,
      ...over,
    });
    const fetchUser = async (username: string) => parseWith(UserResponseSchema, (await t.http.get(`/api/users/${await userUuid(t, username)}`).set(auth(admin))).body);

    it('answers each user with its role’s permissions, the data the screen decides with', async () => {
      const list = parseWith(UserListResponseSchema, (await t.http.get('/api/users?limit=100').set(auth(supervisor))).body);
      const byName = new Map(list.data.map((u) => [u.username, u]));
      expect(byName.get('admin')?.rol.permisos).toEqual(expect.arrayContaining(['read:user:all', 'delete:user']));
      expect(byName.get('operario')?.rol.permisos).not.toContain('update:user');
      const [{ permisos }]: { permisos: string[] }[] = await t.ds.query('SELECT permisos FROM roles WHERE uuid = $1', [rolSupervisor]);
      expect(byName.get('supervisor')?.rol).toEqual({ uuid: rolSupervisor, nombre: 'Supervisor', permisos });
      expect((await fetchUser('supervisor')).rol.permisos).toEqual(permisos);
    });

    it('a supervisor editing an administrator of its area is told why, whatever the payload', async () => {
      // An administrator only in Carpintería: the areas allow it, the role does not.
      const adm = await createAsAdmin({ rol_uuid: rolAdmin, usuario_areas_uuid: [carpinteria] });
      const before = await t.ds.query('SELECT * FROM usuarios WHERE uuid = $1', [adm.uuid]);
      expectError(await t.http.put(`/api/users/${adm.uuid}`).set(auth(supervisor)).send(edit(adm)), 403, e.userRoleAboveEdit);
      expectError(await t.http.put(`/api/users/${adm.uuid}`).set(auth(supervisor)).send(edit(adm, { rol_uuid: rolOperario })), 403, e.userRoleAboveEdit);
      expectError(
        await t.http.post('/api/job-description-user').set(auth(supervisor)).send({ usuario_uuid: adm.uuid, descripcion_puesto_uuid: null }),
        403,
        e.userRoleAboveEdit,
      );
      // The seeded administrator is also in an area the supervisor does not run: the role is the reason given.
      const seeded = await fetchUser('admin');
      expectError(await t.http.put(`/api/users/${seeded.uuid}`).set(auth(supervisor)).send(edit(seeded)), 403, e.userRoleAboveEdit);
      expect(await t.ds.query('SELECT * FROM usuarios WHERE uuid = $1', [adm.uuid])).toEqual(before);
    });

    it('an administrator with delete:user but a narrower role cannot delete a broader one: told why', async () => {
      // A role with delete:user and update:user but not everything an administrator holds.
      const [{ uuid: rolGestor }]: { uuid: string }[] = await t.ds.query(
        `INSERT INTO roles (nombre, permisos) SELECT 'Gestor de usuarios', permisos || ARRAY['delete:user', 'read:user:all'] FROM roles WHERE uuid = $1 RETURNING uuid`,
        [rolSupervisor],
      );
      const gestor = await createAsAdmin({ rol_uuid: rolGestor, usuario_areas_uuid: [carpinteria], password: 'gestor1234' });
      const session = await login(t, gestor.username, 'gestor1234');
      const adm = await createAsAdmin({ rol_uuid: rolAdmin, usuario_areas_uuid: [carpinteria] });
      expectError(await t.http.delete(`/api/users/${adm.uuid}`).set(auth(session.token)), 403, e.userRoleAboveDelete);
      expect(parseWith(UserResponseSchema, (await t.http.get(`/api/users/${adm.uuid}`).set(auth(admin))).body).activo).toBe(true);
      const op = await createAsAdmin({ usuario_areas_uuid: [logistica] });
      const gone = await t.http.delete(`/api/users/${op.uuid}`).set(auth(session.token));
      expect(gone.status).toBe(200);
      expect(parseWith(UserResponseSchema, gone.body).activo).toBe(false);
    });

    it('reactivation is an edit: a supervisor reactivates a user of its areas, not an administrator', async () => {
      const mine = await createAsAdmin({ usuario_areas_uuid: [tapiceria], password: 'original123' });
      const adm = await createAsAdmin({ rol_uuid: rolAdmin, usuario_areas_uuid: [tapiceria] });
      const other = await createAsAdmin({ usuario_areas_uuid: [logistica] });
      for (const u of [mine, adm, other]) expect((await t.http.delete(`/api/users/${u.uuid}`).set(auth(admin))).status).toBe(200);

      const back = await t.http.put(`/api/users/${mine.uuid}`).set(auth(supervisor)).send(edit(mine, { activo: true }));
      expect(back.status).toBe(200);
      expect(parseWith(UserResponseSchema, back.body)).toMatchObject({ uuid: mine.uuid, activo: true, nombre: mine.nombre, usuario_areas_uuid: [tapiceria] });
      await login(t, mine.username, 'original123');

      expectError(await t.http.put(`/api/users/${adm.uuid}`).set(auth(supervisor)).send(edit(adm, { activo: true })), 403, e.userRoleAboveEdit);
      expectError(await t.http.put(`/api/users/${other.uuid}`).set(auth(supervisor)).send(edit(other, { activo: true })), 403, e.noAccessUser);
      expectError(await t.http.put(`/api/users/${mine.uuid}`).set(auth(operario)).send(edit(mine, { activo: true })), 403);
      const [{ n }]: { n: number }[] = await t.ds.query('SELECT count(*)::int AS n FROM usuarios WHERE activo AND uuid = ANY($1::uuid[])', [[adm.uuid, other.uuid]]);
      expect(n).toBe(0);
    });
  });
});
