/**
 * Moving cards (issue 'the board as users of the best boards expect', part 1):
 * drag and drop with the mouse, with touch (press and hold; a swipe scrolls),
 * with the keyboard only, and the status selector browsed with the arrow keys
 * without committing. One round trip per change: one PUT, no board refetch.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { card, centre, column, createCarpenter, liveEventHandled, recordLiveEvents, recordTaskCalls, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

const FIRST_LOAD_MS = 15_000;
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const BOARD_GET = /^GET \/api\/assigned-tasks\/[0-9a-f-]{36}$/;

/**
 * A fresh carpenter with `count` tasks of its own, logged in on the board with its live stream
 * open (so each change comes back as an echo), the page's clock under the test's hand.
 */
async function ownBoard(page: Page, request: Parameters<typeof seedTask>[0], count = 1) {
  const person = await createCarpenter(request);
  const titles: string[] = [];
  for (let i = 0; i < count; i++) titles.push((await seedTask(request, { assignee: person.username })).titulo);
  await page.clock.install();
  await recordLiveEvents(page);
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(page, person.username, person.password);
  await expect(card(page, titles[0]!)).toBeVisible({ timeout: FIRST_LOAD_MS });
  await streamOpen;
  return { person, titles };
}

/**
 * Waits for the live echo of the change sent and for what it made stale to be refetched (see
 * `liveEventHandled`), then answers the calls made.
 */
async function settle(page: Page, calls: string[]): Promise<string[]> {
  const put = calls.find((c) => c.startsWith('PUT '));
  if (!put) throw new Error('No se envió ningún cambio de estado');
  await liveEventHandled(page, put.slice(put.lastIndexOf('/') + 1));
  return [...calls];
}

test('drag with the mouse: one PUT, the card changes column, no board refetch', async ({ page, request }) => {
  const { titles } = await ownBoard(page, request);
  const titulo = titles[0]!;
  const calls = recordTaskCalls(page);
  const from = await centre(card(page, titulo).getByText(titulo, { exact: true }));
  const to = await centre(column(page, 'En progreso'));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 5, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await expect(page.getByTestId('drag-overlay')).toBeVisible();
  await expect(column(page, 'En progreso')).toHaveAttribute('data-over', 'true');
  await page.screenshot({ path: join(shots, 'board-drag-1280.png') });
  await page.mouse.up();
  await expect(column(page, 'En progreso').getByRole('article', { name: titulo })).toBeVisible();
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  const made = await settle(page, calls);
  expect(made.filter((c) => c.startsWith('PUT '))).toHaveLength(1);
  expect(made.filter((c) => BOARD_GET.test(c))).toEqual([]);
  // What the board shows is what the server has: after a reload the card is still there.
  await page.reload();
  await expect(column(page, 'En progreso').getByRole('article', { name: titulo })).toBeVisible({ timeout: FIRST_LOAD_MS });
});

test('a click on a card button does not start a drag', async ({ page, request }) => {
  const { titles } = await ownBoard(page, request);
  await card(page, titles[0]!).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByTestId('drag-overlay')).toHaveCount(0);
});

/**
 * dnd-kit's keyboard sensor starts listening for arrows in a `setTimeout(0)` after the key that
 * picks the card up; a page timer queued now runs after it, so the next key is heard.
 */
async function sensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test('keyboard only: Space picks up, arrows choose the column, Space drops; Escape cancels', async ({ page, request }) => {
  const { titles } = await ownBoard(page, request, 2);
  const [first, second] = titles as [string, string];
  const calls = recordTaskCalls(page);

  // The instructions are read with the card.
  const described = await card(page, first).getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described}"]`)).toContainText('presione Espacio');

  await card(page, first).focus();
  await page.keyboard.press('Space');
  const live = page.locator('[role="status"][aria-live]');
  await expect(live).toContainText(`Tomó la tarea ${first}`);
  await sensorListening(page);
  await page.keyboard.press('ArrowRight');
  await expect(live).toContainText('está sobre En progreso');
  await page.keyboard.press('Space');
  await expect(column(page, 'En progreso').getByRole('article', { name: first })).toBeVisible();
  await expect(live).toContainText(`La tarea ${first} pasó a En progreso`);
  await expect(column(page, 'En progreso').getByRole('article', { name: first })).toBeFocused();

  // Escape: nothing moves, nothing is sent.
  await card(page, second).focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText(`Tomó la tarea ${second}`);
  await sensorListening(page);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(live).toContainText('Movimiento cancelado');
  await expect(column(page, 'Pendiente').getByRole('article', { name: second })).toBeVisible();
  const made = await settle(page, calls);
  expect(made.filter((c) => c.startsWith('PUT '))).toHaveLength(1);
});

