import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './support/ports';
import { AuthProvidersResponseSchema, REFRESH_COOKIE, RefreshTokenResponseSchema } from '@gestar/contracts';
import { createTestApp, parseWith, TestApp, tokenFor } from './support/test-app';

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
  const callback = () => `${api}/api/auth/oidc/callback`;
  const GROUP_MAP = {
    'gestar-supervisores': { rol: 'Supervisor', areas: ['Carpintería'] },
    'gestar-operarios': { rol: 'Operario', areas: ['Logística'] },
  };
  const ACCOUNTS = {
    'sub-marta': { preferred_username: 'marta', given_name: 'Marta', family_name: 'Gil', groups: ['gestar-supervisores'] },
    'sub-visita': { preferred_username: 'visita', given_name: 'Vera', family_name: 'Ibáñez', groups: ['otros'] },
    'sub-operario': { preferred_username: 'operario', given_name: 'Oscar', family_name: 'Pérez', groups: ['gestar-operarios'] },
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
    t = await createTestApp({
      env: {
        APP_URL: api,
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: 'gestar',
        OIDC_CLIENT_SECRET: 'secreto-del-cliente',
        OIDC_NAME: 'Cuenta de Muebles del Sur',
        OIDC_SCOPES: 'openid profile groups',
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
  });

  it('a person in no mapped group is refused and not created', async () => {
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-visita', callback());
    expect(res!.headers.get('location')).toBe('/login?sso_error=grupo');
    expect(await t.ds.query(`SELECT 1 FROM usuarios WHERE username = 'visita'`)).toEqual([]);
  });

  it('a person deactivated in Gestar cannot get in through the provider', async () => {
    // 'operario' exists in Gestar; the provider's operario is linked to it by username.
    const admin = await tokenFor(t, 'admin');
    const [{ uuid }] = await t.ds.query(`SELECT uuid FROM usuarios WHERE username = 'operario'`);
    expect((await t.http.delete(`/api/users/${uuid}`).set('Authorization', `Bearer ${admin}`)).status).toBe(200);
    const browser = new Browser();
    const start = await browser.request(`${api}/api/auth/oidc/start`);
    const { res } = await browser.signInAt(start.headers.get('location')!, 'sub-operario', callback());
    expect(res!.headers.get('location')).toBe('/login?sso_error=inactivo');
    const [entry]: { detalle: { metodo: string } }[] = await t.ds.query(
      `SELECT detalle FROM auditoria WHERE accion = 'ingreso_fallido' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.detalle.metodo).toBe('oidc');
  });
});
