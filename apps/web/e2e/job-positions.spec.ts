/** SPEC section 2.11, /puestos-trabajo, against the real API and the demo seed. */
import { MESSAGES } from '@gestar/contracts';
import { expect, test } from './fixtures';
import { VIEWPORTS, card, expectNoHorizontalScroll, field, openScreen, screenshot, unique } from './catalog-helpers';

const TITLE = 'Gestión de Puestos de Trabajo';

test.describe('job positions screen (SPEC 2.11)', () => {
  // Whole create/edit/delete flows on a machine shared with other test runs.
  test.describe.configure({ timeout: 90_000 });

  test('cards with name and description, help link', async ({ page }) => {
    await openScreen(page, '/puestos-trabajo', TITLE);
    await expect(page.getByRole('link', { name: 'Más sobre puestos de trabajo' })).toHaveAttribute('href', '/ayuda/puestos-trabajo');
    await expect(card(page, 'Carpintero')).toContainText('Corta, arma y lija piezas de madera');
    await expect(page.getByRole('button', { name: 'Nuevo Puesto' })).toBeVisible();
  });

  test('create (with validation), edit and delete a job position as admin', async ({ page }) => {
    await openScreen(page, '/puestos-trabajo', TITLE);
    const name = `Lustrador ${unique()}`;
    await page.getByRole('button', { name: 'Nuevo Puesto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Puesto' });
    await field(page, 'Nombre').fill(name);
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.descripcionRequired)).toBeVisible();
    await field(page, 'Descripción').fill('Lustra y barniza las piezas terminadas.');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.jobPositionCreated)).toBeVisible();
    await expect(card(page, name)).toContainText('Lustra y barniza');

    await card(page, name).getByRole('button', { name: `Editar puesto ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Puesto' });
    await expect(field(page, 'Descripción')).toHaveValue('Lustra y barniza las piezas terminadas.');
    await field(page, 'Descripción').fill('Lustra, barniza y pule.');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText(MESSAGES.success.jobPositionUpdated)).toBeVisible();
    await expect(card(page, name)).toContainText('Lustra, barniza y pule.');

    await card(page, name).getByRole('button', { name: `Eliminar puesto ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Puesto de Trabajo' });
    await expect(confirm).toContainText('permanente');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(MESSAGES.success.jobPositionDeleted)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });

  test("no positions: 'No hay puestos de trabajo registrados'", async ({ page }) => {
    await page.route('**/api/job-descriptions?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: [], meta: { totalItems: 0, currentPage: 1, limit: 12, totalPages: 0 } }),
      }),
    );
    await openScreen(page, '/puestos-trabajo', TITLE);
    await expect(page.getByText(MESSAGES.errors.jobPositionsEmpty)).toBeVisible();
  });

  for (const viewport of VIEWPORTS) {
    test(`screenshot at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openScreen(page, '/puestos-trabajo', TITLE);
      await expect(card(page, 'Carpintero')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await screenshot(page, 'job-positions', viewport.width);
    });
  }
});
