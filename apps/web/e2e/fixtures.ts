/**
 * `test` for every browser test: the page checks each call it makes to
 * /api/ against the contracts (an unknown call, a body or query that the
 * route's schema refuses, or a 2xx answer outside the response schema is a
 * violation) and the test fails at the end listing them.
 */
import { test as base, expect, type Page, type Request, type Response } from '@playwright/test';
import { API_ROUTES, findRoute, IDEMPOTENCY_HEADER, type HttpMethod } from '@gestar/contracts';
import type { ZodType } from 'zod';

export const DEMO_PASSWORD = 'demo1234';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** The company's zone (the API's default `APP_TIMEZONE`): its days decide "hoy" on boards and the wall. */
export const COMPANY_TIMEZONE = 'America/Argentina/Buenos_Aires';

/** Today's calendar date in the company's zone (not UTC: from 21:00 there, UTC is already tomorrow). */
export function companyToday(): string {
  return new Date().toLocaleDateString('en-CA', { timeZone: COMPANY_TIMEZONE });
}

export type DemoUser = 'admin' | 'supervisor' | 'operario';

/** The contracts' own matcher (static segments win over `:param` ones), so the check and the API agree. */
export function matchRoute(method: string, pathname: string) {
  return findRoute(API_ROUTES, method as HttpMethod, pathname) ?? null;
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const all = search.getAll(key);
    out[key] = all.length === 1 ? all[0]! : all;
  }
  return out;
}

function issues(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues.map((i) => `${i.path.join('.') || '(raíz)'}: ${i.message}`).join('; ');
}

function checkRequest(request: Request): string[] {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return [];
  const label = `${request.method()} ${url.pathname}${url.search}`;
  const found = matchRoute(request.method(), url.pathname);
  if (!found) return [`${label}: llamada que no está en API_ROUTES`];
  const { route, params } = found;
  const problems: string[] = [];
  // Every authenticated write carries its own idempotency key (a UUID), so a retry never writes twice.
  if (WRITES.has(request.method()) && route.access !== 'public') {
    const key = request.headers()[IDEMPOTENCY_HEADER.toLowerCase()];
    if (!key || !UUID.test(key)) problems.push(`${label}: escritura sin ${IDEMPOTENCY_HEADER} (UUID)`);
  }
  if (route.params) {
    const p = issues(route.params, params);
    if (p) problems.push(`${label}: parámetros fuera de contrato (${p})`);
  }
  if (route.query) {
    const q = issues(route.query, queryObject(url.searchParams));
    if (q) problems.push(`${label}: query fuera de contrato (${q})`);
  }
  if (route.multipart && route.body) {
    // An upload: the text fields against the body schema, and the file under its field.
    const type = request.headers()['content-type'] ?? '';
    const boundary = /^multipart\/form-data;\s*boundary=(.+)$/.exec(type)?.[1];
    if (!boundary) return [...problems, `${label}: la subida no es multipart/form-data`];
    const raw = (request.postDataBuffer() ?? Buffer.alloc(0)).toString('latin1');
    const fields: Record<string, string> = {};
    let hasFile = false;
    for (const part of raw.split(`--${boundary}`)) {
      const [head = '', ...rest] = part.split('\r\n\r\n');
      const name = /name="([^"]+)"/.exec(head)?.[1];
      if (!name) continue;
      if (/filename="/.test(head)) hasFile ||= name === route.multipart;
      else fields[name] = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    }
    if (!hasFile) problems.push(`${label}: la subida no trae el archivo «${route.multipart}»`);
    const b = issues(route.body, fields);
    if (b) problems.push(`${label}: campos fuera de contrato (${b})`);
    return problems;
  }
  const raw = request.postData();
  if (route.body) {
    let body: unknown;
    try {
      body = raw === null ? undefined : JSON.parse(raw);
    } catch {
      problems.push(`${label}: el cuerpo no es JSON`);
      return problems;
    }
    const b = issues(route.body, body);
    if (b) problems.push(`${label}: cuerpo fuera de contrato (${b})`);
  } else if (raw) {
    problems.push(`${label}: envía un cuerpo que la ruta no define`);
  }
  return problems;
}

