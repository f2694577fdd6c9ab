/**
 * Time on task on the phone (issue 35): the timer on the card, the header's running timer, the
 * outbox with the device's own clock, and one running timer per person.
 *
 * The device's clock is Playwright's (`page.clock`): moving it an hour forward while offline is
 * "an hour later by the device's clock". The server cannot be moved, so the hour the server counts
 * comes from its skew correction: both events are taken offline by the device's clock and sent
 * together when the network returns, each with its own time and the device's time of sending.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, BrowserContext, Page, Request } from '@playwright/test';
import {
  CurrentTimeEntryResponseSchema,
  DEVICE_TIME_HEADER,
  TimeEntryListResponseSchema,
  type TimeEntryListResponse,
} from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { assignedUuid, card, createCarpenter, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const HOUR_S = 3600;

interface Person {
  username: string;
  password: string;
  uuid: string;
}

/** A fresh operario of Carpintería with `n` tasks of their own (nobody else's tests touch them). */
async function carpenterWithTasks(request: APIRequestContext, n: number) {
  const person = await createCarpenter(request);
  const tasks: { titulo: string; uuid: string }[] = [];
  for (let i = 0; i < n; i++) {
    const { titulo } = await seedTask(request, { assignee: person.username, titulo: `Lijar mesa ${Math.random().toString(36).slice(2, 7)}` });
    tasks.push({ titulo, uuid: await assignedUuid(request, person.uuid, titulo) });
  }
  return { person, tasks };
}

