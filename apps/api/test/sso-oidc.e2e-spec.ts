import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './support/ports';
import {
  AuthProvidersResponseSchema,
  LogoutResponseSchema,
  MESSAGES,
  REFRESH_COOKIE,
  RefreshTokenResponseSchema,
  SSO_ERROR_MESSAGES,
  TokenPayloadSchema,
  UserResponseSchema,
} from '@gestar/contracts';
import { createTestApp, DEMO_PASSWORD, expectError, login, parseWith, TestApp, tokenFor, userUuid } from './support/test-app';

/** OpenID Connect sign-in against a real provider (oidc-provider, in a process of its own). */
jest.setTimeout(60_000);

/** A browser's cookies, per host: enough for two origins on 127.0.0.1. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  private cookiesFor(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, res: Response): void {
    const jar = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    this.jar.set(url.host, jar);
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string): void {
    const jar = this.jar.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.jar.set(host, jar);
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    const res = await fetch(u, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: this.cookiesFor(u) } });
    this.keep(u, res);
    return res;
  }

  /**
   * Follows redirects like a browser, signing in at the provider's login page as `account` and
   * accepting its consent page, until the provider sends the browser to `callback`: answers the
   * callback's URL and, unless `dontCall`, the API's answer to it (not followed further).
   */
  async signInAt(startUrl: string, account: string, callback: string, dontCall = false): Promise<{ res: Response | null; url: string }> {
    let url = startUrl;
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(callback)) return { res: dontCall ? null : await this.request(url), url };
      const res = await this.request(url);
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).href;
        continue;
      }
      const html = res.status === 200 && (res.headers.get('content-type') ?? '').includes('html') ? await res.text() : '';
      const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
      if (!prompt) throw new Error(`la página ${url} respondió ${res.status} sin formulario`);
      const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: account, password: 'x' } : {}) });
      const posted = await this.request(url, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      url = new URL(posted.headers.get('location')!, url).href;
    }
    throw new Error('demasiadas redirecciones');
  }
}