test('the status selector: arrow keys browse without committing; Enter commits and keeps the focus', async ({ page, request }) => {
  const { titles } = await ownBoard(page, request);
  const titulo = titles[0]!;
  const calls = recordTaskCalls(page);
  const select = card(page, titulo).getByRole('combobox', { name: `Estado de ${titulo}` });
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveAttribute('data-pending', 'true');
  await page.waitForTimeout(800);
  await expect(column(page, 'Pendiente').getByRole('article', { name: titulo })).toBeVisible();
  expect(calls.filter((c) => c.startsWith('PUT '))).toEqual([]);
  await expect(select).toBeFocused();
  // Back one, then Escape: the current status again, still nothing sent.
  await page.keyboard.press('Escape');
  await expect(select).not.toHaveAttribute('data-pending', 'true');
  expect(calls.filter((c) => c.startsWith('PUT '))).toEqual([]);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const moved = column(page, 'En progreso').getByRole('article', { name: titulo });
  await expect(moved).toBeVisible();
  await expect(moved.getByRole('combobox', { name: `Estado de ${titulo}` })).toBeFocused();
  const made = await settle(page, calls);
  expect(made.filter((c) => c.startsWith('PUT '))).toHaveLength(1);
  expect(made.filter((c) => BOARD_GET.test(c))).toEqual([]);
});

