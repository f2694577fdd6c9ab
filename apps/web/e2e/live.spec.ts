/** Live updates (issue 4): a second browser sees another user's change within 2 s, without reloading. */
import { expect, loginAs, test } from './fixtures';
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
