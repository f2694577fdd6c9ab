/** Administración > Auditoría: an administrator finds who changed what, filters it and exports it. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_LABELS, JOB_NAMES } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('the audit screen shows a change with its before and after, filters it and exports it', async ({ page, request }) => {
  // A change made through the API by the administrator: an area renamed.
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  // A name that sorts after every seeded area; the area is deleted at the end.
  const name = `Zona auditada ${Math.random().toString(36).slice(2, 7)}`;
  const area = (await (await request.post('/api/areas', { headers, data: { nombre: name } })).json()) as { uuid: string };
  await request.put(`/api/areas/${area.uuid}`, { headers, data: { nombre: `${name} bis` } });

  await loginAs(page, 'admin');
  await page.goto('/auditoria');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  const filters = page.getByRole('region', { name: 'Filtros de auditoría' });
  await filters.getByRole('combobox', { name: 'Recurso' }).click();
  await page.getByRole('option', { name: 'Área', exact: true }).click();
  await filters.getByRole('combobox', { name: 'Acción' }).click();
  await page.getByRole('option', { name: 'Edición', exact: true }).click();
  const table = page.getByRole('table', { name: 'Registro de auditoría' });
  const row = table.getByRole('row').filter({ hasText: `Nombre: ${name} → ${name} bis` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ana');
  await expect(table.getByRole('row').filter({ hasText: 'Creación' })).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'audit-1280.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar a Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Auditoria-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText('Sin entradas').or(page.getByRole('article').first())).toBeVisible();
  // The filters start over after the reload: the newest entries include the rename.
  await expect(page.getByRole('article').filter({ hasText: `${name} bis` }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(shots, 'audit-390.png'), fullPage: true });
  expect((await request.delete(`/api/areas/${area.uuid}`, { headers })).status()).toBe(200);
});

test('a supervisor has no audit screen', async ({ page }) => {
  await loginAs(page, 'supervisor');
  await page.goto('/auditoria');
  await expect(page).toHaveURL(/\/not-authorized$/);
});

test('the audit screen lists the background jobs with their period, last and next run and last failure', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/auditoria');
  const section = page.getByRole('region', { name: 'Trabajos en segundo plano' });
  await expect(section).toBeVisible();
  const table = section.getByRole('table', { name: 'Trabajos en segundo plano' });
  // One row per job, each with its period in words.
  await expect(table.getByRole('row')).toHaveCount(JOB_NAMES.length + 1);
  const tick = table.getByRole('row').filter({ hasText: 'Generación de las tareas programadas' });
  await expect(tick).toContainText('Cada minuto');
  // Each module prunes its own tables, each on its own job.
  for (const job of ['audit-prune', 'sessions-prune'] as const) {
    await expect(table.getByRole('row').filter({ hasText: JOB_LABELS[job] })).toContainText('Todos los días a las 03:30');
  }
  await expect(table.getByRole('row').filter({ hasText: 'Carga de los feriados del año' })).toContainText('Cada hora');
  // The browser tests' API runs no jobs: the screen says so.
  await expect(section.getByText('Esta réplica no ejecuta trabajos')).toBeVisible();
  await page.screenshot({ path: join(shots, 'audit-jobs-1280.png'), fullPage: true });
});
