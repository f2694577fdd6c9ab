/** SPEC section 2.10, /areas, against the real API and the demo seed. */
import { MESSAGES } from '@gestar/contracts';
import { expect, test } from './fixtures';
import { VIEWPORTS, card, expectNoHorizontalScroll, field, openScreen, screenshot, unique } from './catalog-helpers';

test.describe('areas screen (SPEC 2.10)', () => {
  // Whole create/edit/delete flows on a machine shared with other test runs.
  test.describe.configure({ timeout: 90_000 });

  test('cards of the seeded areas, help link, create/edit/delete buttons for admin', async ({ page }) => {
    await openScreen(page, '/areas', 'Gestión de Áreas');
    await expect(page.getByRole('link', { name: 'Más sobre áreas' })).toHaveAttribute('href', '/ayuda/areas');
    for (const name of ['Carpintería', 'Tapicería', 'Logística']) await expect(card(page, name)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva Área' })).toBeVisible();
    await expect(card(page, 'Logística').getByRole('button', { name: 'Editar área Logística' })).toBeVisible();
    await expect(card(page, 'Logística').getByRole('button', { name: 'Eliminar área Logística' })).toBeVisible();
  });

  test('create (with validation), edit and delete an area as admin', async ({ page }) => {
    await openScreen(page, '/areas', 'Gestión de Áreas');
    const name = `Barnizado ${unique()}`;
    await page.getByRole('button', { name: 'Nueva Área' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Área' });
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.nombreRequired)).toBeVisible();
    await field(page, 'Nombre').fill(name);
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.areaCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    await card(page, name).getByRole('button', { name: `Editar área ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Área' });
    await expect(field(page, 'Nombre')).toHaveValue(name);
    await field(page, 'Nombre').fill(`${name} fino`);
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText(MESSAGES.success.areaUpdated)).toBeVisible();
    await expect(card(page, `${name} fino`)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);

    await card(page, `${name} fino`).getByRole('button', { name: `Eliminar área ${name} fino` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Área' });
    await expect(confirm).toContainText(`${name} fino`);
    await expect(confirm).toContainText('permanente');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(MESSAGES.success.areaDeleted)).toBeVisible();
    await expect(card(page, `${name} fino`)).toHaveCount(0);
  });

  test('an area in use cannot be deleted: the server message shows once, in the dialog (no toast besides)', async ({ page }) => {
    await openScreen(page, '/areas', 'Gestión de Áreas');
    await card(page, 'Carpintería').getByRole('button', { name: 'Eliminar área Carpintería' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Área' });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(MESSAGES.errors.areaInUse);
    await expect(page.getByText(MESSAGES.errors.areaInUse)).toHaveCount(1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card(page, 'Carpintería')).toBeVisible();
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshot at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openScreen(page, '/areas', 'Gestión de Áreas');
      await expect(card(page, 'Carpintería')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'areas', viewport.width);
      await page.getByRole('button', { name: 'Nueva Área' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByText(MESSAGES.validation.nombreRequired)).toBeVisible();
      await screenshot(page, 'areas-form', viewport.width, false);
    });
  }
});
