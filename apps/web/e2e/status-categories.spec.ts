/**
 * Status categories (issue 15) in the browser, against the real API: a fourth status added after
 * "Completada" does not change what "completed" means, so the report's on-time figure stays right;
 * a finished card shows its category and no overdue badge.
 */
import { join } from 'node:path';
import { MESSAGES } from '@gestar/contracts';
import type { Browser, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test } from './fixtures';
import { card as boardCard, moveCard, seedTask } from './board-helpers';
import {
  VIEWPORTS,
  card,
  expectNoHorizontalScroll,
  field,
  openScreen,
  screenshot,
  shotsDir,
  unique,
} from './catalog-helpers';

test.describe.configure({ timeout: 120_000 });

const FIRST_LOAD_MS = 30_000;

async function operarioPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const page = await context.newPage();
  await loginAs(page, 'operario');
  return page;
}

/** The dialog's 'Categoría' select (a combobox or, in older Mantine, a textbox). */
const categoryField = (page: Page) =>
  page
    .getByRole('dialog')
    .getByRole('combobox', { name: /^Categoría/ })
    .or(page.getByRole('dialog').getByRole('textbox', { name: /^Categoría/ }));

/** Picks `option` in the dialog's 'Categoría' select. */
async function pickCategory(page: Page, option: string) {
  await categoryField(page).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test("a fourth status after 'Completada' leaves the report's on-time figure right", async ({
  page,
  browser,
  request,
}) => {
  const { titulo } = await seedTask(request);
  const nombre = `Verificación ${unique()}`;
  const order = String(500 + Math.floor(Math.random() * 400));

  await openScreen(page, '/estados', 'Gestión de Estados');
  await page.getByRole('button', { name: 'Nuevo Estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Estado' });
  await field(page, 'Nombre').fill(nombre);
  await field(page, 'Descripción').fill('Revisada por el supervisor después de completarla');
  await field(page, 'Orden').fill(order);
  await pickCategory(page, 'En curso');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(MESSAGES.success.statusCreated)).toBeVisible();
  await expect(card(page, nombre)).toContainText('En curso');
  await expect(card(page, 'Completada')).toContainText('Terminada');

  try {
    const operario = await operarioPage(browser);
    await expect(boardCard(operario, titulo)).toBeVisible({ timeout: FIRST_LOAD_MS });
    await moveCard(operario, titulo, 'Completada');
    await expect(operario.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
    await expect(boardCard(operario, titulo).getByTestId('task-category')).toHaveText('Terminada');
    await operario.context().close();

    await page.goto('/reportes');
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible({ timeout: FIRST_LOAD_MS });
    await page.getByRole('textbox', { name: 'Tarea', exact: true }).fill(titulo);
    const table = page.getByRole('table', { name: 'Reporte' });
    await expect(table.getByRole('row')).toHaveCount(2, { timeout: FIRST_LOAD_MS });
    await expect(page.getByText('1 de 1 completada', { exact: true })).toBeVisible({ timeout: FIRST_LOAD_MS });
  } finally {
    const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const list = (await (await request.get('/api/statuses?limit=100', { headers })).json()) as {
      data: { uuid: string; nombre: string }[];
    };
    const added = list.data.find((s) => s.nombre === nombre);
    if (added) await request.delete(`/api/statuses/${added.uuid}`, { headers });
  }
});

test('a card in a terminada status shows its category and no overdue badge', async ({ page }) => {
  // Demo: 'Limpieza del puesto de trabajo' is Completada and was due two days ago.
  await loginAs(page, 'operario');
  const done = boardCard(page, 'Limpieza del puesto de trabajo');
  await expect(done).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(done.getByTestId('task-category')).toHaveText('Terminada');
  await expect(done).toContainText('Vencimiento:');
  await expect(done).not.toContainText('Vencida');
  await expect(boardCard(page, 'Afilar la sierra circular').getByTestId('task-category')).toHaveText('Pendiente');
  await page.screenshot({ path: join(shotsDir, 'board-categories-1280.png'), fullPage: true });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // On a phone the board is one tab per status.
    if (viewport.width < 768) await page.getByRole('tab', { name: /^COMPLETADA/ }).click();
    await expect(done).toBeVisible();
    await expect(done).not.toContainText('Vencida');
    await done.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shotsDir, `board-finished-card-${viewport.width}.png`), fullPage: true });
  }
});

test('the status form refuses an order of 0 and a colour that is not hexadecimal', async ({ page }) => {
  await openScreen(page, '/estados', 'Gestión de Estados');
  await page.getByRole('button', { name: 'Nuevo Estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Estado' });
  await field(page, 'Nombre').fill(`Mal ${unique()}`);
  await field(page, 'Descripción').fill('Con datos inválidos');
  await field(page, 'Orden').fill('0');
  await field(page, 'Color').fill('rojo');
  await field(page, 'Nombre').click();
  await expect(field(page, 'Orden')).toHaveValue('0');
  await expect(field(page, 'Color')).toHaveValue('rojo');
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/statuses')) posted.push(r.url());
  });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText(MESSAGES.validation.orderMin)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.validation.colorHex)).toBeVisible();
  expect(posted).toEqual([]);
});

test('a duplicate name or order is refused with the API message', async ({ page }) => {
  await openScreen(page, '/estados', 'Gestión de Estados');
  await page.getByRole('button', { name: 'Nuevo Estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Estado' });
  await field(page, 'Nombre').fill('EN PROGRESO');
  await field(page, 'Descripción').fill('Repetido');
  await field(page, 'Orden').fill(String(500 + Math.floor(Math.random() * 400)));
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: MESSAGES.errors.statusNameTaken })).toBeVisible();
  await field(page, 'Nombre').fill(`Otro ${unique()}`);
  await field(page, 'Orden').fill('1');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: MESSAGES.errors.statusOrderTaken })).toBeVisible();
});

for (const viewport of VIEWPORTS) {
  test(`statuses with categories, the form and the reports screen at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openScreen(page, '/estados', 'Gestión de Estados');
    await expect(card(page, 'Completada')).toContainText('Terminada');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'statuses-categories', viewport.width);
    await card(page, 'Completada').getByRole('button', { name: 'Editar estado Completada' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Estado' })).toBeVisible();
    await expect(categoryField(page)).toHaveValue('Terminada');
    await screenshot(page, 'statuses-categories-form', viewport.width, false);
    await page.keyboard.press('Escape');
    await page.goto('/reportes');
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible({ timeout: FIRST_LOAD_MS });
    await expect(page.getByText(/de \d+ completadas/)).toBeVisible({ timeout: FIRST_LOAD_MS });
    await screenshot(page, 'reports-categories', viewport.width);
  });
}
