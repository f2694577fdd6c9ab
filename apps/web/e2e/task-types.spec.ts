/** SPEC section 2.12, /tipo-tarea, against the real API and the demo seed. */
import { MESSAGES } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { VIEWPORTS, card, expectNoHorizontalScroll, field, openScreen, screenshot, unique } from './catalog-helpers';

const TITLE = 'Gestión de Tipos de Tareas';

async function gridColumns(page: Page): Promise<number> {
  return page
    .getByRole('region', { name: 'Tipos de tarea' })
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
}

test.describe('task types screen (SPEC 2.12)', () => {
  // Whole create/edit/delete flows on a machine shared with other test runs.
  test.describe.configure({ timeout: 90_000 });

  test('a card grid of 1, 2 or 3 columns by width', async ({ page }) => {
    await openScreen(page, '/tipo-tarea', TITLE);
    await expect(page.getByRole('link', { name: 'Más sobre tipos de tarea' })).toHaveAttribute('href', '/ayuda/tipo-tarea');
    await expect(card(page, 'Mantenimiento')).toContainText('Cuidado de máquinas y herramientas');
    expect(await gridColumns(page)).toBe(3);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(() => gridColumns(page)).toBe(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => gridColumns(page)).toBe(1);
  });

  test('create (with validation), edit and delete a task type as admin', async ({ page }) => {
    await openScreen(page, '/tipo-tarea', TITLE);
    const name = `Inventario ${unique()}`;
    await page.getByRole('button', { name: 'Nuevo Tipo de Tarea' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Tipo de tarea' });
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.nombreRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.validation.descripcionRequired)).toBeVisible();
    await field(page, 'Nombre').fill(name);
    await field(page, 'Descripción').fill('Conteo de materiales del depósito.');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.taskTypeCreated)).toBeVisible();
    await expect(card(page, name)).toContainText('Conteo de materiales');

    await card(page, name).getByRole('button', { name: `Editar tipo de tarea ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Tipo de tarea' });
    await field(page, 'Nombre').fill(`${name} mensual`);
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText(MESSAGES.success.taskTypeUpdated)).toBeVisible();
    await expect(card(page, `${name} mensual`)).toBeVisible();

    await card(page, `${name} mensual`).getByRole('button', { name: `Eliminar tipo de tarea ${name} mensual` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await expect(confirm).toContainText(`${name} mensual`);
    await expect(confirm).toContainText('no se puede deshacer');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(MESSAGES.success.taskTypeDeleted)).toBeVisible();
    await expect(card(page, `${name} mensual`)).toHaveCount(0);
  });

  test("skeleton while loading; a failed load shows 'Error al cargar los tipos de tarea'", async ({ page }) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/type-task?*', async (route) => {
      await gate;
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 403, message: MESSAGES.errors.forbidden, error: 'Forbidden' }),
      });
    });
    await openScreen(page, '/tipo-tarea', TITLE);
    await expect(page.getByLabel('Cargando', { exact: true })).toBeVisible();
    release();
    await expect(page.getByText(MESSAGES.errors.taskTypesLoadFailed)).toBeVisible();
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshot at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openScreen(page, '/tipo-tarea', TITLE);
      await expect(card(page, 'Limpieza')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'task-types', viewport.width);
    });
  }
});
