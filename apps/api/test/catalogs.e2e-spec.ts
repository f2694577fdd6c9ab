/**
 * The four catalogs (areas, statuses, task types, job positions) served by the one generic
 * catalog service: what they share runs as cases of one table, then each catalog's own rules
 * (area scope, status order and colour, readers without permission). One application and
 * database per catalog.
 */
import type { z } from 'zod';
import {
  AreaListResponseSchema,
  AreaResponseSchema,
  AreasOfUserResponseSchema,
  AreasWithUsersResponseSchema,
  JobPositionListResponseSchema,
  JobPositionResponseSchema,
  MESSAGES,
  OkResponseSchema,
  StatusListResponseSchema,
  StatusResponseSchema,
  TaskTypeListResponseSchema,
  TaskTypeResponseSchema,
} from '@gestar/contracts';
import {
  areaUuid,
  count,
  createTestApp,
  expectError,
  parseWith,
  TestApp,
  tokenFor,
  userUuid,
} from './support/test-app';

const v = MESSAGES.validation;
const e = MESSAGES.errors;
const GHOST = '00000000-0000-4000-8000-000000000000';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Ctx {
  t: TestApp;
  admin: string;
  supervisor: string;
  operario: string;
  /** A user whose role holds no permission at all (only for the catalogs that set one up). */
  nobody: string;
}

type Body = Record<string, unknown>;

interface CatalogCase {
  name: string;
  path: string;
  table: string;
  /** Columns compared before and after refused writes. */
  snapshot: string;
  item: z.ZodType<{ uuid: string }>;
  list: z.ZodType<{ data: { nombre: string }[]; meta: unknown }>;
  /** Moves `jruiz` to a role without permissions (the `nobody` token). */
  withNobody: boolean;
  /** Create, read back, update, delete: what is sent and what must come back. */
  create: { body: Body; expected: Body };
  update: { body: Body; expected: Body };
  /** An empty or blank body and the errors it must answer, field by field. */
  required: { body: Body; errors: { path: string; message: string }[] };
  /** A record in use: how to find it, what to do first, and the 409 text. */
  inUse: { nombre: string; before?: string; message: string };
  /** The record the refused writes aim at. */
  target: string;
  /** Paged, filtered reads of an organisation-wide catalog (areas and statuses have their own). */
  reads?: {
    permission: string;
    names: string[];
    pageQuery: string;
    page: Body;
    filterQuery: string;
    filtered: string[];
    one: { nombre: string; descripcion: string };
  };
}

