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
  // One task of its own, changed many times at once: no rows added for other specs (reports) to meet.
  const { titulo } = await seedTask(request);
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const users = (await (await request.get('/api/users?limit=100&username=operario', { headers })).json()) as { data: { uuid: string; username: string }[] };
  const operario = users.data.find((u) => u.username === 'operario')!;
  const board = (await (await request.get(`/api/assigned-tasks/${operario.uuid}`, { headers })).json()) as { uuid: string; tarea: { titulo: string } }[];
  const assigned = board.find((a) => a.tarea.titulo === titulo)!;
  const statuses = (await (await request.get('/api/statuses?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const byName = (name: string) => statuses.data.find((s) => s.nombre === name)!.uuid;

  // API calls in flight (the event stream aside, which stays open).
  const inflight = new Set<object>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && path !== '/api/events') inflight.add(r);
  });
  page.on('requestfinished', (r) => inflight.delete(r));
  page.on('requestfailed', (r) => inflight.delete(r));
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(page, 'operario');
  await streamOpen;
  await expect(column(page, 'Pendiente').getByRole('article', { name: titulo })).toBeVisible({ timeout: 15_000 });
  // The first loads settle: no API call in flight (the stream stays open, so there is no network idle).
  await expect.poll(() => inflight.size, { timeout: 10_000 }).toBe(0);

  let boardFetches = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && /^\/api\/assigned-tasks\/[^/]+$/.test(new URL(r.url()).pathname)) boardFetches++;
  });
  const count = 12;
  const sequence = Array.from({ length: count }, (_, i) => byName(i % 2 === 0 ? 'En progreso' : 'Pendiente'));
  await Promise.all(
    sequence.map((estado_uuid) =>
      request
        .put(`/api/assigned-tasks/${assigned.uuid}`, { headers, data: { estado_uuid } })
        .then((r) => expect(r.status()).toBe(200)),
    ),
  );
  // The card ends in the column of the last change the server applied, and the board was read far fewer times
  // than there were events.
  const after = (await (await request.get(`/api/assigned-tasks/${operario.uuid}`, { headers })).json()) as {
    uuid: string;
    estado: { nombre: string };
  }[];
  const final = after.find((a) => a.uuid === assigned.uuid)!.estado.nombre;
  await expect(column(page, final).getByRole('article', { name: titulo })).toBeVisible({ timeout: 5000 });
  // The card got there by a board read; once none is in flight, the count is final.
  await expect.poll(() => boardFetches).toBeGreaterThanOrEqual(1);
  await expect.poll(() => inflight.size, { timeout: 10_000 }).toBe(0);
  expect(boardFetches).toBeGreaterThanOrEqual(1);
  expect(boardFetches).toBeLessThanOrEqual(3);
});