test('a change the server refuses is rolled back with an error toast; one the network drops waits to be sent', async ({ page, request }) => {
  const { titles } = await ownBoard(page, request, 2);
  const [titulo, other] = titles as [string, string];
  // The server refuses it (as when someone archived the task meanwhile): the card goes back where it was.
  const refusal = 'La tarea está archivada: no se puede modificar';
  await page.route('**/api/assigned-tasks/*', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ statusCode: 409, message: refusal, error: 'Conflict' }) })
      : route.fallback(),
  );
  await card(page, titulo).getByRole('combobox', { name: `Estado de ${titulo}` }).selectOption({ label: 'En progreso' });
  await expect(page.getByText('No se pudo cambiar el estado de la tarea; volvió a su lugar')).toBeVisible();
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(column(page, 'Pendiente').getByRole('article', { name: titulo })).toBeVisible();
  await expect(column(page, 'En progreso').getByRole('article', { name: titulo })).toHaveCount(0);

  // The network drops the request (no answer at all): the change is kept and sent later, the card stays moved.
  await page.unrouteAll({ behavior: 'wait' });
  await page.route('**/api/assigned-tasks/*', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.fallback()));
  await card(page, other).getByRole('combobox', { name: `Estado de ${other}` }).selectOption({ label: 'En progreso' });
  const moved = column(page, 'En progreso').getByRole('article', { name: other });
  await expect(moved.getByTestId('pending-sync')).toHaveText('Pendiente de sincronizar');
  await expect(page.getByText('Cambio guardado sin conexión: se enviará cuando vuelva la red')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) {
    await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }] });
  }

  test('press and hold, then drag onto a tab; a quick swipe scrolls and never drags', async ({ page, request }) => {
    const { titles } = await ownBoard(page, request, 4);
    const [first, second] = titles as [string, string];
    const calls = recordTaskCalls(page);
    // A new person with only pending tasks: the board opens on that tab.
    await expect(page.getByRole('tab', { name: /PENDIENTE/ })).toHaveAttribute('aria-selected', 'true');
    const cdp = await page.context().newCDPSession(page);

    // A swipe: the finger moves at once, as when scrolling the column.
    const swipe = await centre(card(page, second).getByText(second, { exact: true }));
    await touch(cdp, 'touchStart', swipe.x, swipe.y);
    for (let i = 1; i <= 6; i++) await touch(cdp, 'touchMove', swipe.x, swipe.y - i * 25);
    await touch(cdp, 'touchEnd', swipe.x, swipe.y - 150);
    await page.waitForTimeout(600);
    await expect(page.getByTestId('drag-overlay')).toHaveCount(0);
    expect(calls.filter((c) => c.startsWith('PUT '))).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Press and hold, then move onto the 'En progreso' tab.
    const from = await centre(card(page, first).getByText(first, { exact: true }));
    const tab = await centre(page.getByRole('tab', { name: /EN PROGRESO/ }));
    await touch(cdp, 'touchStart', from.x, from.y);
    await page.waitForTimeout(450);
    for (let i = 1; i <= 10; i++) {
      await touch(cdp, 'touchMove', from.x + ((tab.x - from.x) * i) / 10, from.y + ((tab.y - from.y) * i) / 10);
    }
    await expect(page.getByTestId('drag-overlay')).toBeVisible();
    await page.screenshot({ path: join(shots, 'board-drag-390.png') });
    await touch(cdp, 'touchEnd', tab.x, tab.y);
    await expect(page.getByRole('tab', { name: /EN PROGRESO \(1\)/ })).toBeVisible();
    await expect(page.getByRole('article', { name: first })).toHaveCount(0);
    // Where it went, with 'Ver'.
    const notice = page.getByText('La tarea pasó a En progreso');
    await expect(notice).toBeVisible();
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await expect(page.getByRole('tab', { name: /EN PROGRESO/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('article', { name: first })).toBeVisible();
    expect((await settle(page, calls)).filter((c) => c.startsWith('PUT '))).toHaveLength(1);
  });

  test('keyboard on the phone: picking a card up keeps it on its tab; each arrow goes to the next status', async ({ page, request }) => {
    const { titles } = await ownBoard(page, request, 2);
    const [first, second] = titles as [string, string];
    const calls = recordTaskCalls(page);
    await expect(page.getByRole('tab', { name: /PENDIENTE/ })).toHaveAttribute('aria-selected', 'true');
    const live = page.locator('[role="status"][aria-live]');

    // Picked up and dropped again at once: it stays in Pendiente, nothing is sent.
    await card(page, first).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText(`Tomó la tarea ${first}, en Pendiente.`);
    await sensorListening(page);
    await page.waitForTimeout(300);
    await expect(live).not.toContainText('está sobre');
    await expect(page.getByRole('tab', { name: /PENDIENTE/ })).toHaveAttribute('data-over', 'true');
    await page.screenshot({ path: '/tmp/shots-phone/board-keyboard-pickup-390.png' });
    await page.keyboard.press('Space');
    await expect(live).toContainText(`La tarea ${first} sigue en Pendiente.`);
    await expect(page.getByRole('tab', { name: /PENDIENTE \(2\)/ })).toBeVisible();
    expect(calls.filter((c) => c.startsWith('PUT '))).toEqual([]);

    // One arrow: the next status, En progreso; a second: Completada; back one: En progreso again.
    await card(page, first).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText(`Tomó la tarea ${first}`);
    await sensorListening(page);
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(`La tarea ${first} está sobre En progreso.`);
    await expect(page.getByRole('tab', { name: /EN PROGRESO/ })).toHaveAttribute('data-over', 'true');
    await page.screenshot({ path: '/tmp/shots-phone/board-keyboard-arrow-390.png' });
    await page.keyboard.press('ArrowRight');
    await expect(live).toContainText(`La tarea ${first} está sobre Completada.`);
    await page.keyboard.press('ArrowLeft');
    await expect(live).toContainText(`La tarea ${first} está sobre En progreso.`);
    await page.keyboard.press('Space');
    await expect(live).toContainText(`La tarea ${first} pasó a En progreso.`);
    await expect(page.getByRole('tab', { name: /EN PROGRESO \(1\)/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /PENDIENTE \(1\)/ })).toBeVisible();

    // The other card: Escape after an arrow leaves it where it was.
    await card(page, second).focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText(`Tomó la tarea ${second}`);
    await sensorListening(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(live).toContainText('Movimiento cancelado');
    await expect(page.getByRole('tab', { name: /PENDIENTE \(1\)/ })).toBeVisible();
    expect((await settle(page, calls)).filter((c) => c.startsWith('PUT '))).toHaveLength(1);
  });

  test('the board opens on En progreso when it has cards', async ({ page, request }) => {
    const { titles } = await ownBoard(page, request, 0 + 1);
    await expect(page.getByRole('tab', { name: /PENDIENTE \(1\)/ })).toHaveAttribute('aria-selected', 'true');
    await card(page, titles[0]!).getByRole('combobox', { name: `Estado de ${titles[0]}` }).selectOption({ label: 'En progreso' });
    await expect(page.getByText('La tarea pasó a En progreso')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: /EN PROGRESO \(1\)/ })).toHaveAttribute('aria-selected', 'true', { timeout: FIRST_LOAD_MS });
  });
});
