import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { TOKEN_REFRESH_EVENT } from '../src/lib/ui-settings';

declare global {
  interface Window {
    __tokenRefreshes?: string[];
  }
}

/** Records every TokenRefresh event of every page load in `window.__tokenRefreshes`. */
async function recordTokenRefreshes(page: Page) {
  await page.addInitScript((eventName) => {
    window.__tokenRefreshes = [];
    window.addEventListener(eventName, (event) => window.__tokenRefreshes!.push((event as CustomEvent<string>).detail));
  }, TOKEN_REFRESH_EVENT);
}

/** The access token in storage, and the refresh token in its HttpOnly cookie (read through the browser, not the page). */
const storage = async (page: Page) => ({
  token: await page.evaluate(() => localStorage.getItem('token')),
  refreshToken: (await page.context().cookies()).find((c) => c.name === 'gestar_refresh')?.value ?? null,
});

/**
 * Changes the stored session with no app running: the page first leaves the
 * app for a static file of the same origin, so no call still in flight (the
 * board, the inbox, the live stream) can meet the changed token and refresh
 * it before the test's own navigation.
 */
async function editStorage(page: Page, edit: () => void) {
  await page.goto('/sw.js');
  await page.evaluate(edit);
}

test.describe('session refresh (SPEC section 4)', () => {
  test('an unreadable access token is refreshed before the page loads', async ({ page }) => {
    await recordTokenRefreshes(page);
    await loginAs(page, 'admin');
    const before = await storage(page);
    await editStorage(page, () => localStorage.setItem('token', 'esto-no-es-un-jwt'));

    await page.goto('/perfil');
    await expect(page.getByText('Jefe de planta')).toBeVisible();
    const events = await page.evaluate(() => window.__tokenRefreshes ?? []);
    const after = await storage(page);
    expect(events).toHaveLength(1);
    expect(after.token).toBe(events[0]);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });

  test('a 401 on a call refreshes once, stores both tokens and replays the call', async ({ page }) => {
    await recordTokenRefreshes(page);
    await loginAs(page, 'operario');
    // Well-formed and unexpired, but signed by nobody: only the server can tell.
    await editStorage(page, () => {
      const [header, payload] = localStorage.getItem('token')!.split('.');
      localStorage.setItem('token', `${header}.${payload}.firma-falsa`);
    });
    // Whichever call goes first with the forged token (the profile, or the live stream's ticket) meets the 401.
    const answers: { path: string; status: number }[] = [];
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') && !path.endsWith('/refresh-token') && path !== '/api/events') {
        answers.push({ path, status: r.status() });
      }
    });
    let refreshCalls = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/auth/refresh-token') && refreshCalls++));

    await page.goto('/perfil');
    await expect(page.getByText('Carpintero')).toBeVisible();
    const refused = answers.filter((a) => a.status === 401);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    // Each refused call is replayed, and answered, after the one refresh (the live stream's ticket may be
    // answered after the profile is on screen).
    const unanswered = () =>
      refused.filter((r) => !answers.slice(answers.indexOf(r) + 1).some((a) => a.path === r.path && a.status < 300));
    await expect.poll(() => unanswered().map((r) => r.path)).toEqual([]);
    expect(answers.filter((a) => /^\/api\/users\/[^/]+$/.test(a.path)).at(-1)?.status).toBe(200);
    expect(refreshCalls).toBe(1);
    const events = await page.evaluate(() => window.__tokenRefreshes ?? []);
    expect(events).toHaveLength(1);
    expect((await storage(page)).token).toBe(events[0]);
  });

  test('concurrent 401s share one refresh', async ({ page }) => {
    await recordTokenRefreshes(page);
    await loginAs(page, 'admin');
    await editStorage(page, () => {
      const [header, payload] = localStorage.getItem('token')!.split('.');
      localStorage.setItem('token', `${header}.${payload}.firma-falsa`);
    });
    let unauthorized = 0;
    page.on(
      'response',
      (r) => void (r.status() === 401 && new URL(r.url()).pathname.startsWith('/api/') && unauthorized++),
    );
    let refreshCalls = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/auth/refresh-token') && refreshCalls++));

    // The home board loads several data sets at once.
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hola, Ana' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__tokenRefreshes?.length ?? 0)).toBe(1);
    await expect(page.getByRole('region', { name: 'Pendiente' })).toBeVisible();
    expect(unauthorized).toBeGreaterThanOrEqual(2);
    expect(refreshCalls).toBe(1);
  });

  test('a refused refresh clears the storage and sends the browser to /login', async ({ page }) => {
    await loginAs(page, 'operario');
    await editStorage(page, () => {
      const [header, payload] = localStorage.getItem('token')!.split('.');
      localStorage.setItem('token', `${header}.${payload}.firma-falsa`);
      localStorage.setItem('otra-clave', 'x');
    });
    // A refresh cookie the server does not know.
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === 'gestar_refresh');
    await page.context().addCookies([{ ...cookie!, value: 'desconocido' }]);
    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});
