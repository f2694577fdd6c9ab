import {
  AREAS_ROUTES,
  AuditEntry,
  AuditListResponseSchema,
  LOGIN_RATE_LIMIT,
  MESSAGES,
  NOTIFICATIONS_ROUTES,
  OkResponseSchema,
  PASSWORD_CHECK_LIMIT,
  tooManyPasswordAttemptsFor,
  UserResponseSchema,
} from '@gestar/contracts';
import * as XLSX from 'xlsx';
import { Db } from '../src/database/db';
import { areaUuid, createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * An audit log a person can read (issue 36, section 4): each entry names its record and the
 * records its fields point to (no uuids), labels its fields in Spanish, says the device in a few
 * words, filters by record, and records wrong current passwords and the block that follows.
 */
describe('audit log: names, fields and a record history', () => {
  let t: TestApp;
  let admin: string;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  const list = async (query: Record<string, string> = {}): Promise<AuditEntry[]> => {
    const res = await t.http.get('/api/audit').query({ limit: '100', ...query }).set(as(admin));
    expect(res.status).toBe(200);
    return parseWith(AuditListResponseSchema, res.body).data;
  };
  const field = (e: AuditEntry, campo: string) => e.campos.find((f) => f.campo === campo);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a user edited: its name, and the role, job position and areas by name, before and after', async () => {
    const roles: { uuid: string; nombre: string }[] = await t.ds.query(`SELECT uuid, nombre FROM roles`);
    const rol = (n: string) => roles.find((r) => r.nombre === n)!.uuid;
    const carpinteria = await areaUuid(t, 'Carpintería');
    const tapiceria = await areaUuid(t, 'Tapicería');
    const [puesto]: { uuid: string; nombre: string }[] = await t.ds.query(`SELECT uuid, nombre FROM descripciones_puesto LIMIT 1`);
    const created = await t.http
      .post('/api/users')
      .set(as(admin))
      .send({ username: 'lsosa', password: 'secreta123', nombre: 'Lucía', apellido: 'Sosa', rol_uuid: rol('Operario'), usuario_areas_uuid: [carpinteria] });
    expect(created.status).toBe(201);
    const user = parseWith(UserResponseSchema, created.body);
    const edited = await t.http
      .put(`/api/users/${user.uuid}`)
      .set(as(admin))
      .send({ nombre: 'Lucía', apellido: 'Sosa', rol_uuid: rol('Supervisor'), descripcion_puesto_uuid: puesto!.uuid, usuario_areas_uuid: [tapiceria] });
    expect(edited.status).toBe(200);

    const entries = await list({ recurso_uuid: user.uuid });
    expect(entries.length).toBeGreaterThanOrEqual(4);
    for (const e of entries) {
      expect(e.recurso_uuid).toBe(user.uuid);
      expect(e.registro).toEqual({ nombre: 'Lucía Sosa (lsosa)', busqueda: 'lsosa', existe: true });
    }
    const creation = entries.find((e) => e.accion === 'crear')!;
    expect(field(creation, 'username')).toEqual({ campo: 'username', etiqueta: 'Nombre de usuario', antes: null, despues: 'lsosa' });
    expect(field(creation, 'rol_uuid')).toMatchObject({ etiqueta: 'Rol', despues: 'Operario' });
    expect(field(creation, 'origen')).toMatchObject({ etiqueta: 'Origen de la cuenta', despues: 'Cuenta de Gestar' });
    expect(field(creation, 'activo')).toMatchObject({ etiqueta: 'Activo', despues: 'Sí' });
    const edits = entries.filter((e) => e.accion === 'editar').flatMap((e) => e.campos);
    expect(edits).toEqual(
      expect.arrayContaining([
        { campo: 'rol_uuid', etiqueta: 'Rol', antes: 'Operario', despues: 'Supervisor' },
        { campo: 'descripcion_puesto_uuid', etiqueta: 'Puesto de trabajo', antes: '—', despues: puesto!.nombre },
        { campo: 'area_uuid', etiqueta: 'Área agregada', antes: null, despues: 'Tapicería' },
        { campo: 'area_uuid', etiqueta: 'Área quitada', antes: null, despues: 'Carpintería' },
      ]),
    );
    // Nothing a person reads is a uuid or a column name.
    for (const e of entries) {
      for (const f of e.campos) {
        expect(`${f.etiqueta} ${f.antes ?? ''} ${f.despues ?? ''}`).not.toMatch(UUID);
        expect(f.etiqueta).not.toMatch(/_/);
      }
    }
  });

  it('a deleted record keeps the last name the log knew; a record never named says what it was', async () => {
    const res = await t.http.post('/api/areas').set(as(admin)).send({ nombre: 'Barnizado' });
    const area = parseWith(AREAS_ROUTES.create.response, res.body);
    parseWith(OkResponseSchema, (await t.http.delete(`/api/areas/${area.uuid}`).set(as(admin))).body);
    const entries = await list({ recurso_uuid: area.uuid });
    expect(entries.map((e) => e.accion)).toEqual(['eliminar', 'crear']);
    for (const e of entries) expect(e.registro).toEqual({ nombre: 'Barnizado', busqueda: null, existe: false });
    expect(entries[0]!.campos).toEqual([{ campo: 'nombre', etiqueta: 'Nombre', antes: 'Barnizado', despues: null }]);
  });

  it('names are looked up once per kind of record, not once per entry', async () => {
    // A full page of 100 entries, most of them about a different record.
    const [{ n }]: { n: number }[] = await t.ds.query(`SELECT count(*)::int AS n FROM auditoria`);
    for (let i = 0; i < Math.max(0, 105 - n); i++) {
      const res = await t.http.post('/api/areas').set(as(admin)).send({ nombre: `Sector ${i}` });
      expect(res.status).toBe(201);
    }
    const db = t.app.get(Db);
    const spy = jest.spyOn(db, 'query');
    try {
      const entries = await list();
      expect(entries.length).toBe(100);
      // The page and its count, one statement per kind named on the page, one for deleted records.
      const kinds = new Set(entries.map((e) => e.recurso)).size;
      expect(spy.mock.calls.length).toBeLessThanOrEqual(2 + kinds + 3);
      expect(spy.mock.calls.length).toBeLessThan(20);
    } finally {
      spy.mockRestore();
    }
  });

  it('a sign-in says its method with its accent and the device in a few words', async () => {
    const res = await t.http.post('/api/auth/login').set('User-Agent', ANDROID_CHROME).send({ username: 'operario', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const operario = await userUuid(t, 'operario');
    const [signIn] = (await list({ accion: 'ingresar', actor_uuid: operario }));
    expect(signIn!.dispositivo).toBe('Chrome en Android');
    expect(signIn!.campos).toEqual([{ campo: 'metodo', etiqueta: 'Método', antes: null, despues: 'Contraseña' }]);
    expect(signIn!.registro).toEqual({ nombre: 'Sesión en Chrome en Android', busqueda: null, existe: true });
    expect(JSON.stringify(signIn!.campos)).not.toContain('Mozilla');
  });

  it('the record filter: everything about one user, sign-in failures and notifications included; a bad uuid is a Spanish 400', async () => {
    const jruiz = await userUuid(t, 'jruiz');
    expect((await t.http.post('/api/auth/login').send({ username: 'jruiz', password: 'equivocada' })).status).toBe(401);
    const sent = await t.http.post('/api/notifications/send').set(as(admin)).send({ usuario_uuid: jruiz, titulo: 'Aviso', mensaje: 'Hola' });
    parseWith(NOTIFICATIONS_ROUTES.send.response, sent.body);
    const entries = await list({ recurso_uuid: jruiz });
    expect(new Set(entries.map((e) => `${e.accion}/${e.recurso}`))).toEqual(new Set(['crear/usuario', 'editar/usuario', 'ingreso_fallido/sesion', 'notificar/notificacion']));
    const [{ nombre, apellido }]: { nombre: string; apellido: string }[] = await t.ds.query(`SELECT nombre, apellido FROM usuarios WHERE uuid = $1`, [jruiz]);
    for (const e of entries) expect(e.registro?.nombre).toBe(`${nombre} ${apellido} (jruiz)`);
    // Other records' entries are not there.
    const all = await list();
    expect(all.some((e) => e.recurso_uuid !== jruiz)).toBe(true);
    expectError(await t.http.get('/api/audit').query({ recurso_uuid: 'no-es-un-uuid' }).set(as(admin)), 400, MESSAGES.validation.invalidUuid);
  });

  it('wrong current passwords are recorded on the user, and so is the block that follows, once', async () => {
    const token = await tokenFor(t, 'mlopez');
    const mlopez = await userUuid(t, 'mlopez');
    const url = `/api/users/${mlopez}/change-password`;
    const attempt = (currentPassword: string) =>
      t.http.post(url).set(as(token)).set('X-Forwarded-For', '198.51.100.7').send({ currentPassword, newPassword: 'nueva-clave-123' });
    for (let i = 0; i < PASSWORD_CHECK_LIMIT; i++) expectError(await attempt(`mala-${i}`), 400, MESSAGES.errors.currentPasswordWrong);
    expectError(await attempt(DEMO_PASSWORD), 429, tooManyPasswordAttemptsFor(15));
    expectError(await attempt('otra-mala'), 429, tooManyPasswordAttemptsFor(15));

    const wrong = await list({ accion: 'contrasena_incorrecta', recurso_uuid: mlopez });
    expect(wrong).toHaveLength(PASSWORD_CHECK_LIMIT);
    expect(wrong.map((e) => field(e, 'intento')?.despues)).toEqual(
      Array.from({ length: PASSWORD_CHECK_LIMIT }, (_, i) => `${PASSWORD_CHECK_LIMIT - i} de ${PASSWORD_CHECK_LIMIT}`),
    );
    for (const e of wrong) {
      expect(e).toMatchObject({ actor: { uuid: mlopez }, recurso: 'usuario', registro: { busqueda: 'mlopez', existe: true } });
      expect(e.ip).toBeTruthy();
    }
    const blocks = await list({ accion: 'bloqueo', recurso_uuid: mlopez });
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.campos).toEqual([
      { campo: 'intentos', etiqueta: 'Intentos fallidos', antes: null, despues: String(PASSWORD_CHECK_LIMIT) },
      { campo: 'minutos', etiqueta: 'Duración del bloqueo', antes: null, despues: `${LOGIN_RATE_LIMIT.windowMinutes} minutos` },
    ]);
    // The block is no older than the last wrong attempt.
    expect(blocks[0]!.en >= wrong[0]!.en).toBe(true);
  });

  it('the export names the records and reads the fields as the screen does', async () => {
    const res = await t.http
      .get('/api/audit/export')
      .query({ recurso: 'usuario' })
      .set(as(admin))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(res.body as Buffer).Sheets['Auditoría']!, { header: 1 });
    expect(rows[0]).toEqual(['Fecha y hora', 'Usuario', 'Acción', 'Recurso', 'Registro', 'Detalle', 'Dispositivo', 'Dirección', 'Veces', 'Última vez']);
    const lucia = rows.filter((r) => r[4] === 'Lucía Sosa (lsosa)');
    expect(lucia.length).toBeGreaterThanOrEqual(4);
    expect(lucia.map((r) => r[5]).join('\n')).toContain('Rol: Operario → Supervisor');
    for (const r of rows.slice(1)) expect(String(r[5] ?? '')).not.toMatch(UUID);
  });
});
