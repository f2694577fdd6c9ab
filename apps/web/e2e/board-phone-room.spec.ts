/**
 * The board with more statuses than fit, toasts out of the way, and the bulk bar leaving room
 * (issue 16, section 5), at desktop and phone widths.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, loginAs, test } from './fixtures';
import { card, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('with five statuses every column and tab is reachable, and the board says there is more', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const tag = Math.random().toString(36).slice(2, 6);
  const created: string[] = [];
  try {
    for (const [i, nombre] of [`Revisión ${tag}`, `Embalaje ${tag}`].entries()) {
      const res = await request.post('/api/statuses', {
        headers,
        data: { nombre, descripcion: 'Estado de prueba', order: 900 + Math.floor(Math.random() * 45) * 2 + i, color: '#7048E8', categoria: 'en_curso' },
      });
      expect(res.status()).toBe(201);
      created.push(((await res.json()) as { uuid: string }).uuid);
    }
    await seedTask(request);
    await loginAs(page, 'supervisor');
    const last = page.getByTestId(`column-Embalaje ${tag}`);
    const scroller = page.locator('[data-more-right]').first();
    await expect(scroller).toBeVisible({ timeout: 15_000 });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(page.locator('[data-more-left]').first()).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    const tab = page.getByRole('tab', { name: new RegExp(`Embalaje ${tag}`, 'i') });
    await expect(page.getByRole('tablist')).toBeVisible();
    expect(await page.getByRole('tab').count()).toBeGreaterThanOrEqual(5);
    await expect(page.locator('[data-more-right]').first()).toBeVisible();
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: join(shots, 'board-five-statuses-390.png') });
  } finally {
    for (const uuid of created) await request.delete(`/api/statuses/${uuid}`, { headers });
  }
});

test('toasts stay at the bottom, three at most; closing one leaves the inbox open', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const users = (await (await request.get('/api/users?limit=100&username=supervisor', { headers })).json()) as { data: { uuid: string; username: string }[] };
  const supervisor = users.data.find((u) => u.username === 'supervisor')!.uuid;
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(page, 'supervisor');
  await stream;
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  await bell.click();
  const inbox = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(inbox).toBeVisible();
  // Five live notifications at once: three toasts on screen, the rest wait.
  for (let i = 1; i <= 5; i++) {
    await request.post('/api/notifications/send', { headers, data: { usuario_uuid: supervisor, titulo: `Aviso ${i}`, mensaje: `Mensaje ${i}` } });
  }
  const toasts = page.locator('.mantine-Notification-root');
  await expect(toasts).toHaveCount(3);
  const bar = await page.locator('header').boundingBox();
  const dropdown = await inbox.boundingBox();
  for (const box of await Promise.all((await toasts.all()).map((t) => t.boundingBox()))) {
    // Below the top bar and clear of the open inbox.
    expect(box!.y).toBeGreaterThan(bar!.y + bar!.height);
    expect(box!.y >= dropdown!.y + dropdown!.height || box!.x + box!.width <= dropdown!.x || box!.x >= dropdown!.x + dropdown!.width).toBe(true);
  }
  await page.screenshot({ path: join(shots, 'toasts-1280.png') });
  await toasts.first().getByRole('button').click();
  await expect(inbox).toBeVisible();
  // The queue moves up: three again while more remain.
  await expect(toasts).toHaveCount(3);
});

test('on a phone the bulk bar leaves room under the last card', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'supervisor');
  const target = card(page, titulo);
  await page.getByRole('tab', { name: /pendiente/i }).click();
  await expect(target).toBeVisible({ timeout: 15_000 });
  await target.getByRole('checkbox').check();
  const bar = page.getByRole('region', { name: 'Acciones para las tareas seleccionadas' });
  await expect(bar).toBeVisible();
  // Scrolled to the end, the last card stands above the bar (other tests may add cards meanwhile: scroll again).
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const cardBox = await page.getByRole('article').last().boundingBox();
      const barBox = await bar.boundingBox();
      return cardBox!.y + cardBox!.height <= barBox!.y;
    })
    .toBe(true);
  await page.screenshot({ path: join(shots, 'bulk-bar-room-390.png') });
});

test('at 1366 px four status columns fit whole; with more, the board shows its scrollbar and scrolls from the keyboard', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const tag = Math.random().toString(36).slice(2, 6);
  const created: string[] = [];
  // Orders of their own (two statuses never share one).
  const firstOrder = 700 + Math.floor(Math.random() * 50) * 4;
  const addStatus = async (nombre: string) => {
    const res = await request.post('/api/statuses', {
      headers,
      data: { nombre, descripcion: 'Estado de prueba', order: firstOrder + created.length, color: '#7048E8', categoria: 'en_curso' },
    });
    expect(res.status()).toBe(201);
    created.push(((await res.json()) as { uuid: string }).uuid);
  };
  try {
    const statuses = (await (await request.get('/api/statuses?limit=100', { headers })).json()) as { data: unknown[] };
    for (let i = statuses.data.length; i < 4; i++) await addStatus(`Revisión ${tag} ${i}`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page, 'supervisor');
    const columns = page.locator('section[data-testid^="column-"]');
    await expect(columns).toHaveCount(4, { timeout: 15_000 });
    // Each column whole on screen, nothing to scroll to.
    for (let i = 0; i < 4; i++) {
      const box = (await columns.nth(i).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1366);
    }
    // Nothing hidden to the side in the board's scroll area.
    const viewport = page.locator('.mantine-ScrollArea-viewport').filter({ has: columns.first() });
    expect(await viewport.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.locator('[data-more-right]')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Columnas del tablero' })).toHaveCount(0);
    await page.screenshot({ path: '/tmp/shots-phone/board-four-columns-1366.png' });

    // Two more: the board scrolls; its scrollbar shows and the arrow keys scroll it once focused.
    await addStatus(`Embalaje ${tag}`);
    await addStatus(`Despacho ${tag}`);
    await page.reload();
    await expect(columns).toHaveCount(6, { timeout: 15_000 });
    const region = page.getByRole('region', { name: 'Columnas del tablero' });
    await expect(region).toBeVisible();
    await expect(page.locator('[data-more-right]').first()).toBeVisible();
    const scrollbar = page
      .locator('.mantine-ScrollArea-root')
      .filter({ has: columns.first() })
      .locator('.mantine-ScrollArea-scrollbar[data-orientation="horizontal"]');
    await expect(scrollbar).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // On to the end, one arrow at a time.
    for (let i = 0; i < 40; i++) {
      const left = await region.evaluate((el) => el.scrollWidth - el.clientWidth - el.scrollLeft);
      if (left <= 1) break;
      await page.keyboard.press('ArrowRight');
    }
    // The last column whole, inside the scroll area's visible part.
    await expect
      .poll(async () => {
        const [area, last] = [await region.boundingBox(), await columns.last().boundingBox()];
        return Math.round(last!.x + last!.width - (area!.x + area!.width));
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/shots-phone/board-six-columns-scrolled-1366.png' });
  } finally {
    for (const uuid of created) await request.delete(`/api/statuses/${uuid}`, { headers });
  }
});