async function checkResponse(response: Response): Promise<string[]> {
  const request = response.request();
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/api/')) return [];
  const found = matchRoute(request.method(), url.pathname);
  if (!found || !found.route.response || response.status() === 204) return [];
  if (response.status() < 200 || response.status() >= 300) return [];
  const label = `${request.method()} ${url.pathname} -> ${response.status()}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // The page navigated away before the body was read; nothing to check.
    return [];
  }
  const r = issues(found.route.response, body);
  return r ? [`${label}: respuesta fuera de contrato (${r})`] : [];
}

export const test = base.extend<{ contractViolations: string[] }>({
  // Tests may push their own findings; the page fixture reports them all.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern.
  contractViolations: async ({}, use) => {
    await use([]);
  },
  baseURL: async ({ baseURL }, use) => {
    await use(baseURL ?? process.env.E2E_BASE_URL);
  },
  page: async ({ page, contractViolations }, use) => {
    // This server loads no holidays by itself (SCHEDULER_ENABLED=false): its administrator has
    // answered the holiday offer «Ahora no» once per page (holidays-offer.spec.ts asks again).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('e2e.feriados')) return;
      const year = new Date().getFullYear();
      localStorage.setItem('gestar.feriados-ofrecidos', JSON.stringify([year, year + 1]));
      sessionStorage.setItem('e2e.feriados', '1');
    });
    const pending: Promise<void>[] = [];
    page.on('request', (request) => contractViolations.push(...checkRequest(request)));
    page.on('response', (response) => {
      pending.push(checkResponse(response).then((found) => void contractViolations.push(...found)));
    });
    await use(page);
    // A route handler still reading an answer when the test ends must not fail it.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.allSettled(pending);
    expect(contractViolations, 'llamadas a la API fuera de contrato').toEqual([]);
  },
});

export { expect };

/** Logs in through the login screen and waits until it is left. */
export async function loginAs(page: Page, username: DemoUser | string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  // The shell is up (and with it the menu) once 'Salir' shows.
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
}

/** The side drawer (desktop) as a locator. */
export function sideMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Menú lateral' });
}

interface ApiContext {
  post(
    url: string,
    options: { data?: unknown; headers?: Record<string, string> },
  ): Promise<{ ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> }>;
  get(
    url: string,
    options: { headers?: Record<string, string> },
  ): Promise<{ ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> }>;
}

/** An access token for a demo user, straight from the API. */
export async function apiToken(request: ApiContext, username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  if (!response.ok()) throw new Error(`login ${username}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A fresh operario of its own (tests that change a password must not touch a
 * user that other tests, running at the same time, log in with).
 */
export async function createOperario(request: ApiContext): Promise<{ username: string; password: string }> {
  const auth = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const roles = (await (await request.get('/api/roles?limit=100', { headers: auth })).json()) as {
    data: { uuid: string; nombre: string }[];
  };
  const areas = (await (await request.get('/api/areas?limit=100', { headers: auth })).json()) as {
    data: { uuid: string; nombre: string }[];
  };
  const role = roles.data.find((r) => r.nombre === 'Operario');
  // A seeded area (other tests add areas of their own, which sort anywhere).
  const area = areas.data.find((a) => a.nombre === 'Carpintería');
  if (!role || !area) throw new Error('Faltan roles o áreas sembrados');
  const username = `e2e_${Math.random().toString(36).slice(2, 10)}`;
  const password = 'claveInicial1';
  const created = await request.post('/api/users', {
    headers: auth,
    data: {
      username,
      password,
      // Sorts after the seeded users, so a list's first page keeps showing them.
      nombre: 'Valeria',
      apellido: 'Perfil',
      rol_uuid: role.uuid,
      usuario_areas_uuid: [area.uuid],
    },
  });
  if (!created.ok()) throw new Error(`crear usuario: ${created.status()} ${await created.text()}`);
  return { username, password };
}

/** Opens every collapsed group of a menu so its items can be counted. */
export async function expandAllGroups(menu: ReturnType<Page['locator']>): Promise<void> {
  await expect(menu.locator('button[aria-expanded]').first()).toBeVisible();
  const collapsed = menu.locator('button[aria-expanded="false"]');
  while ((await collapsed.count()) > 0) {
    await collapsed.first().click();
  }
}
