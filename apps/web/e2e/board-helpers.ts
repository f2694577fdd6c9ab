/** Test data for the board, task and live specs: each test makes its own task so parallel tests never share a card. */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, companyToday, expect } from './fixtures';

export interface Seeded {
  titulo: string;
  tareaUuid: string;
}

async function json<T>(response: { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> }, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new task in Carpintería assigned to `assignee` (default operario), created by admin through the API. */
export async function seedTask(
  request: APIRequestContext,
  options: {
    titulo?: string;
    descripcion?: string;
    assignee?: string;
    checklist?: { texto: string; requiere_foto?: boolean; requiere_nota?: boolean }[];
  } = {},
): Promise<Seeded> {
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const areas = await json<{ data: { uuid: string; nombre: string }[] }>(await request.get('/api/areas?limit=100', { headers }), 'areas');
  const types = await json<{ data: { uuid: string; nombre: string }[] }>(await request.get('/api/type-task?limit=100', { headers }), 'tipos');
  const users = await json<{ data: { uuid: string; username: string }[] }>(
    await request.get(`/api/users?limit=100&username=${options.assignee ?? 'operario'}`, { headers }),
    'usuarios',
  );
  const area = areas.data.find((a) => a.nombre === 'Carpintería');
  const user = users.data.find((u) => u.username === (options.assignee ?? 'operario'));
  if (!area || !user || !types.data[0]) throw new Error('Faltan datos sembrados');
  const titulo = options.titulo ?? `E2E ${Math.random().toString(36).slice(2, 8)}`;
  const today = companyToday();
  const created = await json<{ uuid: string }>(
    await request.post('/api/tasks', {
      headers,
      data: {
        titulo,
        descripcion: options.descripcion ?? JSON.stringify([{ type: 'paragraph', children: [{ text: 'Tarea creada por la prueba.' }] }]),
        tipo_tarea_uuid: types.data[0].uuid,
        area_uuid: area.uuid,
        usuarios_asignados: [user.uuid],
        fecha_vencimiento: today,
        ...(options.checklist ? { checklist: options.checklist } : {}),
      },
    }),
    'crear tarea',
  );
  return { titulo, tareaUuid: created.uuid };
}

export function card(page: Page, titulo: string): Locator {
  return page.getByRole('article', { name: titulo });
}

export function column(page: Page, status: string): Locator {
  return page.getByTestId(`column-${status}`);
}

/** Picks `option` in the card's status selector (a native select: the user picks from the browser's list). */
export async function moveCard(page: Page, titulo: string, option: string): Promise<void> {
  await card(page, titulo).getByRole('combobox', { name: `Estado de ${titulo}` }).selectOption({ label: option });
}

/**
 * A fresh operario of Carpintería (named to sort after the seeded users, so the users list's first page keeps them): its board holds only the tasks a test gives it, so
 * the changes other tests make at the same time never reach it (counts, live events).
 */
export async function createCarpenter(request: APIRequestContext): Promise<{ username: string; password: string; uuid: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const roles = await json<{ data: { uuid: string; nombre: string }[] }>(await request.get('/api/roles?limit=100', { headers }), 'roles');
  const areas = await json<{ data: { uuid: string; nombre: string }[] }>(await request.get('/api/areas?limit=100', { headers }), 'areas');
  const role = roles.data.find((r) => r.nombre === 'Operario');
  const area = areas.data.find((a) => a.nombre === 'Carpintería');
  if (!role || !area) throw new Error('Faltan roles o áreas sembrados');
  const username = `e2e_${Math.random().toString(36).slice(2, 10)}`;
  const password = 'claveInicial1';
  const created = await json<{ uuid: string }>(
    await request.post('/api/users', {
      headers,
      data: { username, password, nombre: 'Valeria', apellido: 'Prueba', rol_uuid: role.uuid, usuario_areas_uuid: [area.uuid] },
    }),
    'crear usuario',
  );
  return { username, password, uuid: created.uuid };
}

/** Where a locator's box centre is on the page. */
export async function centre(target: Locator): Promise<{ x: number; y: number }> {
  const box = await target.boundingBox();
  if (!box) throw new Error('El elemento no está en pantalla');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Calls to the API of assigned tasks made by the page from now on (method and path). */
export function recordTaskCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/assigned-tasks')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The uuid of the assigned task of `titulo` on the board of the user `userUuid` (read as admin). */
export async function assignedUuid(request: APIRequestContext, userUuid: string, titulo: string): Promise<string> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const board = await json<{ uuid: string; tarea: { titulo: string } }[]>(
    await request.get(`/api/assigned-tasks/${userUuid}`, { headers }),
    'tablero',
  );
  const found = board.find((t) => t.tarea.titulo === titulo);
  if (!found) throw new Error(`No está en el tablero: ${titulo}`);
  return found.uuid;
}

/** Changes an assigned task as admin through the API. */
export async function updateAsAdmin(request: APIRequestContext, uuid: string, body: Record<string, unknown>): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  await json(await request.put(`/api/assigned-tasks/${uuid}`, { headers, data: body }), 'actualizar tarea asignada');
}

