/**
 * Offline use (issue 18, first part): the app is installable (Chromium's own installability
 * check finds the manifest and the service worker), and after a person has seen the board and a
 * task once, a reload with the network cut still shows them, under an unmistakable "Sin
 * conexión" strip. Logging out leaves nothing of the person in the browser.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { MESSAGES } from '@gestar/contracts';
import { apiToken, DEMO_PASSWORD, expect, loginAs, test } from './fixtures';
import { assignedUuid, cameraPhoto, card, moveCard, seedTask } from './board-helpers';
import type { APIRequestContext } from '@playwright/test';
import { controlled, controlling, offlineReady } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

/** Reads kept for offline use in IndexedDB (database "gestar-sin-conexion"). */
/** The operario signed in on a phone, with the service worker in control of the page. */
async function operarioOnPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await loginAs(page, 'operario');
  await controlled(page);
  return { context, page };
}

/** The board's Pendiente tab, with the task's card on it. */
async function showPending(page: Page, titulo: string): Promise<void> {
  await page.getByRole('tab', { name: /Pendiente/i }).click();
  await expect(card(page, titulo)).toBeVisible({ timeout: 15_000 });
}

async function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('gestar-sin-conexion');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('consultas');
        open.onsuccess = () => {
          const keys = open.result.transaction('consultas', 'readonly').objectStore('consultas').getAllKeys();
          keys.onsuccess = () => resolve((keys.result as IDBValidKey[]).map(String));
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

test('installable: Chromium finds the manifest, its icons and the service worker', async ({ request }, testInfo) => {
  // A test's usual context is incognito, where Chromium never offers to install: a profile on disk.
  const profile = mkdtempSync(join(tmpdir(), 'gestar-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: testInfo.project.use.baseURL,
    serviceWorkers: 'allow',
  });
  let href: string | null = null;
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    href = await page.locator('link[rel="manifest"]').getAttribute('href');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect([new URL(url).pathname, errors]).toEqual(['/manifest.webmanifest', []]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    lang: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect([manifest.short_name, manifest.display, manifest.start_url, manifest.lang]).toEqual(['Gestar', 'standalone', '/', 'es']);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
    const res = await request.get(icon.src);
    expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
  }
});

test('first sign-in: the worker takes the page at once; offline before the app is kept shows Gestar\'s own page; then «Lista para usar sin conexión», once', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });
  // One file of the app that this person's screens never ask for is held back from the worker's
  // download (the worker also fetches, for the page, the files not kept yet): the app is not kept yet.
  let holdBack = true;
  const heldBack: string[] = [];
  await context.route(/\/assets\/help-reports-page-[^/]+\.js$/, async (route) => {
    if (!route.request().serviceWorker() || !holdBack) return route.fallback();
    heldBack.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  await loginAs(page, 'operario');
  // The first worker controls the page as soon as it is installed, without waiting for the app's files.
  await controlling(page);
  await expect.poll(() => heldBack.length).toBeGreaterThan(0);
  expect(await offlineReady(page)).toBe(false);
  await expect(page.getByText('Lista para usar sin conexión')).toHaveCount(0);

  // Without network, a reload shows Gestar's own page, in Spanish, not the browser's.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByText('Vuelva a conectarse y recargue la página.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
  await page.screenshot({ path: '/tmp/shots-phone/offline-not-ready-390.png' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: '/tmp/shots-phone/offline-not-ready-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });

  // Back online: the page comes back, the worker keeps the app and says so, once.
  holdBack = false;
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Reintentar' }).tap();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible({ timeout: 15_000 });
  const notice = page.getByText('Lista para usar sin conexión');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Gestar ya abre en este dispositivo aunque no haya red.')).toBeVisible();
  await page.screenshot({ path: '/tmp/shots-phone/offline-ready-notice-390.png' });
  expect(await offlineReady(page)).toBe(true);

  // Now a reload without network opens the app itself; the notice is not repeated.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión');
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible({ timeout: 15_000 });
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2_000);
  await expect(notice).toHaveCount(0);
  await context.close();
});

test('after one visit, a reload without network shows the board and an opened task', async ({ browser, request }) => {
  const { titulo } = await seedTask(request, {
    descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Lijar con grano 180 antes de barnizar.' }] }]),
  });
  const login = (await (await request.post('/api/auth/login', { data: { username: 'operario', password: DEMO_PASSWORD } })).json()) as {
    token: string;
    user: { uuid: string };
  };
  const token = login.token;
  const uuid = await assignedUuid(request, login.user.uuid, titulo);
  await request.post(`/api/assigned-tasks/${uuid}/comments`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { texto: 'Falta la lija fina.' },
  });

  const { context, page } = await operarioOnPhone(browser);
  // The profile, seen once.
  await page.goto('/perfil');
  await expect(page.getByRole('main').getByText('Oscar Pérez')).toBeVisible({ timeout: 15_000 });
  await expect.poll(async () => (await keptReads(page)).some((k) => k.includes('"users","detail"')), { timeout: 10_000 }).toBe(true);
  // The task's own link opens its drawer: detail, comments and history are read once.
  await page.goto(`/?tarea=${uuid}`);
  const drawer = page.getByRole('dialog', { name: titulo });
  await expect(drawer.getByText('Lijar con grano 180 antes de barnizar.')).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByText('Falta la lija fina.')).toBeVisible();
  await expect.poll(async () => (await keptReads(page)).some((k) => k.includes(uuid)), { timeout: 10_000 }).toBe(true);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión');
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/Datos guardados de las ([01]\d|2[0-3]):[0-5]\d\.$/);
  await expect(drawer.getByText('Lijar con grano 180 antes de barnizar.')).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByText('Falta la lija fina.')).toBeVisible();
  await page.screenshot({ path: join(shots, 'offline-drawer-390.png') });
  await drawer.getByRole('button', { name: 'Cerrar' }).first().click();
  await page.getByRole('tab', { name: /Pendiente/i }).click();
  await expect(card(page, titulo)).toBeVisible();
  await page.screenshot({ path: join(shots, 'offline-board-390.png') });
  // The profile too, opened without a network.
  await page.goto('/perfil');
  await expect(page.getByRole('main').getByText('Oscar Pérez')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(MESSAGES.errors.profileLoadFailed)).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'offline-profile-390.png') });
  await page.goto('/');
  await page.getByRole('tab', { name: /Pendiente/i }).click();

  // Back online: the strip goes and the board is read again.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(card(page, titulo)).toBeVisible();

  // Logging out leaves nothing of the person for the next one on this phone.
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL(/\/login/);
  await expect.poll(() => keptReads(page)).toEqual([]);
  await context.close();
});

