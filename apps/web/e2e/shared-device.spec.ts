/**
 * Sign-in on a shared device (issue 34, section 5), on a phone (390 px) with the service worker in
 * control: with «Dispositivo compartido» ticked, a change made without a network goes when it
 * returns, «Salir» leaves nothing of the person (outbox, offline copy, cached API answers,
 * localStorage), the next person sees nothing of the first; «Salir» with a change still waiting
 * asks; the screen signs out by itself after the idle minutes.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { LoginRequestSchema, SESSION_END_MESSAGES } from '@gestar/contracts';
import { apiToken, expect, test } from './fixtures';
import { assignedUuid, card, createCarpenter, moveCard, seedTask } from './board-helpers';
import { controlled } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 150_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const DEVICE_KEYS = ['gestar.dispositivoCompartido', 'gestar-sin-conexion-lista'];

/** Everything the browser keeps for this site, as a next person could read it. */
async function leftOnDevice(page: Page) {
  return page.evaluate(async () => {
    const storeOf = (name: string, store: string) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onsuccess = () => {
          const keys = open.result.transaction(store, 'readonly').objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve((keys.result as IDBValidKey[]).map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      });
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) cached.push(`${name} ${new URL(request.url).pathname}`);
    }
    return {
      outbox: await storeOf('gestar-salida', 'cambios'),
      reads: await storeOf('gestar-sin-conexion', 'consultas'),
      localStorage: Object.keys(localStorage).sort(),
      cacheNames: await caches.keys(),
      cached,
    };
  });
}

/** The phone at the sign-in screen, «Dispositivo compartido» ticked, signing in as `who`. */
async function signInShared(page: Page, who: { username: string; password: string }): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const box = page.getByRole('checkbox', { name: 'Dispositivo compartido' });
  if (!(await box.isChecked())) await box.check();
  await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill(who.username);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(who.password);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  expect(LoginRequestSchema.parse((await sent).postDataJSON())).toMatchObject({ username: who.username, compartido: true });
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });
  return { context, page: await context.newPage() };
}

async function statusChanges(request: APIRequestContext, uuid: string): Promise<{ tipo: string }[]> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const res = await request.get(`/api/assigned-tasks/${uuid}/history`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tipo: string }[]).filter((h) => h.tipo === 'estado');
}

test('an offline change goes when the network returns; «Salir» leaves nothing; the next person sees nothing of the first', async ({ browser, request }) => {
  const first = await createCarpenter(request);
  const second = await createCarpenter(request);
  const { titulo } = await seedTask(request, { assignee: first.username });
  const uuid = await assignedUuid(request, first.uuid, titulo);
  const { context, page } = await phone(browser);
  await page.goto('/login');
  await controlled(page);
  await signInShared(page, first);

  await page.getByRole('tab', { name: /Pendiente/i }).click();
  await expect(card(page, titulo)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await moveCard(page, titulo, 'En progreso');
  await expect.poll(async () => (await leftOnDevice(page)).outbox).toHaveLength(1);
  await context.setOffline(false);
  await expect.poll(async () => (await leftOnDevice(page)).outbox, { timeout: 20_000 }).toEqual([]);
  expect(await statusChanges(request, uuid)).toHaveLength(1);
  // Before «Salir» the device does hold the person's reads (so the emptiness below means something).
  await expect.poll(async () => (await leftOnDevice(page)).reads.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await leftOnDevice(page)).localStorage).toEqual(expect.arrayContaining(['auth', 'token']));

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await leftOnDevice(page);
  expect(left.outbox).toEqual([]);
  expect(left.reads).toEqual([]);
  // Only the device's own settings; the app's shell in the worker's precache, no API answer anywhere.
  expect(left.localStorage.every((k) => DEVICE_KEYS.includes(k))).toBe(true);
  expect(left.cacheNames.every((n) => n.startsWith('workbox-precache'))).toBe(true);
  expect(left.cached.filter((c) => c.includes(' /api/'))).toEqual([]);
  // No name remembered; the box stays ticked for the next person on this device.
  await expect(page.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: 'Dispositivo compartido' })).toBeChecked();
  const cookies = (await context.cookies()).map((c) => c.name);
  expect(cookies).not.toContain('gestar_refresh');

  // The next person: nothing of the first on the screen or in the browser.
  await signInShared(page, second);
  await page.getByRole('tab', { name: /En progreso/i }).click();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(card(page, titulo)).toHaveCount(0);
  await expect(page.getByText(titulo)).toHaveCount(0);
  await expect.poll(async () => (await leftOnDevice(page)).reads.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const reads = (await leftOnDevice(page)).reads;
  expect(reads.filter((k) => !k.startsWith(`${second.uuid}:`))).toEqual([]);
  await context.close();
});