/** A 3,000 x 2,000 JPEG drawn in the page (what a phone's camera hands over). */
export async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#b47830';
    ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#333';
    ctx.fillRect(900, 600, 1200, 800);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  return Buffer.from(base64, 'base64');
}

/**
 * Opens /tareas' «Nueva Tarea» as whoever is signed in and fills what every task needs: the title, a plain
 * description, the type Mantenimiento, the area Carpintería and Oscar Pérez. Answers the dialog.
 */
export async function newTaskForm(page: Page, titulo: string, descripcion: string): Promise<Locator> {
  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Tarea' });
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
  await dialog.getByRole('textbox', { name: 'Descripción' }).click();
  await page.keyboard.type(descripcion);
  await dialog.getByRole('combobox', { name: 'Tipo de tarea' }).click();
  await page.getByRole('option', { name: 'Mantenimiento' }).click();
  await dialog.getByRole('combobox', { name: 'Área' }).click();
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await dialog.getByRole('combobox', { name: 'Usuarios asignados' }).click();
  await page.getByRole('option', { name: 'Oscar Pérez' }).click();
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).click();
  return dialog;
}

/** What the page's live stream handed to the app, in order (recorded by `recordLiveEvents`). */
interface HandledLiveEvent {
  type: string;
  data: string;
}
declare global {
  interface Window {
    __liveEvents?: HandledLiveEvent[];
  }
}

/**
 * From the next load on, records each live event after the app's own listener has handled it, so
 * a test waits for the event itself instead of a fixed time.
 */
export async function recordLiveEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const handled: HandledLiveEvent[] = [];
    window.__liveEvents = handled;
    const add = EventSource.prototype.addEventListener;
    EventSource.prototype.addEventListener = function (
      this: EventSource,
      type: string,
      listener: EventListenerOrEventListenerObject | ((this: EventSource, event: MessageEvent) => unknown),
      options?: boolean | AddEventListenerOptions,
    ): void {
      if (typeof listener !== 'function') return add.call(this, type, listener, options);
      add.call(
        this,
        type,
        (event: Event) => {
          listener.call(this, event as MessageEvent);
          handled.push({ type, data: String((event as MessageEvent<unknown>).data) });
        },
        options,
      );
    };
  });
}

/**
 * The longest the web groups live events before refetching what they made stale (MAX_WAIT_MS in
 * `src/lib/live-events.ts`).
 */
const LIVE_GROUPING_MAX_MS = 1000;

/**
 * Waits until the page has handled the live event about `uuid` (the echo of a change), runs its
 * clock past the grouping window so whatever that event made stale is refetched now, and makes
 * one more call: requests leave the page in order, so any refetch is recorded before it returns.
 * Needs `recordLiveEvents` and `page.clock.install()` before the page loaded.
 */
export async function liveEventHandled(page: Page, uuid: string): Promise<void> {
  await expect
    .poll(() => page.evaluate((id) => (window.__liveEvents ?? []).some((e) => e.data.includes(id)), uuid), { timeout: 10_000 })
    .toBe(true);
  await page.clock.runFor(LIVE_GROUPING_MAX_MS);
  await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
}