/** The changes waiting in the outbox (IndexedDB "gestar-salida"), as stored. */
async function outbox(page: Page): Promise<{ id: string; kind: string; task: string; createdAt: number }[]> {
  const entries = await page.evaluate(
    () =>
      new Promise<{ id: string; kind: string; task: string; createdAt: number }[]>((resolve, reject) => {
        const open = indexedDB.open('gestar-salida');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('cambios');
        open.onsuccess = () => {
          const all = open.result.transaction('cambios', 'readonly').objectStore('cambios').getAll();
          all.onsuccess = () => resolve(all.result as { id: string; kind: string; task: string; createdAt: number }[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

/** Puts changes back into the outbox as they were (a replay of what was already sent). */
async function putBack(page: Page, entries: unknown[]): Promise<void> {
  await page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('gestar-salida');
        open.onsuccess = () => {
          const tx = open.result.transaction('cambios', 'readwrite');
          for (const e of list as { id: string }[]) tx.objectStore('cambios').put(e, e.id);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

/** An operario's token and the assigned task of a new task of theirs. */
async function operarioTask(request: APIRequestContext) {
  const { titulo } = await seedTask(request);
  const login = (await (await request.post('/api/auth/login', { data: { username: 'operario', password: DEMO_PASSWORD } })).json()) as {
    token: string;
    user: { uuid: string };
  };
  const uuid = await assignedUuid(request, login.user.uuid, titulo);
  const headers = { Authorization: `Bearer ${login.token}` };
  const history = async () => {
    const res = await request.get(`/api/assigned-tasks/${uuid}/history`, { headers });
    return (await res.json()) as { tipo: string; detalle: string }[];
  };
  const comments = async () => {
    const res = await request.get(`/api/assigned-tasks/${uuid}/comments`, { headers });
    return ((await res.json()) as { data: { texto: string }[] }).data;
  };
  return { titulo, uuid, history, comments };
}

test('a status change and a comment made offline wait, survive a reload, and are written exactly once', async ({ browser, request }) => {
  const { titulo, history, comments } = await operarioTask(request);
  const { context, page } = await operarioOnPhone(browser);
  await showPending(page, titulo);

  await context.setOffline(true);
  await moveCard(page, titulo, 'En progreso');
  await page.getByRole('tab', { name: /En progreso/i }).click();
  await expect(card(page, titulo).getByTestId('pending-sync')).toHaveText('Pendiente de sincronizar');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click();
  const drawer = page.getByRole('dialog', { name: titulo });
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Cambié la lija sin conexión.');
  await drawer.getByRole('button', { name: 'Agregar comentario' }).click();
  await expect(page.getByText('Comentario guardado sin conexión')).toBeVisible();
  await expect(drawer.getByTestId('pending-comment')).toContainText('Cambié la lija sin conexión.');
  await page.screenshot({ path: join(shots, 'offline-pending-390.png') });
  expect((await outbox(page)).map((e) => e.kind)).toEqual(['estado', 'comentario']);
  const sent = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve) => {
        const open = indexedDB.open('gestar-salida');
        open.onsuccess = () => {
          const all = open.result.transaction('cambios', 'readonly').objectStore('cambios').getAll();
          all.onsuccess = () => resolve(all.result as unknown[]);
        };
      }),
  );
  expect(await history().then((h) => h.filter((x) => x.tipo === 'estado'))).toEqual([]);

  // Closed and opened again, still offline: the changes are still there, the card still moved.
  await page.reload();
  await expect(drawer.getByTestId('pending-comment')).toContainText('Cambié la lija sin conexión.', { timeout: 15_000 });
  await drawer.getByRole('button', { name: 'Cerrar' }).first().click();
  await page.getByRole('tab', { name: /En progreso/i }).click();
  await expect(card(page, titulo).getByTestId('pending-sync')).toBeVisible();

  // The network returns: both are sent, in order, and the marks go.
  await context.setOffline(false);
  await expect.poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
  await expect(card(page, titulo).getByTestId('pending-sync')).toHaveCount(0);
  const moved = (await history()).filter((x) => x.tipo === 'estado');
  expect(moved).toHaveLength(1);
  expect(moved[0]!.detalle).toMatch(/^Pendiente → En progreso \(cambiado sin conexión a las \d{2}:\d{2}, sincronizado a las \d{2}:\d{2}\)$/);
  expect((await comments()).filter((c) => c.texto === 'Cambié la lija sin conexión.')).toHaveLength(1);

  // The same outbox sent again (as after a crash between sending and forgetting): nothing more is written.
  await putBack(page, sent);
  await page.reload();
  await expect.poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
  expect((await history()).filter((x) => x.tipo === 'estado')).toHaveLength(1);
  expect((await comments()).filter((c) => c.texto === 'Cambié la lija sin conexión.')).toHaveLength(1);
  await context.close();
});

test('a change the server no longer takes (the task archived meanwhile) is shown and dropped', async ({ browser, request }) => {
  const { titulo, uuid, history } = await operarioTask(request);
  const { context, page } = await operarioOnPhone(browser);
  await showPending(page, titulo);

  await context.setOffline(true);
  await moveCard(page, titulo, 'En progreso');
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  // Meanwhile a supervisor archives it.
  const supervisor = await apiToken(request, 'supervisor');
  const archived = await request.put(`/api/assigned-tasks/${uuid}`, {
    headers: { Authorization: `Bearer ${supervisor}`, 'Idempotency-Key': crypto.randomUUID() },
    data: { archivada: true, calificacion: 4 },
  });
  expect(archived.status()).toBe(200);

  await context.setOffline(false);
  const notice = page.getByRole('alert').filter({ hasText: 'No se aplicó un cambio hecho sin conexión' });
  await expect(notice).toContainText(`«${titulo}»: Pendiente → En progreso. La tarea está archivada: no se puede modificar`, { timeout: 20_000 });
  await page.screenshot({ path: join(shots, 'offline-conflict-390.png') });
  await expect.poll(() => outbox(page)).toEqual([]);
  await expect(card(page, titulo)).toHaveCount(0);
  expect((await history()).filter((x) => x.tipo === 'estado')).toEqual([]);
  await context.close();
});

/** Copies the outbox as it is into a second database, and back (a replay of what was already sent, photos included). */
async function keepCopy(page: Page, direction: 'save' | 'restore'): Promise<number> {
  return page.evaluate(async (way) => {
    const open = (name: string, store: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onupgradeneeded = () => req.result.createObjectStore(store);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const outbox = await open('gestar-salida', 'cambios');
    const copy = await open('prueba-copia', 'cambios');
    const [from, to] = way === 'save' ? [outbox, copy] : [copy, outbox];
    const all = await new Promise<{ id: string }[]>((resolve, reject) => {
      const req = from.transaction('cambios', 'readonly').objectStore('cambios').getAll();
      req.onsuccess = () => resolve(req.result as { id: string }[]);
      req.onerror = () => reject(req.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = to.transaction('cambios', 'readwrite');
      for (const e of all) tx.objectStore('cambios').put(e, e.id);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    outbox.close();
    copy.close();
    return all.length;
  }, direction);
}

test('comment edits and deletions, a suggestion, checklist ticks and a photo made offline wait, survive a reload and are sent once', async ({
  browser,
  request,
}) => {
  const { titulo, tareaUuid } = await seedTask(request, {
    checklist: [{ texto: 'Limpiar la mesa' }, { texto: 'Foto de la sierra', requiere_foto: true }],
  });
  const login = (await (await request.post('/api/auth/login', { data: { username: 'operario', password: DEMO_PASSWORD } })).json()) as {
    token: string;
    user: { uuid: string };
  };
  const uuid = await assignedUuid(request, login.user.uuid, titulo);
  const headers = { Authorization: `Bearer ${login.token}` };
  for (const texto of ['Primero sin editar.', 'Para borrar.']) {
    await request.post(`/api/assigned-tasks/${uuid}/comments`, { headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() }, data: { texto } });
  }
  const server = async () => {
    const comments = ((await (await request.get(`/api/assigned-tasks/${uuid}/comments`, { headers })).json()) as { data: { texto: string }[] }).data;
    const task = (await (await request.get(`/api/tasks/${tareaUuid}`, { headers })).json()) as { sugerencias: { descripcion: string }[] };
    const detail = (await (await request.get(`/api/assigned-tasks/${uuid}/detail`, { headers })).json()) as {
      checklist: { texto: string; hecho: boolean; fotos: unknown[] }[];
    };
    return {
      comments: comments.map((c) => c.texto),
      suggestions: task.sugerencias.map((s) => s.descripcion),
      steps: detail.checklist.map((c) => `${c.texto}: ${c.hecho ? 'hecho' : 'no'}, ${c.fotos.length} foto(s)`),
    };
  };

  const { context, page } = await operarioOnPhone(browser);
  await page.goto(`/?tarea=${uuid}`);
  const drawer = page.getByRole('dialog', { name: titulo });
  const list = drawer.getByRole('region', { name: 'Lista de verificación' });
  await expect(drawer.getByText('Para borrar.')).toBeVisible({ timeout: 15_000 });
  await expect(list.getByRole('checkbox')).toHaveCount(2);
  await drawer.getByRole('button', { name: 'Sugerencias' }).click();
  await expect(drawer.getByText('No hay sugerencias disponibles')).toBeVisible();
  const photo = await cameraPhoto(page);

  await context.setOffline(true);
  // Newest first: 'Para borrar.' then 'Primero sin editar.'.
  const edited = drawer.getByTestId('comment').nth(1);
  await edited.getByRole('button', { name: 'Editar comentario' }).click();
  await edited.getByRole('textbox', { name: 'Editar comentario' }).fill('Primero, editado sin conexión.');
  await edited.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Edición guardada sin conexión')).toBeVisible();
  await expect(edited).toContainText('Primero, editado sin conexión.');
  await expect(edited.getByTestId('pending-sync')).toBeVisible();

  const doomed = drawer.getByTestId('comment').nth(0);
  await doomed.getByRole('button', { name: 'Eliminar comentario' }).click();
  await page.getByRole('dialog', { name: 'Eliminar comentario' }).getByRole('button', { name: 'Confirmar' }).click();
  await expect(doomed.getByTestId('pending-sync')).toBeVisible();
  await expect(doomed.getByRole('button', { name: 'Eliminar comentario' })).toHaveCount(0);

  await drawer.getByRole('textbox', { name: 'Nueva sugerencia' }).fill('Usar lija de grano 240.');
  await drawer.getByRole('button', { name: 'Agregar sugerencia' }).click();
  await expect(drawer.getByTestId('pending-suggestion')).toContainText('Usar lija de grano 240.');
  await doomed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'offline-comments-390.png') });

  // The box follows the kept change a moment after the tap (it is kept in IndexedDB first).
  await list.getByRole('checkbox', { name: 'Limpiar la mesa' }).click();
  await expect(list.getByRole('checkbox', { name: 'Limpiar la mesa' })).toBeChecked();
  await expect(list.getByRole('listitem', { name: 'Limpiar la mesa' }).getByTestId('pending-sync')).toBeVisible();
  const picker = page.waitForEvent('filechooser');
  await list.getByRole('button', { name: 'Agregar foto a «Foto de la sierra»' }).click();
  await (await picker).setFiles({ name: 'IMG_3001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Foto guardada sin conexión')).toBeVisible();
  await expect(list.getByTestId('pending-photo')).toHaveCount(1);
  await list.getByRole('checkbox', { name: 'Foto de la sierra' }).click();
  await expect(list.getByLabel('2 de 2 pasos hechos')).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'offline-checklist-390.png') });
  expect((await outbox(page)).map((e) => e.kind)).toEqual(['comentario_editado', 'comentario_borrado', 'sugerencia', 'paso', 'foto', 'paso']);
  // Nothing has reached the server.
  expect(await server()).toEqual({
    comments: ['Para borrar.', 'Primero sin editar.'],
    suggestions: [],
    steps: ['Limpiar la mesa: no, 0 foto(s)', 'Foto de la sierra: no, 0 foto(s)'],
  });
  expect(await keepCopy(page, 'save')).toBe(6);

  // Closed and opened again, still offline: all of it is still shown as pending.
  await page.reload();
  await expect(drawer.getByText('Primero, editado sin conexión.')).toBeVisible({ timeout: 15_000 });
  await drawer.getByRole('button', { name: 'Sugerencias' }).click();
  await expect(drawer.getByTestId('pending-suggestion')).toContainText('Usar lija de grano 240.');
  await expect(list.getByTestId('pending-photo')).toHaveCount(1);
  await expect(list.getByRole('checkbox', { name: 'Limpiar la mesa' })).toBeChecked();
  await expect(list.getByRole('checkbox', { name: 'Foto de la sierra' })).toBeChecked();

  // The network returns: sent in order, each once.
  await context.setOffline(false);
  await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
  const done = {
    comments: ['Primero, editado sin conexión.'],
    suggestions: ['Usar lija de grano 240.'],
    steps: ['Limpiar la mesa: hecho, 0 foto(s)', 'Foto de la sierra: hecho, 1 foto(s)'],
  };
  expect(await server()).toEqual(done);
  await expect(drawer.getByTestId('pending-sync')).toHaveCount(0);
  await expect(list.getByRole('img', { name: 'IMG_3001.jpg' })).toBeVisible();

  // The same six sent again: nothing more is written.
  await keepCopy(page, 'restore');
  await page.reload();
  await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
  expect(await server()).toEqual(done);
  await context.close();
});

test('signed out with a change waiting: the same person sends it after signing in again; another person on the phone discards it', async ({
  browser,
  request,
}) => {
  const { titulo, history } = await operarioTask(request);
  const moves = async () => (await history()).filter((x) => x.tipo === 'estado').length;
  const { context, page } = await operarioOnPhone(browser);
  await showPending(page, titulo);

  await context.setOffline(true);
  await moveCard(page, titulo, 'En progreso');
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL(/\/login/);
  await context.setOffline(false);
  expect((await outbox(page)).length).toBe(1);
  expect(await moves()).toBe(0);
  await loginAs(page, 'operario');
  await expect.poll(() => outbox(page), { timeout: 20_000 }).toEqual([]);
  expect(await moves()).toBe(1);

  await page.getByRole('tab', { name: /En progreso/i }).click();
  await expect(card(page, titulo)).toBeVisible();
  await context.setOffline(true);
  await moveCard(page, titulo, 'Pendiente');
  await expect.poll(async () => (await outbox(page)).length).toBe(1);
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.waitForURL(/\/login/);
  await context.setOffline(false);
  await loginAs(page, 'supervisor');
  await expect(page.getByRole('alert').filter({ hasText: 'Cambios sin conexión descartados' })).toContainText(
    'Se descartó un cambio hecho sin conexión por otra persona en este dispositivo.',
  );
  await expect.poll(() => outbox(page)).toEqual([]);
  expect(await moves()).toBe(1);
  await context.close();
});
