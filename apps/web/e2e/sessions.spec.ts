/** Perfil's open sessions: a person sees where the account is signed in and ends the other sessions. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOperario, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('"Cerrar las demás sesiones" logs out a second browser; this one stays', async ({ page, browser, request }) => {
  const user = await createOperario(request);
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  });
  const other = await phone.newPage();
  try {
    await loginAs(other, user.username, user.password);
    await loginAs(page, user.username, user.password);
    await page.goto('/perfil');
    const card = page.getByRole('region', { name: 'Sesiones abiertas' });
    await expect(card.getByTestId('session')).toHaveCount(2);
    await expect(card.getByRole('group', { name: 'Chrome en Android' })).toBeVisible();
    await expect(card.getByText('Esta sesión')).toHaveCount(1);
    await page.screenshot({ path: join(shots, 'profile-sessions-1280.png'), fullPage: true });

    await card.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await expect(page.getByText('Se cerró 1 sesión')).toBeVisible();
    await expect(card.getByTestId('session')).toHaveCount(1);
    await expect(card.getByRole('button', { name: 'Cerrar las demás sesiones' })).toBeDisabled();

    // The other browser's next call is refused, its refresh too: back to the login screen.
    await other.goto('/perfil');
    await expect(other).toHaveURL(/\/login/, { timeout: 15_000 });
    // This one goes on.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Sesiones abiertas' }).getByTestId('session')).toHaveCount(1);
  } finally {
    await phone.close();
  }
});

test('no refresh token or access token readable in the URL of the live stream', async ({ page, request }) => {
  const user = await createOperario(request);
  const streams: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/events') streams.push(url.search);
  });
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await loginAs(page, user.username, user.password);
  await opened;
  expect(streams.length).toBeGreaterThan(0);
  for (const search of streams) {
    expect(search).toMatch(/^\?ticket=[A-Za-z0-9_-]+$/);
    expect(search).not.toContain('eyJ');
  }
});