test('«Salir» with a change still waiting asks; without a network it cannot send; «Descartar y salir» writes nothing and leaves nothing', async ({
  browser,
  request,
}) => {
  const person = await createCarpenter(request);
  const { titulo } = await seedTask(request, { assignee: person.username });
  const uuid = await assignedUuid(request, person.uuid, titulo);
  const { context, page } = await phone(browser);
  await page.goto('/login');
  await controlled(page);
  await signInShared(page, person);
  await page.getByRole('tab', { name: /Pendiente/i }).click();
  await expect(card(page, titulo)).toBeVisible({ timeout: 15_000 });
  await context.setOffline(true);
  await moveCard(page, titulo, 'En progreso');
  await expect.poll(async () => (await leftOnDevice(page)).outbox).toHaveLength(1);

  await page.getByRole('button', { name: 'Salir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hay cambios sin enviar' });
  await expect(dialog).toContainText('Tiene 1 cambio hecho sin conexión que todavía no se envió.');
  // The dialog's opening transition is over before the picture.
  await expect(dialog.getByRole('button', { name: 'Enviar y salir' })).toBeVisible();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(shots, 'shared-device-pending-390.png') });
  await dialog.getByRole('button', { name: 'Enviar y salir' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No hay conexión: los cambios no se pueden enviar ahora. Espere a tener conexión o descártelos.');
  // «Seguir conectado»: nothing ends, the change still waits.
  await dialog.getByRole('button', { name: 'Seguir conectado' }).click();
  await expect(dialog).toBeHidden();
  expect((await leftOnDevice(page)).outbox).toHaveLength(1);

  await page.getByRole('button', { name: 'Salir' }).click();
  await dialog.getByRole('button', { name: 'Descartar y salir' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await leftOnDevice(page);
  expect(left.outbox).toEqual([]);
  expect(left.reads).toEqual([]);
  expect(left.localStorage.every((k) => DEVICE_KEYS.includes(k))).toBe(true);
  // Back online, nothing of the discarded change reaches the server.
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect(await statusChanges(request, uuid)).toEqual([]);
  await context.close();
});

test('the screen signs out by itself after the idle minutes; a touch starts them again', async ({ browser, request }) => {
  const person = await createCarpenter(request);
  const { context, page } = await phone(browser);
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByText('La sesión se cierra tras 5 minutos sin uso')).toBeVisible();
  await signInShared(page, person);
  const activity = page.waitForRequest((r) => r.url().endsWith('/api/auth/activity'));
  await page.clock.fastForward('04:00');
  // A touch at minute 4 counts (and tells the server); 4 minutes more and the person is still there.
  await page.getByRole('tab', { name: /Pendiente/i }).tap();
  expect((await activity).method()).toBe('POST');
  await page.clock.fastForward('04:00');
  // Time for a sign-out to happen, had it started.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login$/);
  // Then 5 minutes without a touch: signed out, with the reason, nothing left.
  await page.clock.fastForward('05:01');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText(SESSION_END_MESSAGES.inactividad);
  const left = await leftOnDevice(page);
  expect(left.outbox).toEqual([]);
  expect(left.reads).toEqual([]);
  expect(left.localStorage.every((k) => DEVICE_KEYS.includes(k))).toBe(true);
  await context.close();
});

test('the sign-in screen with «Dispositivo compartido», at 1280 and 390 px', async ({ page }) => {
  await page.goto('/login');
  const box = page.getByRole('checkbox', { name: 'Dispositivo compartido' });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByText('La sesión se cierra tras 5 minutos sin uso y, al salir, no queda nada suyo en este dispositivo.')).toBeVisible();
  await page.screenshot({ path: join(shots, 'login-shared-device-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'login-shared-device-390.png'), fullPage: true });
});