const CATALOGS: CatalogCase[] = [
  {
    name: 'areas',
    path: '/api/areas',
    table: 'areas',
    snapshot: 'uuid, nombre',
    item: AreaResponseSchema,
    list: AreaListResponseSchema,
    withNobody: false,
    create: { body: { nombre: '  Pintura  ' }, expected: { nombre: 'Pintura' } },
    update: { body: { nombre: 'Pintura y laca' }, expected: { nombre: 'Pintura y laca' } },
    required: { body: { nombre: '   ' }, errors: [{ path: 'nombre', message: v.nombreRequired }] },
    inUse: { nombre: 'Carpintería', message: e.areaInUse },
    target: 'Carpintería',
  },
  {
    name: 'statuses',
    path: '/api/statuses',
    table: 'estados',
    snapshot: 'uuid, nombre, descripcion, "order", color',
    item: StatusResponseSchema,
    list: StatusListResponseSchema,
    withNobody: false,
    create: {
      body: { nombre: 'Revisión', descripcion: 'Esperando control de calidad', order: 4, color: '#abcdef' },
      // Without a category a new status is en_curso, and a PUT without one keeps it.
      expected: {
        nombre: 'Revisión',
        descripcion: 'Esperando control de calidad',
        order: 4,
        color: '#ABCDEF',
        categoria: 'en_curso',
      },
    },
    update: {
      body: { nombre: 'Control', descripcion: 'Otra', order: '7', color: '#00ff00' },
      expected: { nombre: 'Control', descripcion: 'Otra', order: 7, color: '#00FF00', categoria: 'en_curso' },
    },
    required: {
      body: { nombre: '', descripcion: 'Otra', order: 4, color: '#abcdef' },
      errors: [{ path: 'nombre', message: v.nombreRequired }],
    },
    // In use even when every task in the status is archived.
    inUse: { nombre: 'Completada', before: `UPDATE tareas_asignadas SET archivada = true`, message: e.statusInUse },
    target: 'Pendiente',
  },
  {
    name: 'task types',
    path: '/api/type-task',
    table: 'tipos_tarea',
    snapshot: 'uuid, nombre, descripcion',
    item: TaskTypeResponseSchema,
    list: TaskTypeListResponseSchema,
    withNobody: true,
    create: {
      body: { nombre: 'Inventario', descripcion: 'Conteo de materiales y piezas del depósito.' },
      expected: { nombre: 'Inventario', descripcion: 'Conteo de materiales y piezas del depósito.' },
    },
    update: {
      body: { nombre: 'Inventario anual', descripcion: 'Conteo.' },
      expected: { nombre: 'Inventario anual', descripcion: 'Conteo.' },
    },
    required: {
      body: { nombre: ' ' },
      errors: [
        { path: 'nombre', message: v.nombreRequired },
        { path: 'descripcion', message: v.descripcionRequired },
      ],
    },
    // A type used by a task, even an inactive one.
    inUse: {
      nombre: 'Limpieza',
      before: `UPDATE tareas SET activo = false WHERE tipo_tarea_uuid = (SELECT uuid FROM tipos_tarea WHERE nombre = 'Limpieza')`,
      message: e.taskTypeInUse,
    },
    target: 'Mantenimiento',
    reads: {
      permission: 'read:task-type',
      names: ['Limpieza', 'Mantenimiento', 'Producción'],
      pageQuery: 'limit=2&page=2',
      page: { data: [{ nombre: 'Producción' }], meta: { totalItems: 3, currentPage: 2, limit: 2, totalPages: 2 } },
      filterQuery: 'nombre=PRODUCCION',
      filtered: ['Producción'],
      one: { nombre: 'Limpieza', descripcion: 'Orden y limpieza de los puestos de trabajo' },
    },
  },
  {
    name: 'job positions',
    path: '/api/job-descriptions',
    table: 'descripciones_puesto',
    snapshot: 'uuid, nombre, descripcion',
    item: JobPositionResponseSchema,
    list: JobPositionListResponseSchema,
    withNobody: true,
    create: {
      body: { nombre: 'Lustrador', descripcion: 'Aplica lustre y laca a los muebles terminados.' },
      expected: { nombre: 'Lustrador', descripcion: 'Aplica lustre y laca a los muebles terminados.' },
    },
    update: {
      body: { nombre: 'Laqueador', descripcion: 'Laca.' },
      expected: { nombre: 'Laqueador', descripcion: 'Laca.' },
    },
    required: {
      body: { nombre: ' ' },
      errors: [
        { path: 'nombre', message: v.nombreRequired },
        { path: 'descripcion', message: v.descripcionRequired },
      ],
    },
    // A position held by a user, even an inactive one.
    inUse: {
      nombre: 'Tapicero',
      before: `UPDATE usuarios SET activo = false WHERE username = 'mlopez'`,
      message: e.jobPositionInUse,
    },
    target: 'Chofer',
    reads: {
      permission: 'read:job-description',
      names: ['Carpintero', 'Chofer', 'Encargado de taller', 'Jefe de planta', 'Tapicero'],
      pageQuery: 'limit=2&page=3',
      page: { data: [{ nombre: 'Tapicero' }], meta: { totalItems: 5, currentPage: 3, limit: 2, totalPages: 3 } },
      filterQuery: 'nombre=CARP',
      filtered: ['Carpintero'],
      one: { nombre: 'Chofer', descripcion: 'Entrega los pedidos a los clientes.' },
    },
  },
];

async function uuidOf(t: TestApp, table: string, nombre: string): Promise<string> {
  const [row]: { uuid: string }[] = await t.ds.query(`SELECT uuid FROM ${table} WHERE nombre = $1`, [nombre]);
  if (!row) throw new Error(`${table}: ${nombre} no existe`);
  return row.uuid;
}

