/** Administración > Auditoría: a burst of refused calls reads as one entry with its count; a typed name that is no account says so. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('repeated refusals show «N veces»; a failed sign-in with no account is marked as such', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'operario')}` };
  // Five refused calls of the operario on one route, at once.
  const refused = await Promise.all(
    Array.from({ length: 5 }, () => request.post('/api/job-descriptions', { headers, data: { nombre: 'X', descripcion: 'Y' } })),
  );
  expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403, 403]);
  // A sign-in with a name that is no account, a line break and a direction override in it.
  const typed = `intruso-${Math.random().toString(36).slice(2, 7)}`;
  expect((await request.post('/api/auth/login', { data: { username: `${typed}\n\u202Eadmin`, password: 'x' } })).status()).toBe(401);

  await loginAs(page, 'admin');
  await page.goto('/auditoria');
  const filters = page.getByRole('region', { name: 'Filtros de auditoría' });
  await filters.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'Acceso rechazado', exact: true }).click();
  const table = page.getByRole('table', { name: 'Registro de auditoría' });
  const row = table.getByRole('row').filter({ hasText: 'Petición: POST /api/job-descriptions' }).first();
  await expect(row).toContainText(/\d+ veces, la última a las \d\d:\d\d:\d\d/);
  const times = Number(/(\d+) veces/.exec((await row.textContent()) ?? '')?.[1]);
  expect(times).toBeGreaterThanOrEqual(5);
  await page.screenshot({ path: join(shots, 'audit-refusals-1280.png'), fullPage: true });

  await filters.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'Inicio de sesión fallido', exact: true }).click();
  const failed = table.getByRole('row').filter({ hasText: typed });
  await expect(failed).toContainText(`Nombre escrito (no es una cuenta): «${typed}admin»`);
  await expect(failed).toContainText('Motivo: usuario desconocido');
  await expect(failed).toContainText('Sin identificar');
  await page.screenshot({ path: join(shots, 'audit-failed-login-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: typed }).first()).toContainText('(no es una cuenta)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(shots, 'audit-refusals-390.png'), fullPage: true });
});
