import { createServer, connect, type Server, type Socket } from 'node:net';
import { Change, Attribute } from 'ldapts';
import {
  LoginResponseSchema,
  MESSAGES,
  NotificationPreferencesResponseSchema,
  UserResponseSchema, TokenPayloadSchema } from '@gestar/contracts';
import { createTestApp, DEMO_PASSWORD, expectError, login as loginOk, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';
import { LDAP_ADMIN, LDAP_SUFFIX, startSlapd, Slapd } from './support/slapd';

/** Sign-in with the company's directory over LDAP, against a real OpenLDAP server (slapd). */
jest.setTimeout(60_000);

/**
 * A TCP door in front of slapd that can be open (passes bytes through), shut (refuses
 * connections) or hanging (accepts and never answers): a directory that is down or stuck.
 */
class Door {
  mode: 'open' | 'shut' | 'hang' = 'open';
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  port = 0;

  async start(target: URL): Promise<void> {
    this.server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      if (this.mode === 'shut') return socket.destroy();
      if (this.mode === 'hang') return; // reads everything, answers nothing
      const upstream = connect(Number(target.port), target.hostname);
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
      socket.on('close', () => upstream.destroy());
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }

  get url(): string {
    return `ldap://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server.close(r));
  }
}

describe('LDAP sign-in', () => {
  let ldap: Slapd;
  let t: TestApp;
  const people = `ou=people,${LDAP_SUFFIX}`;
  const groups = `ou=groups,${LDAP_SUFFIX}`;
  const GROUP_MAP = {
    supervisores: { rol: 'Supervisor', areas: ['Carpintería', 'Tapicería'] },
    operarios: { rol: 'Operario', areas: ['Logística'] },
  };
  const env = (extra: Record<string, string> = {}) => ({
    LDAP_URL: ldap.url,
    LDAP_SEARCH_BASE: people,
    LDAP_SEARCH_FILTER: '(uid={username})',
    LDAP_SERVICE_DN: LDAP_ADMIN.dn,
    LDAP_SERVICE_PASSWORD: LDAP_ADMIN.password,
    LDAP_GROUP_SEARCH_BASE: groups,
    SSO_GROUP_MAP: JSON.stringify(GROUP_MAP),
    ...extra,
  });
  const login = (app: TestApp, username: string, password: string) =>
    app.http.post('/api/auth/login').send({ username, password });
  /** The user's role and area names as Gestar holds them now. */
  const access = async (app: TestApp, username: string) => {
    const [u]: { uuid: string; rol: string; origen: string; nombre: string; apellido: string }[] = await app.ds.query(
      `SELECT u.uuid, r.nombre AS rol, u.origen, u.nombre, u.apellido FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.username = $1`,
      [username],
    );
    const areas: { nombre: string }[] = await app.ds.query(
      `SELECT a.nombre FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid WHERE ua.usuario_uuid = $1 ORDER BY a.nombre`,
      [u!.uuid],
    );
    return { ...u!, areas: areas.map((a) => a.nombre) };
  };
  /** The e-mail address Gestar sends a user's notices to, read through the user's own API. */
  const address = async (app: TestApp, token: string) =>
    parseWith(NotificationPreferencesResponseSchema, (await app.http.get('/api/notifications/preferences').set('Authorization', `Bearer ${token}`)).body).correo;
  const setAttribute = async (dn: string, type: string, value: string) => {
    const c = await ldap.admin();
    await c.modify(dn, new Change({ operation: 'replace', modification: new Attribute({ type, values: [value] }) }));
    await c.unbind();
  };

  beforeAll(async () => {
    ldap = await startSlapd();
    const c = await ldap.admin();
    const person = (uid: string, given: string, sn: string, mail?: string) =>
      c.add(`uid=${uid.replace(/[,+"\\<>;=]/g, (x) => `\\${x}`)},${people}`, {
        objectClass: ['inetOrgPerson'],
        uid,
        cn: `${given} ${sn}`,
        givenName: given,
        sn,
        userPassword: `clave-de-${uid}`,
        ...(mail ? { mail } : {}),
      });
    await person('lucia', 'Lucía', 'Fernández', 'lucia.fernandez@muebles.example');
    await person('bruno', 'Bruno', 'Sosa');
    await person('carla', 'Carla', 'Ríos');
    // Named like Gestar's local 'operario', but someone else.
    await person('operario', 'Otro', 'Operario');
    await person('marlo', 'María', 'López', 'maria.lopez@muebles.example');
    // Usernames that only work when templates are filled and escaped properly.
    await person("pe$'dro", 'Pedro', 'Pérez');
    await person('o(neil)*', 'Olga', 'Neil');
    await person('cruz, ana+b', 'Ana', 'Cruz');
    await person('paralela', 'Paula', 'Ríos');
    const everyone = ['lucia', 'carla', 'operario', "pe$'dro", 'o(neil)*', 'paralela'].map((u) => `uid=${u},${people}`);
    await c.add(`cn=supervisores,${groups}`, { objectClass: ['groupOfNames'], cn: 'supervisores', member: everyone.concat(`uid=cruz\\, ana\\+b,${people}`) });
    await c.add(`cn=visitas,${groups}`, { objectClass: ['groupOfNames'], cn: 'visitas', member: [`uid=bruno,${people}`] });
    await c.add(`cn=operarios,${groups}`, { objectClass: ['groupOfNames'], cn: 'operarios', member: [`uid=carla,${people}`, `uid=marlo,${people}`] });
    await c.unbind();
    t = await createTestApp({ env: env({ SSO_AUTO_CREATE: 'true' }) });
  });
  afterAll(async () => {
    await t?.close();
    await ldap?.close();
  });

  it('a good directory password signs in, creating the user with the role, areas, name and e-mail of the directory', async () => {
    const res = await login(t, 'lucia', 'clave-de-lucia');
    expect(res.status).toBe(200);
    const body = parseWith(LoginResponseSchema, res.body);
    expect(body.user).toMatchObject({ username: 'lucia', nombre: 'Lucía', apellido: 'Fernández' });
    expect(await access(t, 'lucia')).toMatchObject({ rol: 'Supervisor', origen: 'ldap', areas: ['Carpintería', 'Tapicería'] });
    const me = parseWith(UserResponseSchema, (await t.http.get(`/api/users/${body.user.uuid}`).set('Authorization', `Bearer ${body.token}`)).body);
    expect(me.username).toBe('lucia');
    // Linked by the entry's entryUUID, not by its name.
    expect(me.vinculo).toMatchObject({ proveedor: 'ldap', emisor: null, gestiona_grupos: true });
    expect(me.vinculo!.identificador).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await address(t, body.token)).toBe('lucia.fernandez@muebles.example');
    const [entry]: { detalle: { metodo: string } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingresar' AND actor_uuid = $1 ORDER BY id DESC LIMIT 1`,
      [body.user.uuid],
    );
    expect(entry!.detalle.metodo).toBe('ldap');
  });

  it('«Dispositivo compartido» through the directory: the session ends after its idle minutes like any shared one', async () => {
    const res = await t.http.post('/api/auth/login').send({ username: 'lucia', password: 'clave-de-lucia', compartido: true });
    expect(res.status).toBe(200);
    const body = parseWith(LoginResponseSchema, res.body);
    const payload = TokenPayloadSchema.parse(JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()));
    expect(payload.compartido).toEqual({ minutos_inactividad: 5 });
    const [row] = await t.ds.query(`SELECT inactividad_minutos FROM sesiones WHERE uuid = $1`, [payload.sid]);
    expect(row.inactividad_minutos).toBe(5);
    const [entry]: { detalle: { metodo: string; compartido?: boolean } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingresar' AND recurso_uuid = $1`,
      [payload.sid],
    );
    expect(entry!.detalle).toMatchObject({ metodo: 'ldap', compartido: true });
  });

  it('first sign-ins of one new person in parallel create one user, and all of them get in', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => login(t, 'paralela', 'clave-de-paralela')));
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const users = new Set(all.map((r) => parseWith(LoginResponseSchema, r.body).user.uuid));
    expect(users.size).toBe(1);
    expect(await t.ds.query(`SELECT count(*)::int AS n FROM usuarios WHERE username = 'paralela'`)).toEqual([{ n: 1 }]);
  });

  it('a wrong password, an unknown person and an empty password are refused alike', async () => {
    expectError(await login(t, 'lucia', 'mala'), 401, MESSAGES.errors.loginFailed);
    expectError(await login(t, 'nadie', 'clave'), 401, MESSAGES.errors.loginFailed);
    expectError(await login(t, 'lucia', ''), 400);
  });

  it('a person whose groups map to nothing is refused, and says why', async () => {
    expectError(await login(t, 'bruno', 'clave-de-bruno'), 401, MESSAGES.errors.ssoNoGroup);
    expect(await t.ds.query(`SELECT 1 FROM usuarios WHERE username = 'bruno'`)).toEqual([]);
  });

  it('a directory person named like a local user does not sign in as that user; the local password still does', async () => {
    const before = await access(t, 'operario');
    expectError(await login(t, 'operario', 'clave-de-operario'), 401, MESSAGES.errors.ssoUsernameCollision);
    expect(await access(t, 'operario')).toEqual(before);
    expect(before).toMatchObject({ origen: 'local', rol: 'Operario', nombre: 'Oscar' });
    const local = parseWith(LoginResponseSchema, (await login(t, 'operario', DEMO_PASSWORD)).body);
    expect(local.user.uuid).toBe(before.uuid);
  });

  it('an administrator links a local user to a directory entry: it signs in with the directory only, its name and e-mail follow', async () => {
    const admin = await tokenFor(t, 'admin');
    const supervisor = await tokenFor(t, 'supervisor');
    const mlopez = await userUuid(t, 'mlopez');
    const body = { proveedor: 'ldap', identificador: 'marlo', gestiona_grupos: false };
    expectError(await t.http.put(`/api/users/${mlopez}/directory-link`).set('Authorization', `Bearer ${supervisor}`).send(body), 403);
    expectError(
      await t.http.put(`/api/users/${mlopez}/directory-link`).set('Authorization', `Bearer ${admin}`).send({ ...body, identificador: 'nadie' }),
      400,
      MESSAGES.errors.ssoLdapNotFound,
    );
    const res = await t.http.put(`/api/users/${mlopez}/directory-link`).set('Authorization', `Bearer ${admin}`).send(body);
    expect(res.status).toBe(200);
    const linked = parseWith(UserResponseSchema, res.body);
    expect(linked.vinculo).toMatchObject({ proveedor: 'ldap', gestiona_grupos: false });
    // The same entry named by its DN is the same identity: it cannot go to a second user.
    expectError(
      await t.http
        .put(`/api/users/${await userUuid(t, 'jruiz')}/directory-link`)
        .set('Authorization', `Bearer ${admin}`)
        .send({ ...body, identificador: linked.vinculo!.identificador }),
      409,
      MESSAGES.errors.ssoIdentityTaken,
    );

    expectError(await login(t, 'mlopez', DEMO_PASSWORD), 401, MESSAGES.errors.loginFailed);
    await setAttribute(`uid=marlo,${people}`, 'sn', 'López Vidal');
    const signed = parseWith(LoginResponseSchema, (await login(t, 'marlo', 'clave-de-marlo')).body);
    expect(signed.user.uuid).toBe(mlopez);
    // Not managed by the map (operarios -> Logística): role and areas stay; the name follows.
    expect(await access(t, 'mlopez')).toMatchObject({ rol: 'Operario', areas: ['Tapicería'], nombre: 'María', apellido: 'López Vidal', origen: 'ldap' });
    expect(await address(t, signed.token)).toBe('maria.lopez@muebles.example');
    // The directory's address changes: the next sign-in follows it.
    await setAttribute(`uid=marlo,${people}`, 'mail', 'maria.vidal@muebles.example');
    const again = parseWith(LoginResponseSchema, (await login(t, 'marlo', 'clave-de-marlo')).body);
    expect(await address(t, again.token)).toBe('maria.vidal@muebles.example');
  });

  it('the mapping is applied at every sign-in: the first mapped group gives the role, areas add up', async () => {
    // carla is in supervisores and operarios.
    expect((await login(t, 'carla', 'clave-de-carla')).status).toBe(200);
    expect(await access(t, 'carla')).toMatchObject({ rol: 'Supervisor', areas: ['Carpintería', 'Logística', 'Tapicería'] });
    // Out of supervisores in the directory: the next sign-in demotes her.
    const c = await ldap.admin();
    await c.modify(
      `cn=supervisores,${groups}`,
      new Change({ operation: 'delete', modification: new Attribute({ type: 'member', values: [`uid=carla,${people}`] }) }),
    );
    await c.unbind();
    expect((await login(t, 'carla', 'clave-de-carla')).status).toBe(200);
    expect(await access(t, 'carla')).toMatchObject({ rol: 'Operario', areas: ['Logística'] });
  });

  it('a person deactivated in Gestar cannot get in through the directory', async () => {
    const lucia = await access(t, 'lucia');
    const admin = await tokenFor(t, 'admin');
    expect((await t.http.delete(`/api/users/${lucia.uuid}`).set('Authorization', `Bearer ${admin}`)).status).toBe(200);
    expectError(await login(t, 'lucia', 'clave-de-lucia'), 401, MESSAGES.errors.userInactive);
  });

  // Tests below open a second application; the ones above use only `t`.
  it('filter values are escaped (RFC 4515) and every {username} is filled with the value as text', async () => {
    // Unescaped, `luc*` would find lucia and her password would open her account.
    expectError(await login(t, 'luc*', 'clave-de-lucia'), 401, MESSAGES.errors.loginFailed);
    expectError(await login(t, '*', 'clave-de-lucia'), 401, MESSAGES.errors.loginFailed);
    // Parentheses and a star in a real username: found exactly.
    expect((await login(t, 'o(neil)*', 'clave-de-o(neil)*')).status).toBe(200);
    // `$'` in a username stays text (a string replacement would paste the template's tail there).
    expect((await login(t, "pe$'dro", "clave-de-pe$'dro")).status).toBe(200);
    // A filter naming {username} twice: by uid or by mail.
    const both = await createTestApp({ env: env({ SSO_AUTO_CREATE: 'true', LDAP_SEARCH_FILTER: '(|(uid={username})(mail={username}))' }) });
    try {
      const res = await login(both, 'lucia.fernandez@muebles.example', 'clave-de-lucia');
      expect(res.status).toBe(200);
      expect(parseWith(LoginResponseSchema, res.body).user.username).toBe('lucia');
      expectError(await login(both, 'lucia*', 'clave-de-lucia'), 401, MESSAGES.errors.loginFailed);
    } finally {
      await both.close();
    }
  });

  it('direct bind: the username is escaped inside the DN (RFC 4514)', async () => {
    const direct = await createTestApp({
      env: {
        LDAP_URL: ldap.url,
        LDAP_BIND_DN: `uid={username},${people}`,
        LDAP_GROUP_SEARCH_BASE: groups,
        SSO_GROUP_MAP: JSON.stringify(GROUP_MAP),
        SSO_AUTO_CREATE: 'true',
      },
    });
    try {
      const res = await login(direct, 'cruz, ana+b', 'clave-de-cruz, ana+b');
      expect(res.status).toBe(200);
      expect(parseWith(LoginResponseSchema, res.body).user).toMatchObject({ username: 'cruz, ana+b', nombre: 'Ana', apellido: 'Cruz' });
      expect(await access(direct, 'cruz, ana+b')).toMatchObject({ rol: 'Supervisor' });
      // A DN written into the username does not become part of the bind DN.
      expectError(await login(direct, `lucia,${people}`, 'clave-de-lucia'), 401, MESSAGES.errors.loginFailed);
      expectError(await login(direct, 'lucia', 'mala'), 401, MESSAGES.errors.loginFailed);
      expect((await login(direct, 'lucia', 'clave-de-lucia')).status).toBe(200);
    } finally {
      await direct.close();
    }
  });

  it('a directory that is down or hangs: its users read that the directory could not be consulted, nothing counts as a failed password; local users still sign in', async () => {
    const door = new Door();
    await door.start(new URL(ldap.url));
    const app = await createTestApp({ env: env({ LDAP_URL: door.url, LDAP_TIMEOUT_MS: '300', SSO_AUTO_CREATE: 'true' }) });
    try {
      const lucia = parseWith(LoginResponseSchema, (await login(app, 'lucia', 'clave-de-lucia')).body);
      for (const mode of ['shut', 'hang'] as const) {
        door.mode = mode;
        // More attempts than the limit of failed passwords: none of them counts as one.
        for (let i = 0; i < 11; i++) {
          const started = Date.now();
          expectError(await login(app, 'lucia', 'clave-de-lucia'), 503, MESSAGES.errors.ssoDirectoryUnavailable);
          expect(Date.now() - started).toBeLessThan(2_000);
        }
        // Someone Gestar does not know may be in the directory: the same answer.
        expectError(await login(app, 'nueva', 'clave'), 503, MESSAGES.errors.ssoDirectoryUnavailable);
        // A local user signs in with its password.
        expect((await loginOk(app, 'admin')).user.username).toBe('admin');
        expectError(await login(app, 'admin', 'mala'), 401, MESSAGES.errors.loginFailed);
      }
      door.mode = 'open';
      const back = parseWith(LoginResponseSchema, (await login(app, 'lucia', 'clave-de-lucia')).body);
      expect(back.user.uuid).toBe(lucia.user.uuid);
    } finally {
      await app.close();
      await door.close();
    }
  });

  it('a local account with its right password does not wait for a directory that hangs', async () => {
    const door = new Door();
    await door.start(new URL(ldap.url));
    const app = await createTestApp({ env: env({ LDAP_URL: door.url, LDAP_TIMEOUT_MS: '3000' }) });
    try {
      door.mode = 'hang';
      const started = Date.now();
      expect((await loginOk(app, 'admin')).user.username).toBe('admin');
      expect(Date.now() - started).toBeLessThan(1_500);
      // A wrong password may be a directory person's: the directory is asked, and it is out.
      expectError(await login(app, 'admin', 'mala'), 401, MESSAGES.errors.loginFailed);
      expectError(await login(app, 'lucia', 'clave-de-lucia'), 503, MESSAGES.errors.ssoDirectoryUnavailable);
    } finally {
      await app.close();
      await door.close();
    }
  });

  it('without SSO_AUTO_CREATE an unknown person is refused; a user linked to the directory cannot use a local password', async () => {
    const strict = await createTestApp({ env: env({ SSO_AUTO_CREATE: 'false' }) });
    try {
      expectError(await login(strict, 'lucia', 'clave-de-lucia'), 401, MESSAGES.errors.ssoUnknownUser);
      // A local user keeps its local password.
      expect((await login(strict, 'admin', DEMO_PASSWORD)).status).toBe(200);
      // A user linked to the directory does not, even with the right local password.
      await strict.ds.query(`UPDATE usuarios SET origen = 'ldap', externo_id = 'uid=jruiz' WHERE username = 'jruiz'`);
      expectError(await login(strict, 'jruiz', DEMO_PASSWORD), 401, MESSAGES.errors.loginFailed);
    } finally {
      await strict.close();
    }
  });
});