describe.each(CATALOGS)('$name API', (c) => {
  const ctx = {} as Ctx;

  beforeAll(async () => {
    ctx.t = await createTestApp();
    [ctx.admin, ctx.supervisor, ctx.operario] = await Promise.all(
      ['admin', 'supervisor', 'operario'].map((u) => tokenFor(ctx.t, u)),
    );
    if (c.withNobody) {
      // A role without any permission, to show the read permission is required.
      await ctx.t.ds.query(`INSERT INTO roles (nombre, permisos) VALUES ('Invitado', '{}')`);
      await ctx.t.ds.query(
        `UPDATE usuarios SET rol_uuid = (SELECT uuid FROM roles WHERE nombre = 'Invitado') WHERE username = 'jruiz'`,
      );
      ctx.nobody = await tokenFor(ctx.t, 'jruiz');
    }
  });
  afterAll(async () => {
    await ctx.t.close();
  });

  if (c.reads) {
    const r = c.reads;
    it(`GET list: ${r.permission}, paged by name, nombre filter case and accent insensitive`, async () => {
      const { t } = ctx;
      const res = await t.http.get(c.path).set(auth(ctx.operario));
      expect(res.status).toBe(200);
      const body = parseWith(c.list, res.body);
      expect(body.data.map((p) => p.nombre)).toEqual(r.names);
      expect(body.meta).toEqual({ totalItems: r.names.length, currentPage: 1, limit: 10, totalPages: 1 });
      const page = parseWith(c.list, (await t.http.get(`${c.path}?${r.pageQuery}`).set(auth(ctx.admin))).body);
      expect(page).toMatchObject(r.page);
      const filtered = parseWith(
        c.list,
        (await t.http.get(`${c.path}?${r.filterQuery}`).set(auth(ctx.supervisor))).body,
      );
      expect(filtered.data.map((p) => p.nombre)).toEqual(r.filtered);
      expectError(await t.http.get(c.path).set(auth(ctx.nobody)), 403);
      expectError(await t.http.get(c.path), 401);
    });

    it('GET one; unknown 404; without permission 403', async () => {
      const { t } = ctx;
      const uuid = await uuidOf(t, c.table, r.one.nombre);
      expect(parseWith(c.item, (await t.http.get(`${c.path}/${uuid}`).set(auth(ctx.operario))).body)).toEqual({
        uuid,
        ...r.one,
      });
      expectError(await t.http.get(`${c.path}/${GHOST}`).set(auth(ctx.admin)), 404);
      expectError(await t.http.get(`${c.path}/${uuid}`).set(auth(ctx.nobody)), 403);
    });
  }

  it('POST creates (201), PUT replaces, DELETE deletes an unused record; unknown ids 404', async () => {
    const { t } = ctx;
    const created = await t.http.post(c.path).set(auth(ctx.admin)).send(c.create.body);
    expect(created.status).toBe(201);
    const item = parseWith(c.item, created.body);
    expect(item).toEqual({ uuid: item.uuid, ...c.create.expected });
    const updated = await t.http.put(`${c.path}/${item.uuid}`).set(auth(ctx.admin)).send(c.update.body);
    expect(updated.status).toBe(200);
    expect(parseWith(c.item, updated.body)).toEqual({ uuid: item.uuid, ...c.update.expected });
    expectError(await t.http.put(`${c.path}/${GHOST}`).set(auth(ctx.admin)).send(c.create.body), 404);
    const before = await count(t, c.table);
    const deleted = await t.http.delete(`${c.path}/${item.uuid}`).set(auth(ctx.admin));
    expect(deleted.status).toBe(200);
    parseWith(OkResponseSchema, deleted.body);
    expect(await count(t, c.table)).toBe(before - 1);
    expectError(await t.http.delete(`${c.path}/${item.uuid}`).set(auth(ctx.admin)), 404);
    expectError(await t.http.put(`${c.path}/${item.uuid}`).set(auth(ctx.admin)).send(c.update.body), 404);
  });

  it('validation: required fields answered at their paths, nothing written', async () => {
    const { t } = ctx;
    const before = await count(t, c.table);
    const res = expectError(
      await t.http.post(c.path).set(auth(ctx.admin)).send(c.required.body),
      400,
      c.required.errors[0].message,
    );
    expect(res.errors).toEqual(c.required.errors);
    const target = await uuidOf(t, c.table, c.target);
    expect(
      expectError(await t.http.put(`${c.path}/${target}`).set(auth(ctx.admin)).send(c.required.body), 400).errors,
    ).toEqual(c.required.errors);
    expect(await count(t, c.table)).toBe(before);
  });

  it('a record in use cannot be deleted (409) and stays', async () => {
    const { t } = ctx;
    if (c.inUse.before) await t.ds.query(c.inUse.before);
    const uuid = await uuidOf(t, c.table, c.inUse.nombre);
    const before = await count(t, c.table);
    expectError(await t.http.delete(`${c.path}/${uuid}`).set(auth(ctx.admin)), 409, c.inUse.message);
    expect(await count(t, c.table)).toBe(before);
  });

  it('refuses writes without the permission (supervisor, operario) and writes nothing', async () => {
    const { t } = ctx;
    const snapshot = () => t.ds.query(`SELECT ${c.snapshot} FROM ${c.table} ORDER BY uuid`);
    const before = await snapshot();
    const uuid = await uuidOf(t, c.table, c.target);
    for (const token of [ctx.supervisor, ctx.operario]) {
      expectError(await t.http.post(c.path).set(auth(token)).send(c.create.body), 403);
      expectError(await t.http.put(`${c.path}/${uuid}`).set(auth(token)).send(c.update.body), 403);
      expectError(await t.http.delete(`${c.path}/${uuid}`).set(auth(token)), 403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('areas: scope and members', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let operario: string;
  let logistica: string;
  let carpinteria: string;

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
      const page2 = parseWith(
        AreaListResponseSchema,
        (await t.http.get('/api/areas?page=2&limit=2').set(auth(admin))).body,
      );
      expect(page2.data.map((a) => a.nombre)).toEqual(['Tapicería']);
      expect(page2.meta).toEqual({ totalItems: 3, currentPage: 2, limit: 2, totalPages: 2 });
    });

    it('read:area sees only its own areas; nombre filters case and accent insensitively', async () => {
      const sup = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas').set(auth(supervisor))).body);
      expect(sup.data.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      const op = parseWith(AreaListResponseSchema, (await t.http.get('/api/areas').set(auth(operario))).body);
      expect(op.data.map((a) => a.nombre)).toEqual(['Carpintería']);
      const filtered = parseWith(
        AreaListResponseSchema,
        (await t.http.get('/api/areas?nombre=LOGIST').set(auth(admin))).body,
      );
      expect(filtered.data.map((a) => a.nombre)).toEqual(['Logística']);
      const none = parseWith(
        AreaListResponseSchema,
        (await t.http.get('/api/areas?nombre=logist').set(auth(supervisor))).body,
      );
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
      expect(expectError(await t.http.get('/api/areas?page=0').set(auth(admin)), 400, v.invalidPage).errors).toEqual([
        { path: 'page', message: v.invalidPage },
      ]);
    });
  });

  describe('GET /api/areas/:id', () => {
    it('own area or read:all:areas; another area 403; unknown 404', async () => {
      expect(
        parseWith(AreaResponseSchema, (await t.http.get(`/api/areas/${carpinteria}`).set(auth(operario))).body).nombre,
      ).toBe('Carpintería');
      expect(
        parseWith(AreaResponseSchema, (await t.http.get(`/api/areas/${logistica}`).set(auth(admin))).body).nombre,
      ).toBe('Logística');
      expectError(await t.http.get(`/api/areas/${logistica}`).set(auth(supervisor)), 403, e.noAccessArea);
      expectError(await t.http.get(`/api/areas/${GHOST}`).set(auth(admin)), 404);
      expectError(await t.http.get('/api/areas/x').set(auth(admin)), 400, v.invalidUuid);
    });
  });

  describe('GET /api/areas/usuarios', () => {
    it('areas in scope with their active users', async () => {
      const all = parseWith(
        AreasWithUsersResponseSchema,
        (await t.http.get('/api/areas/usuarios').set(auth(admin))).body,
      );
      expect(all.map((a) => a.nombre)).toEqual(['Carpintería', 'Logística', 'Tapicería']);
      expect(
        all
          .find((a) => a.nombre === 'Logística')
          ?.usuarios.map((u) => u.username)
          .sort(),
      ).toEqual(['admin', 'jruiz']);
      const sup = parseWith(
        AreasWithUsersResponseSchema,
        (await t.http.get('/api/areas/usuarios').set(auth(supervisor))).body,
      );
      expect(sup.map((a) => a.nombre)).toEqual(['Carpintería', 'Tapicería']);
      expect(sup[0].usuarios.map((u) => u.username).sort()).toEqual(['admin', 'operario', 'supervisor']);
      expect(JSON.stringify(sup)).not.toMatch(/password|hash/i);
    });

    it('leaves out deactivated users', async () => {
      const jruiz = await userUuid(t, 'jruiz');
      await t.ds.query('UPDATE usuarios SET activo = false WHERE uuid = $1', [jruiz]);
      const all = parseWith(
        AreasWithUsersResponseSchema,
        (await t.http.get('/api/areas/usuarios').set(auth(admin))).body,
      );
      expect(all.find((a) => a.nombre === 'Logística')?.usuarios.map((u) => u.username)).toEqual(['admin']);
      await t.ds.query('UPDATE usuarios SET activo = true WHERE uuid = $1', [jruiz]);
      expectError(await t.http.get('/api/areas/usuarios'), 401);
    });
  });

  describe('GET /api/areas/user/:id', () => {
    it('self, or a reader of users in scope; others refused', async () => {
      const operarioId = await userUuid(t, 'operario');
      expect(
        parseWith(
          AreasOfUserResponseSchema,
          (await t.http.get(`/api/areas/user/${operarioId}`).set(auth(operario))).body,
        ).map((a) => a.nombre),
      ).toEqual(['Carpintería']);
      const sup = await userUuid(t, 'supervisor');
      expect(
        parseWith(AreasOfUserResponseSchema, (await t.http.get(`/api/areas/user/${sup}`).set(auth(admin))).body).map(
          (a) => a.nombre,
        ),
      ).toEqual(['Carpintería', 'Tapicería']);
      expect(
        parseWith(
          AreasOfUserResponseSchema,
          (await t.http.get(`/api/areas/user/${operarioId}`).set(auth(supervisor))).body,
        ),
      ).toHaveLength(1);
      expectError(
        await t.http.get(`/api/areas/user/${await userUuid(t, 'jruiz')}`).set(auth(supervisor)),
        403,
        e.noAccessUser,
      );
      expectError(await t.http.get(`/api/areas/user/${sup}`).set(auth(operario)), 403);
      expectError(await t.http.get(`/api/areas/user/${GHOST}`).set(auth(admin)), 404);
    });
  });

  it('PUT without nombre: the field path', async () => {
    expect(
      expectError(await t.http.put(`/api/areas/${carpinteria}`).set(auth(admin)).send({}), 400, v.nombreRequired)
        .errors,
    ).toEqual([{ path: 'nombre', message: v.nombreRequired }]);
  });

  it('an area with only a task (no users) is also in use (409) and stays', async () => {
    const [{ uuid: empty }]: { uuid: string }[] = await t.ds.query(
      `INSERT INTO areas (nombre) VALUES ('Solo tareas') RETURNING uuid`,
    );
    await t.ds.query(
      `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT 'Tarea', (SELECT uuid FROM tipos_tarea LIMIT 1), $1, (SELECT uuid FROM usuarios WHERE username = 'admin')`,
      [empty],
    );
    const before = await count(t, 'areas');
    expectError(await t.http.delete(`/api/areas/${empty}`).set(auth(admin)), 409, e.areaInUse);
    expect(await count(t, 'areas')).toBe(before);
  });
});

describe('statuses: order and colour', () => {
  let t: TestApp;
  let admin: string;
  let operario: string;
  const valid = { nombre: 'Revisión', descripcion: 'Esperando control de calidad', order: 4, color: '#abcdef' };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, operario] = await Promise.all(['admin', 'operario'].map((u) => tokenFor(t, u)));
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
    const res = await t.http
      .post('/api/statuses')
      .set(auth(admin))
      .send({ ...valid, order: 4 });
    expect(res.status).toBe(201);
    const status = parseWith(StatusResponseSchema, res.body);
    expect(status).toMatchObject({ nombre: 'Revisión', order: 4, color: '#ABCDEF' });
    const [{ color }]: { color: string }[] = await t.ds.query('SELECT color FROM estados WHERE uuid = $1', [
      status.uuid,
    ]);
    expect(color).toBe('#ABCDEF');
    const list = parseWith(StatusListResponseSchema, (await t.http.get('/api/statuses').set(auth(admin))).body);
    expect(list.data.map((s) => s.order)).toEqual([1, 2, 3, 4]);
    // Two statuses may not share an order (docs/DECISIONS.md, "Areas, users, roles and catalogs").
    expectError(
      await t.http
        .post('/api/statuses')
        .set(auth(admin))
        .send({ ...valid, nombre: 'Otra', order: 2 }),
      409,
      e.statusOrderTaken,
    );
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
    expect(
      expectError(
        await t.http
          .post('/api/statuses')
          .set(auth(admin))
          .send({ ...valid, order: 0 }),
        400,
        v.orderMin,
      ).errors,
    ).toEqual([{ path: 'order', message: v.orderMin }]);
    expect(
      expectError(
        await t.http
          .post('/api/statuses')
          .set(auth(admin))
          .send({ ...valid, color: '#abc' }),
        400,
        v.colorHex,
      ).errors,
    ).toEqual([{ path: 'color', message: v.colorHex }]);
    expectError(
      await t.http
        .post('/api/statuses')
        .set(auth(admin))
        .send({ ...valid, color: 'ABCDEF' }),
      400,
      v.colorHex,
    );
    expect(await count(t, 'estados')).toBe(before);
  });
});
