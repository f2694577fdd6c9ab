import { Change, Attribute } from 'ldapts';
import { LoginResponseSchema, MESSAGES, UserResponseSchema } from '@gestar/contracts';
import { createTestApp, DEMO_PASSWORD, expectError, parseWith, TestApp, tokenFor } from './support/test-app';
import { LDAP_ADMIN, LDAP_SUFFIX, startSlapd, Slapd } from './support/slapd';

/** Sign-in with the company's directory over LDAP, against a real OpenLDAP server (slapd). */
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
    const [u]: { uuid: string; rol: string; origen: string }[] = await app.ds.query(
      `SELECT u.uuid, r.nombre AS rol, u.origen FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.username = $1`,
      [username],
    );
    const areas: { nombre: string }[] = await app.ds.query(
      `SELECT a.nombre FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid WHERE ua.usuario_uuid = $1 ORDER BY a.nombre`,
      [u!.uuid],
    );
    return { ...u!, areas: areas.map((a) => a.nombre) };
  };

  beforeAll(async () => {
    ldap = await startSlapd();
    const c = await ldap.admin();
    const person = (uid: string, given: string, sn: string) =>
      c.add(`uid=${uid},${people}`, {
        objectClass: ['inetOrgPerson'],
        uid,
        cn: `${given} ${sn}`,
        givenName: given,
        sn,
        userPassword: `clave-de-${uid}`,
      });
    await person('lucia', 'Lucía', 'Fernández');
    await person('bruno', 'Bruno', 'Sosa');
    await person('carla', 'Carla', 'Ríos');
    await c.add(`cn=supervisores,${groups}`, { objectClass: ['groupOfNames'], cn: 'supervisores', member: [`uid=lucia,${people}`, `uid=carla,${people}`] });
    await c.add(`cn=visitas,${groups}`, { objectClass: ['groupOfNames'], cn: 'visitas', member: [`uid=bruno,${people}`] });
    await c.add(`cn=operarios,${groups}`, { objectClass: ['groupOfNames'], cn: 'operarios', member: [`uid=carla,${people}`] });
    await c.unbind();
    t = await createTestApp({ env: env({ SSO_AUTO_CREATE: 'true' }) });
  });
  afterAll(async () => {
    await t?.close();
    await ldap?.close();
  });

  it('a good directory password signs in, creating the user with the role and areas of its groups', async () => {
    const res = await login(t, 'lucia', 'clave-de-lucia');
    expect(res.status).toBe(200);
    const body = parseWith(LoginResponseSchema, res.body);
    expect(body.user).toMatchObject({ username: 'lucia', nombre: 'Lucía', apellido: 'Fernández' });
    expect(await access(t, 'lucia')).toMatchObject({ rol: 'Supervisor', origen: 'ldap', areas: ['Carpintería', 'Tapicería'] });
    const me = parseWith(UserResponseSchema, (await t.http.get(`/api/users/${body.user.uuid}`).set('Authorization', `Bearer ${body.token}`)).body);
    expect(me.username).toBe('lucia');
    const [entry]: { detalle: { metodo: string } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingresar' AND actor_uuid = $1 ORDER BY id DESC LIMIT 1`,
      [body.user.uuid],
    );
    expect(entry!.detalle.metodo).toBe('ldap');
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

  it('without SSO_AUTO_CREATE an unknown person is refused; with local passwords off, directory users need the directory', async () => {
    const strict = await createTestApp({ env: env({ SSO_AUTO_CREATE: 'false', SSO_LOCAL_PASSWORDS: 'false' }) });
    try {
      expectError(await login(strict, 'lucia', 'clave-de-lucia'), 401, MESSAGES.errors.ssoUnknownUser);
      // A local user keeps its local password.
      expect((await login(strict, 'admin', DEMO_PASSWORD)).status).toBe(200);
      // A user that came from the directory does not, even with the right local password.
      await strict.ds.query(`UPDATE usuarios SET origen = 'ldap', externo_id = 'uid=operario' WHERE username = 'operario'`);
      expectError(await login(strict, 'operario', DEMO_PASSWORD), 401, MESSAGES.errors.loginFailed);
    } finally {
      await strict.close();
    }
  });
});
