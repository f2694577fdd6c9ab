/**
 * Company sign-in in Chromium against a real OpenID provider (oidc-provider, started here in a
 * process of its own) and an API of its own configured for it, with the browser's own cookies:
 * a task link survives the round trip, «Salir» ends the provider's session too, a provider account
 * named like a local user is refused with its reason, and an administrator links an account from
 * the users screen.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { AuthProvidersResponseSchema, MESSAGES } from '@gestar/contracts';
import { DEMO_PASSWORD, expect, loginAs, test } from './fixtures';

const here = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = resolve(here, '..', '..', '..');
const shots = join(here, '.artifacts', 'screenshots');
const PROVIDER_NAME = 'Cuenta de Muebles del Sur';

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

/** Spawns `args` and resolves once `ready(output)` holds (bounded), or rejects with the output. */
function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: (out: string) => boolean, what: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((done, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} no arrancó:\n${out.slice(-3000)}`)), 60_000);
    const check = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready(out)) {
        clearTimeout(timer);
        done(child);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} terminó (código ${code}):\n${out.slice(-3000)}`));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test.describe('company sign-in with OpenID', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let provider: ChildProcess | undefined;
  let api: ChildProcess | undefined;
  let base = '';
  let dbName = '';
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl.toString() });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  const db = async (sql: string, params: unknown[] = []) => {
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };

  test.beforeAll(async () => {
    const [apiPort, providerPort] = [await freePort(), await freePort()];
    base = `http://127.0.0.1:${apiPort}`;
    provider = await startProcess(
      [join(repoRoot, 'apps', 'api', 'test', 'support', 'oidc-provider.mjs')],
      {
        ...process.env,
        OIDC_TEST_CONFIG: JSON.stringify({
          port: providerPort,
          clientId: 'gestar-web',
          clientSecret: 'secreto-del-cliente-web',
          redirectUri: `${base}/api/auth/oidc/callback`,
          postLogoutRedirectUri: `${base}/login`,
          accounts: {
            'sub-marta': { preferred_username: 'marta', given_name: 'Marta', family_name: 'Gil', groups: ['gestar-supervisores'] },
            'sub-intrusa': { preferred_username: 'admin', given_name: 'Intrusa', groups: ['gestar-admins'] },
            'sub-oscar': { preferred_username: 'oscar.p', given_name: 'Óscar', family_name: 'Pérez', groups: ['gestar-supervisores'] },
          },
        }),
      },
      (out) => out.includes('listo '),
      'El proveedor OpenID',
    );
    dbName = `gestar_sso_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE "${dbName}"`);
    const dbUrl = new URL(serverUrl);
    dbUrl.pathname = `/${dbName}`;
    api = spawn(process.execPath, [join(repoRoot, 'apps', 'api', 'dist', 'main.js')], {
      cwd: repoRoot,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATABASE_URL: dbUrl.toString(),
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        APP_URL: base,
        SEED_DEMO: 'true',
        JWT_SECRET: randomBytes(32).toString('hex'),
        NODE_ENV: 'test',
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? '',
        SCHEDULER_ENABLED: 'false',
        OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
        OIDC_CLIENT_ID: 'gestar-web',
        OIDC_CLIENT_SECRET: 'secreto-del-cliente-web',
        OIDC_NAME: PROVIDER_NAME,
        OIDC_SCOPES: 'openid profile groups',
        SSO_AUTO_CREATE: 'true',
        SSO_GROUP_MAP: JSON.stringify({
          'gestar-admins': { rol: 'Administrador', areas: ['Carpintería'] },
          'gestar-supervisores': { rol: 'Supervisor', areas: ['Carpintería'] },
        }),
      },
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (api.exitCode !== null) throw new Error(`La API terminó al arrancar (código ${api.exitCode})`);
      const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error('La API no respondió /api/health en 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    await stop(api);
    await stop(provider);
    if (dbName) await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  });

  /** At the provider's own pages: sign in as `account` and accept its consent, as a person would. */
  const signInAtProvider = async (page: import('@playwright/test').Page, account: string) => {
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('x');
    await page.locator('button[type="submit"]').click();
    // The consent page, the first time this browser grants these scopes, or straight back to Gestar.
    const consent = page.getByRole('button', { name: 'Continue' });
    await Promise.race([consent.waitFor({ state: 'visible' }), page.waitForURL((url) => url.href.startsWith(base))]);
    if (!page.url().startsWith(base)) await consent.click();
  };

  test('a task link survives the sign-in; «Salir» ends the provider\'s session too', async ({ page, context, request }) => {
    // A task of Carpintería assigned to its operario: Marta, supervisor there, may open it.
    const headers = { Authorization: `Bearer ${((await (await request.post(`${base}/api/auth/login`, { data: { username: 'admin', password: DEMO_PASSWORD } })).json()) as { token: string }).token}` };
    const [tarea] = ((await (await request.get(`${base}/api/tasks?limit=100`, { headers })).json()) as { data: { uuid: string; titulo: string; area: { nombre: string } }[] }).data.filter(
      (t) => t.area.nombre === 'Carpintería',
    );
    const [{ uuid: operario }] = await db(`SELECT uuid FROM usuarios WHERE username = 'operario'`);
    const assigned = await request.post(`${base}/api/assigned-tasks`, {
      headers,
      data: { tarea_uuid: tarea!.uuid, usuarios_asignados: [operario], fecha_vencimiento: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) },
    });
    expect(assigned.status()).toBe(201);
    const [occ] = (await assigned.json()) as { uuid: string }[];

    await page.goto(`${base}/?tarea=${occ!.uuid}`);
    await expect(page).toHaveURL(/\/login$/);
    const button = page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` });
    await expect(button).toHaveAttribute('href', `/api/auth/oidc/start?volver=${encodeURIComponent(`/?tarea=${occ!.uuid}`)}`);
    await button.click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await signInAtProvider(page, 'sub-marta');
    // Back in Gestar, on the task the link named, as Marta.
    await expect(page).toHaveURL(new RegExp(`^${base}/\\?tarea=${occ!.uuid}$`));
    // The drawer's chunk loads on a busy machine slowly: a longer wait, returning as soon as it holds.
    await expect(page.getByRole('dialog').getByRole('heading', { name: tarea!.titulo })).toBeVisible({ timeout: 45_000 });
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining(['gestar_refresh', '_session']));

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Salir' }).click();
    // The provider asks, as it does for every RP-initiated logout, and sends the browser back.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${base}/login`);
    const after = (await context.cookies()).map((c) => c.name);
    expect(after).not.toContain('gestar_refresh');
    expect(after).not.toContain('_session');
    // The next person at this device meets the provider's sign-in, not Marta's session.
    await page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('«Dispositivo compartido» with the company account: «Salir» reaches the provider\'s end-session and leaves nothing here', async ({ page, context }) => {
    await page.goto(`${base}/login`);
    await page.getByRole('checkbox', { name: 'Dispositivo compartido' }).check();
    const button = page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` });
    await expect(button).toHaveAttribute('href', '/api/auth/oidc/start?compartido=1');
    await button.click();
    await signInAtProvider(page, 'sub-marta');
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const payload = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()) as { compartido?: { minutos_inactividad: number } };
    expect(payload.compartido).toEqual({ minutos_inactividad: 5 });

    const endSession = page.waitForRequest((r) => r.url().startsWith(`${new URL(base).protocol}//127.0.0.1`) && new URL(r.url()).pathname === '/session/end');
    await page.getByRole('button', { name: 'Salir' }).click();
    const end = new URL((await endSession).url());
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${base}/login`);
    const hint = end.searchParams.get('id_token_hint')!;
    expect((JSON.parse(Buffer.from(hint.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub).toBe('sub-marta');
    // The provider asks, the person confirms; back here, nothing of Marta stayed in this browser.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${base}/login`);
    const kept = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(kept).toEqual(['gestar.dispositivoCompartido']);
    const reads = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('gestar-sin-conexion');
          open.onerror = () => reject(open.error);
          open.onupgradeneeded = () => open.result.createObjectStore('consultas');
          open.onsuccess = () => {
            const n = open.result.transaction('consultas', 'readonly').objectStore('consultas').count();
            n.onsuccess = () => resolve(n.result);
          };
        }),
    );
    expect(reads).toBe(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('_session');
    // The next person finds the box ticked and the provider asking who they are.
    await expect(page.getByRole('checkbox', { name: 'Dispositivo compartido' })).toBeChecked();
    await page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` }).click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('a provider account named like a local user is refused, and the screen says why', async ({ page }) => {
    const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
    await page.goto(`${base}/login`);
    expect(AuthProvidersResponseSchema.parse(await (await providers).json())).toEqual({
      oidc: { nombre: PROVIDER_NAME },
      ldap: false,
      dispositivo_compartido: { minutos_inactividad: 5 },
    });
    await page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` }).click();
    await signInAtProvider(page, 'sub-intrusa');
    await expect(page).toHaveURL(`${base}/login?sso_error=colision`);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.errors.ssoUsernameCollision);
    await page.screenshot({ path: join(shots, 'login-sso-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'login-sso-390.png') });
    const [admin] = await db(`SELECT u.origen, r.nombre AS rol FROM usuarios u JOIN roles r ON r.uuid = u.rol_uuid WHERE username = 'admin'`);
    expect(admin).toEqual({ origen: 'local', rol: 'Administrador' });
  });

  test('an administrator links a user to its company account from the users screen', async ({ page }) => {
    await page.goto(`${base}/login`);
    await loginAs(page, 'admin');
    await page.goto(`${base}/usuarios`);
    await page.getByRole('button', { name: 'Cuenta de la empresa de operario' }).click();
    const dialog = page.getByRole('dialog', { name: /Cuenta de la empresa/ });
    await dialog.getByRole('textbox', { name: 'Identificador de la cuenta' }).fill('sub-oscar');
    await page.screenshot({ path: join(shots, 'users-link-1280.png') });
    await dialog.getByRole('button', { name: 'Vincular' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: 'operario' });
    await expect(row.getByText('Empresa')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Cuenta de la empresa de operario' }).click();
    await expect(page.getByRole('dialog').getByText('Vinculado')).toBeVisible();
    await page.screenshot({ path: join(shots, 'users-link-390.png') });
    await page.keyboard.press('Escape');
    const [linked] = await db(`SELECT origen, externo_id, directorio_gestiona FROM usuarios WHERE username = 'operario'`);
    expect(linked).toEqual({ origen: 'oidc', externo_id: 'sub-oscar', directorio_gestiona: false });
  });
});

test('without OpenID configured there is no company button', async ({ page }) => {
  const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
  await page.goto('/login');
  const answer = AuthProvidersResponseSchema.parse(await (await providers).json());
  expect(answer.oidc).toBeNull();
  await expect(page.getByRole('link', { name: /^Ingresar con / })).toHaveCount(0);
});
