/** Live updates (issue 4): a second browser sees another user's change within 2 s, without reloading. */
import { apiToken, expect, loginAs, test } from './fixtures';
import { card, column, moveCard, seedTask } from './board-helpers';

// Multi-step flows on a 2-core machine shared with other suites: the default 30 s is too tight.
test.describe.configure({ timeout: 120_000 });

test('a second browser sees a status change and an archive within 2 s', async ({ page, browser, baseURL, request }) => {
  const { titulo } = await seedTask(request);
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const operario = await other.newPage();
  try {
    const streamOpen = operario.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await loginAs(operario, 'operario');
    await streamOpen;
    await expect(column(operario, 'Pendiente').getByRole('article', { name: titulo })).toBeVisible({ timeout: 15_000 });

    await loginAs(page, 'supervisor');
    await expect(card(page, titulo)).toBeVisible({ timeout: 15_000 });
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/assigned-tasks/'));
    await moveCard(page, titulo, 'Completada');
    expect((await saved).status()).toBe(200);
    await expect(column(operario, 'Completada').getByRole('article', { name: titulo })).toBeVisible({ timeout: 2000 });

    const archived = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/assigned-tasks/'));
    await card(page, titulo).getByRole('button', { name: 'Archivar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archivar' }).click();
    expect((await archived).status()).toBe(200);
    await expect(card(operario, titulo)).toHaveCount(0, { timeout: 2000 });
  } finally {
    await other.close();
  }
});

test('a burst of changes refetches the board once per burst, not once per event', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const areas = (await (await request.get('/api/areas?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const types = (await (await request.get('/api/type-task?limit=100', { headers })).json()) as { data: { uuid: string }[] };
  const users = (await (await request.get('/api/users?limit=100&username=operario', { headers })).json()) as { data: { uuid: string; username: string }[] };
  const area = areas.data.find((a) => a.nombre === 'Carpintería')!;
  const operario = users.data.find((u) => u.username === 'operario')!;

  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(page, 'operario');
  await streamOpen;
  await expect(column(page, 'Pendiente')).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');

  let boardFetches = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && /^\/api\/assigned-tasks\/[^/]+$/.test(new URL(r.url()).pathname)) boardFetches++;
  });
  const burst = `Ráfaga ${Math.random().toString(36).slice(2, 8)}`;
  const count = 12;
  const today = new Date().toISOString().slice(0, 10);
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      request.post('/api/tasks', {
        headers,
        data: {
          titulo: `${burst} ${i + 1}`,
          descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Una de muchas.' }] }]),
          tipo_tarea_uuid: types.data[0]!.uuid,
          area_uuid: area.uuid,
          usuarios_asignados: [operario.uuid],
          fecha_vencimiento: today,
        },
      }).then((r) => expect(r.status()).toBe(201)),
    ),
  );
  // Every new card arrives live, and the board was read far fewer times than there were events.
  await expect(column(page, 'Pendiente').getByRole('article', { name: new RegExp(burst) })).toHaveCount(count, { timeout: 5000 });
  expect(boardFetches).toBeGreaterThanOrEqual(1);
  expect(boardFetches).toBeLessThanOrEqual(count / 2);
});
