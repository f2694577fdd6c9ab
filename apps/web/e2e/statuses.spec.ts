/** SPEC section 2.9, /estados, against the real API and the demo seed. */
import { MESSAGES } from '@gestar/contracts';
import { expect, test } from './fixtures';
import { VIEWPORTS, card, expectNoHorizontalScroll, field, openScreen, screenshot, unique } from './catalog-helpers';

const TITLE = 'Gestión de Estados';

test.describe('statuses screen (SPEC 2.9)', () => {
  // Whole create/edit/delete flows on a machine shared with other test runs.
  test.describe.configure({ timeout: 90_000 });

  test('cards with name, description, order and colour, in order', async ({ page }) => {
    await openScreen(page, '/estados', TITLE);
    await expect(page.getByRole('link', { name: 'Más sobre estados' })).toHaveAttribute('href', '/ayuda/estados');
    const cards = page.getByRole('region', { name: 'Estados' }).getByRole('article');
    await expect(cards.first()).toHaveAccessibleName('Pendiente');
    await expect(card(page, 'Pendiente')).toContainText('Tareas que todavía no se empezaron');
    await expect(card(page, 'Pendiente')).toContainText('Orden: 1');
    await expect(card(page, 'Pendiente')).toContainText('#FAB005');
    await expect(page.getByRole('button', { name: 'Nuevo Estado' })).toBeVisible();
  });

  test('create (with validation, colour in upper case), edit and delete a status as admin', async ({ page }) => {
    await openScreen(page, '/estados', TITLE);
    const name = `Revisión ${unique()}`;
    await page.getByRole('button', { name: 'Nuevo Estado' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Estado' });
    await expect(field(page, 'Orden')).toHaveValue('4');
    await field(page, 'Nombre').fill(name);
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.descripcionRequired)).toBeVisible();
    await field(page, 'Descripción').fill('Tareas esperando control de calidad');
    await field(page, 'Orden').fill('');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.orderRequired)).toBeVisible();
    await field(page, 'Orden').fill('40');
    await field(page, 'Color').fill('#12ab34');
    await field(page, 'Nombre').click();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/statuses'));
    await dialog.getByRole('button', { name: 'Crear' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ nombre: name, order: 40, color: '#12AB34' });
    await expect(page.getByText(MESSAGES.success.statusCreated)).toBeVisible();
    await expect(card(page, name)).toContainText('Orden: 40');
    await expect(card(page, name)).toContainText('#12AB34');

    await card(page, name).getByRole('button', { name: `Editar estado ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Estado' });
    await expect(field(page, 'Color')).toHaveValue('#12AB34');
    await field(page, 'Orden').fill('41');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText(MESSAGES.success.statusUpdated)).toBeVisible();
    await expect(card(page, name)).toContainText('Orden: 41');

    await card(page, name).getByRole('button', { name: `Eliminar estado ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Estado' });
    await expect(confirm).toContainText('permanente');
    await expect(confirm).toContainText('reorganizar el orden de los estados restantes');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(MESSAGES.success.statusDeleted)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });

  test('a status in use cannot be deleted', async ({ page }) => {
    await openScreen(page, '/estados', TITLE);
    await card(page, 'Pendiente').getByRole('button', { name: 'Eliminar estado Pendiente' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Estado' });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(MESSAGES.errors.statusInUse);
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshot at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openScreen(page, '/estados', TITLE);
      await expect(card(page, 'Completada')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'statuses', viewport.width);
      await page.getByRole('button', { name: 'Nuevo Estado' }).click();
      await expect(page.getByRole('dialog', { name: 'Nuevo Estado' })).toBeVisible();
      await screenshot(page, 'statuses-form', viewport.width, false);
    });
  }
});