describe('OpenID Connect sign-in', () => {
  let t: TestApp;
  let provider: ChildProcess;
  let api: string;
  let apiHost: string;
  let issuer: string;
  const callback = () => `${api}/api/auth/oidc/callback`;
  const GROUP_MAP = {
    'gestar-admins': { rol: 'Administrador', areas: ['Carpintería'] },
    'gestar-supervisores': { rol: 'Supervisor', areas: ['Carpintería'] },
    'gestar-operarios': { rol: 'Operario', areas: ['Logística'] },
  };
  const ACCOUNTS = {
    'sub-marta': { preferred_username: 'marta', given_name: 'Marta', family_name: 'Gil', groups: ['gestar-supervisores'] },
    'sub-visita': { preferred_username: 'visita', given_name: 'Vera', family_name: 'Ibáñez', groups: ['otros'] },
    // Named like Gestar's users: they are other people until an administrator links them.
    'sub-operario': {
      preferred_username: 'operario',
      given_name: 'Óscar',
      family_name: 'Pérez Ruiz',
      email: 'oscar.perez@muebles.example',
      email_verified: true,
      groups: ['gestar-supervisores'],
    },
    'sub-intrusa': { preferred_username: 'admin', given_name: 'Intrusa', groups: ['gestar-admins'] },
    'sub-intrusa-correo': { email: 'ADMIN@otro-dominio.example', email_verified: true, given_name: 'Intrusa', groups: ['gestar-admins'] },
    'sub-jefa': { preferred_username: 'jefa', given_name: 'Julia', family_name: 'Fe', groups: ['gestar-supervisores'] },
  };

  beforeAll(async () => {
    const [apiPort, providerPort] = [await freePort(), await freePort()];
    api = `http://127.0.0.1:${apiPort}`;
    apiHost = `127.0.0.1:${apiPort}`;
    provider = spawn(process.execPath, [join(__dirname, 'support', 'oidc-provider.mjs')], {
      env: {
        ...process.env,
        OIDC_TEST_CONFIG: JSON.stringify({
          port: providerPort,
          clientId: 'gestar',
          clientSecret: 'secreto-del-cliente',
          redirectUri: `${api}/api/auth/oidc/callback`,
          postLogoutRedirectUri: `${api}/login`,
          accounts: ACCOUNTS,
        }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    provider.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`el proveedor OpenID no arrancó: ${stderr}`)), 15_000);
      provider.stdout?.on('data', (c: Buffer) => {
        if (c.toString().startsWith('listo ')) {
          clearTimeout(timer);
          resolve();
        }
      });
      provider.once('exit', () => reject(new Error(`el proveedor OpenID terminó: ${stderr}`)));
    });
    issuer = `http://127.0.0.1:${providerPort}`;
    t = await createTestApp({
      env: {
        APP_URL: api,
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: 'gestar',
        OIDC_CLIENT_SECRET: 'secreto-del-cliente',
        OIDC_NAME: 'Cuenta de Muebles del Sur',
        OIDC_SCOPES: 'openid profile email groups',
        SSO_GROUP_MAP: JSON.stringify(GROUP_MAP),
        SSO_AUTO_CREATE: 'true',
      },
    });
    await t.app.listen(apiPort, '127.0.0.1');
  });
  afterAll(async () => {
    await t?.close();
    provider?.kill('SIGTERM');
  });

  it('the login screen learns the button text', async () => {
    const res = await fetch(`${api}/api/auth/providers`);
    expect(parseWith(AuthProvidersResponseSchema, await res.json())).toEqual({
      oidc: { nombre: 'Cuenta de Muebles del Sur' },
      ldap: false,
      dispositivo_compartido: { minutos_inactividad: 5 },
    });
  });

  it('a mapped person signs in: code flow with PKCE, state and nonce, then a session by cookie', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookie(apiHost, 'gestar_oidc')).toBe(authorize.searchParams.get('state'));

    const { res } = await browser.signInAt(authorize.href, 'sub-marta', callback());
    expect(res!.status).toBe(302);
    expect(res!.headers.get('location')).toBe('/login/sso');
    // The session is in the refresh cookie; the page trades it for an access token.
    const refreshed = await browser.request(`${api}/api/auth/refresh-token`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(refreshed.status).toBe(200);
    const { token } = parseWith(RefreshTokenResponseSchema, await refreshed.json());
    const sub = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const [u]: { username: string; rol: string; origen: string; externo_id: string }[] = await t.ds.query(
      `SELECT u.username, r.nombre AS rol, u.origen, u.externo_id FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.uuid = $1`,
      [sub],
    );
    expect(u).toEqual({ username: 'marta', rol: 'Supervisor', origen: 'oidc', externo_id: 'sub-marta' });
    expect(browser.cookie(apiHost, REFRESH_COOKIE.name)).toBeTruthy();
  });

  it('a task link survives the round trip; a return address elsewhere is dropped', async () => {
    const task = '/?tarea=3f1c9a52-7a0e-4d1e-9a53-1c2b3d4e5f60';
    const cases: [string, string][] = [
      [task, `/login/sso?volver=${encodeURIComponent(task)}`],
      ['https://evil.example/robar', '/login/sso'],
      ['//evil.example/robar', '/login/sso'],
      ['/\\evil.example', '/login/sso'],
    ];
    for (const [volver, landing] of cases) {
      const browser = new Browser();
      const start = await browser.request(`${api}/api/auth/oidc/start?volver=${encodeURIComponent(volver)}`);
      expect(start.status).toBe(302);
      // Nothing of the return path goes to the provider: it stays with the pending sign-in.
      expect(start.headers.get('location')).not.toContain('tarea');
      const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-marta', callback());
      expect(res!.headers.get('location')).toBe(landing);
    }
  });

  it('«Salir» after a company sign-in answers the provider\'s logout (id_token_hint, back to /login); after a password sign-in it does not', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    await browser.signInAt(start.headers.get('location')!, 'sub-marta', callback());
    const refreshed = await browser.request(`${api}/api/auth/refresh-token`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const { token } = parseWith(RefreshTokenResponseSchema, await refreshed.json());
    const out = await browser.request(`${api}/api/auth/logout`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const body = parseWith(LogoutResponseSchema, await out.json());
    const end = new URL(body.cerrar_proveedor!);
    expect(`${end.origin}${end.pathname}`).toBe(`${issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${api}/login`);
    expect(end.searchParams.get('id_token_hint')!.split('.')).toHaveLength(3);
    // The token is used once: it is not kept once the session is closed.
    expect(await t.ds.query(`SELECT 1 FROM sesiones WHERE oidc_id_token IS NOT NULL AND cerrada_en IS NOT NULL`)).toEqual([]);

    const local = await login(t, 'supervisor');
    const plain = await t.http.post('/api/auth/logout').set('Authorization', `Bearer ${local.token}`).send({});
    expect(parseWith(LogoutResponseSchema, plain.body)).toEqual({ ok: true });
  });

  it('«Dispositivo compartido» through the provider: a shared session; «Salir» ends the provider\'s session too, and the next person meets its sign-in', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start?compartido=1`);
    expect(start.status).toBe(302);
    // The choice stays with the pending sign-in: nothing of it goes to the provider.
    expect(start.headers.get('location')).not.toContain('compartido');
    const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-marta', callback());
    expect(res!.headers.get('location')).toBe('/login/sso');
    const refreshed = await browser.request(`${api}/api/auth/refresh-token`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const { token } = parseWith(RefreshTokenResponseSchema, await refreshed.json());
    const payload = TokenPayloadSchema.parse(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()));
    expect(payload.compartido).toEqual({ minutos_inactividad: 5 });
    const [row] = await t.ds.query(`SELECT inactividad_minutos FROM sesiones WHERE uuid = $1`, [payload.sid]);
    expect(row.inactividad_minutos).toBe(5);
    // A bad value is a Spanish 400, not a sign-in.
    expectError(await t.http.get('/api/auth/oidc/start?compartido=si'), 400);

    const out = await browser.request(`${api}/api/auth/logout`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    const end = new URL(parseWith(LogoutResponseSchema, await out.json()).cerrar_proveedor!);
    expect(`${end.origin}${end.pathname}`).toBe(`${issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${api}/login`);
    const hint = end.searchParams.get('id_token_hint')!;
    expect((JSON.parse(Buffer.from(hint.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub).toBe('sub-marta');
    // The browser goes there: the provider asks, the person confirms, the provider ends its session and sends it to /login.
    const ask = await browser.request(end.href);
    expect(ask.status).toBe(200);
    const form = await ask.text();
    const action = /action="([^"]+)"/.exec(form)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)![1]!;
    const confirmed = await browser.request(new URL(action, end).href, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.status).toBeGreaterThanOrEqual(300);
    expect(confirmed.status).toBeLessThan(400);
    expect(confirmed.headers.get('location')).toBe(`${api}/login`);
    // The next person on this browser is asked to sign in at the provider, not let through as Marta.
    const again = await browser.request(`${api}/api/auth/oidc/start`);
    let url = again.headers.get('location')!;
    let askedToSignIn = false;
    for (let hops = 0; hops < 5 && !askedToSignIn; hops++) {
      const r = await browser.request(url);
      expect(url.startsWith(callback())).toBe(false);
      if (r.status >= 300 && r.status < 400) {
        url = new URL(r.headers.get('location')!, url).href;
        continue;
      }
      expect(await r.text()).toMatch(/name="prompt" value="login"/);
      askedToSignIn = true;
    }
    expect(askedToSignIn).toBe(true);
  });

  it('a wrong state is refused, and a state is good once', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const authorize = start.headers.get('location')!;
    // The browser's cookie says another sign-in: as if a link from someone else's flow were opened.
    browser.setCookie(apiHost, 'gestar_oidc', 'otro-estado');
    const { res } = await browser.signInAt(authorize, 'sub-marta', callback());
    expect(res!.headers.get('location')).toBe('/login?sso_error=estado');
    expect(browser.cookie(apiHost, REFRESH_COOKIE.name)).toBeUndefined();

    // The right cookie, but the callback replayed: the stored sign-in was used up.
    const second = new Browser();
    const s2 = await second.request(`${api}/api/auth/oidc/start`);
    const { url: back } = await second.signInAt(s2.headers.get('location')!, 'sub-marta', callback(), true);
    expect((await second.request(back)).headers.get('location')).toBe('/login/sso');
    second.setCookie(apiHost, 'gestar_oidc', new URL(back).searchParams.get('state')!);
    expect((await second.request(back)).headers.get('location')).toBe('/login?sso_error=estado');
  });

  it('a wrong nonce is refused (the ID token was not made for this sign-in)', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    await t.ds.query(`UPDATE oidc_intentos SET nonce = 'otro-nonce' WHERE estado = $1`, [state]);
    const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-marta', callback());
    expect(res!.headers.get('location')).toBe('/login?sso_error=proveedor');
    expect(browser.cookie(apiHost, REFRESH_COOKIE.name)).toBeUndefined();
    // Refused for its nonce, not for any other failure of the provider.
    const [entry]: { detalle: { metodo: string; motivo: string } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingreso_fallido' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.detalle.metodo).toBe('oidc');
    expect(entry!.detalle.motivo).toMatch(/\bnonce\b/);
  });

  it('a person in no mapped group is refused and not created', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-visita', callback());
    expect(res!.headers.get('location')).toBe('/login?sso_error=grupo');
    expect(await t.ds.query(`SELECT 1 FROM usuarios WHERE username = 'visita'`)).toEqual([]);
  });

  /** Signs in at the provider as `account`: where the API sends the browser, and the browser. */
  const signIn = async (account: string) => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const { res } = await browser.signInAt(start.headers.get('location')!, account, callback());
    return { browser, location: res!.headers.get('location') };
  };
  /** The user a browser's session belongs to (its refresh cookie traded for an access token). */
  const sessionUser = async (browser: Browser): Promise<string> => {
    const refreshed = await browser.request(`${api}/api/auth/refresh-token`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(refreshed.status).toBe(200);
    const { token } = parseWith(RefreshTokenResponseSchema, await refreshed.json());
    return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  };
  const userRow = async (username: string) => {
    const [u]: { uuid: string; nombre: string; apellido: string; rol: string; origen: string; areas: string[] }[] = await t.ds.query(
      `SELECT u.uuid, u.nombre, u.apellido, r.nombre AS rol, u.origen,
              ARRAY(SELECT a.nombre FROM usuario_areas ua JOIN areas a ON a.uuid = ua.area_uuid WHERE ua.usuario_uuid = u.uuid ORDER BY 1) AS areas
         FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE u.username = $1`,
      [username],
    );
    return u!;
  };
  const link = async (token: string, username: string, body: Record<string, unknown>) =>
    t.http.put(`/api/users/${await userUuid(t, username)}/directory-link`).set('Authorization', `Bearer ${token}`).send(body);

  it('a provider account named like a local user (username or e-mail) does not sign in as that user', async () => {
    const before = await userRow('admin');
    for (const account of ['sub-intrusa', 'sub-intrusa-correo']) {
      const { browser, location } = await signIn(account);
      expect(location).toBe('/login?sso_error=colision');
      expect(browser.cookie(apiHost, REFRESH_COOKIE.name)).toBeUndefined();
    }
    // The administrator is untouched: role, areas, name, still local; nobody was created.
    expect(await userRow('admin')).toEqual(before);
    expect(before).toMatchObject({ rol: 'Administrador', origen: 'local' });
    expect(await t.ds.query(`SELECT 1 FROM usuarios WHERE externo_id IN ('sub-intrusa', 'sub-intrusa-correo')`)).toEqual([]);
    expect((await login(t, 'admin')).user.username).toBe('admin');
  });

  it('an administrator links a local user; then it signs in with the provider only, and the map manages it only when told', async () => {
    const admin = await tokenFor(t, 'admin');
    const supervisor = await tokenFor(t, 'supervisor');
    // Refused: a supervisor may edit users of its areas, but not link them.
    expectError(await link(supervisor, 'operario', { proveedor: 'oidc', identificador: 'sub-operario', gestiona_grupos: false }), 403);
    expectError(await link(admin, 'operario', { proveedor: 'oidc', identificador: ' ', gestiona_grupos: false }), 400, MESSAGES.validation.directoryIdRequired);
    expectError(await link(admin, 'operario', { proveedor: 'ldap', identificador: 'oscar', gestiona_grupos: false }), 400, MESSAGES.errors.ssoProviderOff);
    const res = await link(admin, 'operario', { proveedor: 'oidc', identificador: 'sub-operario', gestiona_grupos: false });
    expect(res.status).toBe(200);
    const linked = parseWith(UserResponseSchema, res.body);
    expect(linked.vinculo).toEqual({ proveedor: 'oidc', identificador: 'sub-operario', emisor: issuer, gestiona_grupos: false });
    // The same identity cannot be linked to a second user.
    expectError(await link(admin, 'mlopez', { proveedor: 'oidc', identificador: 'sub-operario', gestiona_grupos: false }), 409, MESSAGES.errors.ssoIdentityTaken);
    // Its local password no longer opens it.
    expectError(await t.http.post('/api/auth/login').send({ username: 'operario', password: DEMO_PASSWORD }), 401, MESSAGES.errors.loginFailed);

    const first = await signIn('sub-operario');
    expect(first.location).toBe('/login/sso');
    expect(await sessionUser(first.browser)).toBe(linked.uuid);
    // Not managed: the map (gestar-supervisores) does not touch role or areas; the name follows the provider.
    expect(await userRow('operario')).toMatchObject({ rol: 'Operario', areas: ['Carpintería'], nombre: 'Óscar', apellido: 'Pérez Ruiz', origen: 'oidc' });

    expect((await link(admin, 'operario', { proveedor: 'oidc', identificador: 'sub-operario', gestiona_grupos: true })).status).toBe(200);
    expect((await signIn('sub-operario')).location).toBe('/login/sso');
    expect(await userRow('operario')).toMatchObject({ rol: 'Supervisor', areas: ['Carpintería'] });
  });

  it('the group map cannot take the role of the last administrator away (409 at sign-in)', async () => {
    const admin = await tokenFor(t, 'admin');
    expect((await link(admin, 'admin', { proveedor: 'oidc', identificador: 'sub-jefa', gestiona_grupos: true })).status).toBe(200);
    const { browser, location } = await signIn('sub-jefa');
    expect(location).toBe('/login?sso_error=administrador');
    expect(browser.cookie(apiHost, REFRESH_COOKIE.name)).toBeUndefined();
    expect(await userRow('admin')).toMatchObject({ rol: 'Administrador', areas: ['Carpintería', 'Logística', 'Tapicería'] });
    // Unlinked, it is a local user again: its password opens it.
    const res = await t.http.delete(`/api/users/${await userUuid(t, 'admin')}/directory-link`).set('Authorization', `Bearer ${admin}`);
    expect(parseWith(UserResponseSchema, res.body).vinculo).toBeNull();
    expect((await login(t, 'admin')).user.username).toBe('admin');
  });

  it('a person deactivated in Gestar cannot get in through the provider', async () => {
    // 'operario' was linked to sub-operario above.
    const admin = await tokenFor(t, 'admin');
    const uuid = await userUuid(t, 'operario');
    expect((await t.http.delete(`/api/users/${uuid}`).set('Authorization', `Bearer ${admin}`)).status).toBe(200);
    const { location } = await signIn('sub-operario');
    expect(location).toBe('/login?sso_error=inactivo');
    const [entry]: { detalle: { metodo: string } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingreso_fallido' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.detalle.metodo).toBe('oidc');
  });

  it('a provider that cannot be reached sends the browser back to the login screen, which says so', async () => {
    const closed = await freePort();
    const app = await createTestApp({
      env: { APP_URL: api, OIDC_ISSUER: `http://127.0.0.1:${closed}`, OIDC_CLIENT_ID: 'gestar', OIDC_CLIENT_SECRET: 'secreto-del-cliente' },
    });
    try {
      const res = await app.http.get('/api/auth/oidc/start');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/login?sso_error=no_disponible');
      expect(SSO_ERROR_MESSAGES.no_disponible).toBe(MESSAGES.errors.ssoProviderUnavailable);
      expect(MESSAGES.errors.ssoProviderUnavailable).toMatch(/^No se pudo consultar el proveedor/);
    } finally {
      await app.close();
    }
  });
});