/** The intervals of one task as its assignee reads them, checked against the contract. */
async function entriesOf(request: APIRequestContext, person: Person, task: string): Promise<TimeEntryListResponse> {
  const token = await apiToken(request, person.username, person.password);
  const res = await request.get(`/api/time-entries?tarea_asignada_uuid=${task}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return TimeEntryListResponseSchema.parse(await res.json());
}

async function currentOf(request: APIRequestContext, person: Person) {
  const token = await apiToken(request, person.username, person.password);
  const res = await request.get('/api/time-entries/current', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return CurrentTimeEntryResponseSchema.parse(await res.json()).intervalo;
}

/** The changes waiting in the outbox (IndexedDB "gestar-salida"). */
async function outbox(page: Page): Promise<{ kind: string }[]> {
  const all = await page.evaluate(
    () =>
      new Promise<{ kind: string; createdAt: number }[]>((resolve, reject) => {
        const open = indexedDB.open('gestar-salida');
        open.onerror = () => reject(open.error);
        open.onupgradeneeded = () => open.result.createObjectStore('cambios');
        open.onsuccess = () => {
          const all = open.result.transaction('cambios', 'readonly').objectStore('cambios').getAll();
          all.onsuccess = () => resolve(all.result as { kind: string; createdAt: number }[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
  return all.sort((a, b) => a.createdAt - b.createdAt).map(({ kind }) => ({ kind }));
}

/** The person on a 390 px phone, with a clock of its own that the test can move. */
async function onPhone(browser: Browser, person: Person): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.clock.install();
  await loginAs(page, person.username, person.password);
  return { context, page };
}

/** Timer requests the page sends, with the device's clock header. */
function recordTimerCalls(page: Page): { path: string; body: Record<string, string>; deviceTime: string | undefined }[] {
  const calls: { path: string; body: Record<string, string>; deviceTime: string | undefined }[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (r.method() !== 'POST' || !/^\/api\/time-entries\/(start|resume|pause|finish)$/.test(url.pathname)) return;
    calls.push({
      path: url.pathname,
      body: JSON.parse(r.postData() ?? '{}') as Record<string, string>,
      deviceTime: r.headers()[DEVICE_TIME_HEADER.toLowerCase()],
    });
  });
  return calls;
}

test('offline an hour by the device clock: started and paused without network, the server counts that hour once', async ({
  browser,
  request,
  contractViolations,
}) => {
  const { person, tasks } = await carpenterWithTasks(request, 1);
  const [task] = tasks;
  const { context, page } = await onPhone(browser, person);
  const calls = recordTimerCalls(page);
  const mine = card(page, task!.titulo);
  await expect(mine).toBeVisible({ timeout: 15_000 });

  // The network goes; the operario starts the task on the phone.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await mine.getByRole('button', { name: `Iniciar ${task!.titulo}` }).tap();
  await expect(page.getByText('Sin conexión: el cambio del cronómetro se enviará cuando vuelva la red')).toBeVisible();
  const header = page.getByTestId('running-timer');
  await expect(header).toContainText(task!.titulo);
  await expect(mine.getByTestId('timer-clock')).toBeVisible();
  await expect(mine.getByTestId('pending-sync')).toBeVisible();

  // An hour later by the device's clock, still offline: the header and the card count it.
  await page.clock.fastForward('01:00:00');
  await expect(header.getByTestId('timer-clock')).toHaveText(/^1:00:0\d$/);
  await expect(mine.getByTestId('timer-clock')).toHaveText(/^1:00:0\d$/);
  await page.screenshot({ path: join(shots, 'time-running-offline-390.png') });
  await header.getByRole('button', { name: `Pausar el cronómetro de ${task!.titulo}` }).tap();
  await expect(header).toHaveCount(0);
  expect((await outbox(page)).map((e) => e.kind)).toEqual(['cronometro_iniciar', 'cronometro_pausar']);
  await page.screenshot({ path: join(shots, 'time-paused-offline-390.png') });
  expect(await entriesOf(request, person, task!.uuid).then((r) => r.data)).toEqual([]);

  // The network returns: both go, in order, each with its device time and the device's time of sending.
  await context.setOffline(false);
  await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
  await expect(mine.getByTestId('pending-sync')).toHaveCount(0);
  expect(calls.map((c) => c.path)).toEqual(['/api/time-entries/start', '/api/time-entries/pause']);
  for (const c of calls) {
    expect(c.deviceTime, 'cada evento lleva la hora del dispositivo al enviar').toBeTruthy();
    expect(Date.parse(c.deviceTime!)).toBeGreaterThanOrEqual(Date.parse(c.body.en!));
  }
  expect(Date.parse(calls[1]!.body.en!) - Date.parse(calls[0]!.body.en!)).toBeGreaterThanOrEqual(HOUR_S * 1000);

  const after = await entriesOf(request, person, task!.uuid);
  expect(after.data).toHaveLength(1);
  expect(after.data[0]!.en_marcha).toBe(false);
  expect(after.data[0]!.segundos).toBeGreaterThanOrEqual(HOUR_S - 2);
  expect(after.data[0]!.segundos).toBeLessThanOrEqual(HOUR_S + 10);
  expect(after.total_segundos).toBe(after.data[0]!.segundos);
  expect(await currentOf(request, person)).toBeNull();

  // Sent again (the network drops once more and returns): nothing is counted twice.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.waitForTimeout(1_000);
  expect((await entriesOf(request, person, task!.uuid)).data).toHaveLength(1);

  // The drawer shows the hour.
  await mine.getByRole('button', { name: 'Ver detalles' }).tap();
  const drawer = page.getByRole('dialog', { name: task!.titulo });
  await expect(drawer.getByTestId('task-time-total')).toContainText('1 h');
  await expect(drawer.getByTestId('time-entry')).toHaveCount(1);
  expect(contractViolations).toEqual([]);
  await context.close();
});

test('a pause whose answer is lost on the way is sent again from the outbox and counted once', async ({ browser, request }) => {
  const { person, tasks } = await carpenterWithTasks(request, 1);
  const [task] = tasks;
  const { context, page } = await onPhone(browser, person);
  const mine = card(page, task!.titulo);
  await mine.getByRole('button', { name: `Iniciar ${task!.titulo}` }).tap();
  await expect(page.getByTestId('running-timer')).toContainText(task!.titulo);
  await expect.poll(() => currentOf(request, person).then((c) => c?.tarea_asignada_uuid)).toBe(task!.uuid);

  // The pause reaches the server, but its answer never reaches the phone.
  let cut = true;
  await page.route('**/api/time-entries/pause', async (route) => {
    if (!cut) return route.fallback();
    cut = false;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.clock.fastForward('00:10:00');
  await mine.getByRole('button', { name: `Pausar ${task!.titulo}` }).tap();
  await expect(page.getByText('Sin conexión: el cambio del cronómetro se enviará cuando vuelva la red')).toBeVisible();
  await expect(page.getByTestId('running-timer')).toHaveCount(0);
  // The outbox sends it again with the same key: the server answers the first answer.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
  const after = await entriesOf(request, person, task!.uuid);
  expect(after.data).toHaveLength(1);
  expect(after.data[0]!.en_marcha).toBe(false);
  await context.close();
});

test('two timers cannot run: starting a second one asks, then pauses the first', async ({ browser, request }) => {
  const { person, tasks } = await carpenterWithTasks(request, 2);
  const [first, second] = tasks;
  const { context, page } = await onPhone(browser, person);
  await page.getByRole('tab').first().waitFor();
  await card(page, first!.titulo).getByRole('button', { name: `Iniciar ${first!.titulo}` }).tap();
  const header = page.getByTestId('running-timer');
  await expect(header).toContainText(first!.titulo);
  await page.clock.fastForward('00:05:00');

  // The second: the question names the timer that will pause; «Cancelar» leaves the first running.
  await card(page, second!.titulo).getByRole('button', { name: `Iniciar ${second!.titulo}` }).tap();
  const ask = page.getByRole('dialog', { name: 'Iniciar otro cronómetro' });
  await expect(ask).toContainText(`Se pausará el cronómetro de «${first!.titulo}»`);
  await page.screenshot({ path: join(shots, 'time-switch-390.png') });
  await ask.getByRole('button', { name: 'Cancelar' }).tap();
  await expect(header).toContainText(first!.titulo);
  expect((await currentOf(request, person))?.tarea_asignada_uuid).toBe(first!.uuid);

  await card(page, second!.titulo).getByRole('button', { name: `Iniciar ${second!.titulo}` }).tap();
  await ask.getByRole('button', { name: 'Pausar e iniciar' }).tap();
  await expect(page.getByText(`Se pausó el cronómetro de: «${first!.titulo}»`)).toBeVisible();
  await expect(header).toContainText(second!.titulo);
  await expect(card(page, first!.titulo).getByTestId('timer-clock')).toHaveCount(0);
  await expect(card(page, second!.titulo).getByTestId('timer-clock')).toBeVisible();

  // The server agrees: one running, the first closed.
  expect((await currentOf(request, person))?.tarea_asignada_uuid).toBe(second!.uuid);
  const a = await entriesOf(request, person, first!.uuid);
  const b = await entriesOf(request, person, second!.uuid);
  expect(a.data.map((e) => e.en_marcha)).toEqual([false]);
  expect(b.data.map((e) => e.en_marcha)).toEqual([true]);
  await context.close();
});

test('two timers cannot run offline either: the second start, taken without network, pauses the first on the server', async ({
  browser,
  request,
}) => {
  const { person, tasks } = await carpenterWithTasks(request, 2);
  const [first, second] = tasks;
  const { context, page } = await onPhone(browser, person);
  await card(page, first!.titulo).getByRole('button', { name: `Iniciar ${first!.titulo}` }).tap();
  await expect(page.getByTestId('running-timer')).toContainText(first!.titulo);
  await expect.poll(() => currentOf(request, person).then((c) => c?.tarea_asignada_uuid)).toBe(first!.uuid);

  await context.setOffline(true);
  await card(page, second!.titulo).getByRole('button', { name: `Iniciar ${second!.titulo}` }).tap();
  await page.getByRole('dialog', { name: 'Iniciar otro cronómetro' }).getByRole('button', { name: 'Pausar e iniciar' }).tap();
  await expect(page.getByTestId('running-timer')).toContainText(second!.titulo);
  await expect(card(page, first!.titulo).getByTestId('timer-clock')).toHaveCount(0);

  await context.setOffline(false);
  await expect.poll(() => outbox(page), { timeout: 30_000 }).toEqual([]);
  expect((await currentOf(request, person))?.tarea_asignada_uuid).toBe(second!.uuid);
  expect((await entriesOf(request, person, first!.uuid)).data.map((e) => e.en_marcha)).toEqual([false]);
  await context.close();
});
