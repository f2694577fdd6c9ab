/**
 * Screens that said one thing and did another (issue: "every screen right"):
 * a stale password error, errors shown twice, the link popover, a cut badge
 * and an unmarked required field.
 */
import { MESSAGES } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { seedTask } from './board-helpers';
import { apiToken, expect, loginAs, test } from './fixtures';

const unique = () => Math.random().toString(36).slice(2, 8);

async function newTaskDialog(page: Page) {
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  return page.getByRole('dialog', { name: 'Nueva Tarea' });
}

test.describe('screen fixes', () => {
  test.describe.configure({ timeout: 90_000 });

  test('profile: "La contraseña actual es incorrecta" goes away once the password is edited', async ({ page }) => {
    await loginAs(page, 'operario');
    await page.goto('/perfil');
    await page.getByRole('region', { name: 'Seguridad' }).getByRole('button', { name: 'Cambiar contraseña' }).click();
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    const current = form.getByRole('textbox', { name: 'Contraseña actual' });
    await current.fill('no-es-la-actual');
    await form.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('nuevaClave123');
    await form.getByRole('textbox', { name: 'Confirmar nueva contraseña' }).fill('nuevaClave123');
    await form.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(form.getByRole('alert')).toHaveText(MESSAGES.errors.currentPasswordWrong);
    // Correcting the field clears the refusal about it.
    await current.fill('demo1234');
    await expect(form.getByText(MESSAGES.errors.currentPasswordWrong)).toHaveCount(0);
    await expect(form.getByRole('alert')).toHaveCount(0);
  });

  test('new task: the description is marked required like the other required fields', async ({ page }) => {
    const dialog = await newTaskDialog(page);
    const titleLabel = dialog.locator('label', { hasText: /^Título/ });
    const descriptionLabel = dialog.locator('label', { hasText: /^Descripción/ });
    // The same asterisk element the title's label carries.
    await expect(titleLabel.locator('.mantine-InputWrapper-required')).toHaveText('*');
    await expect(descriptionLabel.locator('.mantine-InputWrapper-required')).toHaveText('*');
    await expect(dialog.getByRole('textbox', { name: 'Descripción' })).toHaveAttribute('aria-required', 'true');
  });

  test('rich text: re-editing a link opens its popover with the current address, and changes that link', async ({ page }) => {
    const dialog = await newTaskDialog(page);
    const editor = dialog.getByRole('textbox', { name: 'Descripción' });
    await editor.click();
    await page.keyboard.type('Ver el manual');
    await page.keyboard.press('Shift+Home');
    const linkButton = dialog.getByRole('button', { name: 'Enlace' });
    await linkButton.click();
    const field = page.getByRole('textbox', { name: 'Enlace' });
    await expect(field).toHaveValue('');
    await field.fill('https://example.com/manual');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    const link = editor.locator('a', { hasText: 'Ver el manual' });
    await expect(link).toHaveAttribute('href', 'https://example.com/manual');

    // The cursor inside the link, nothing selected: the popover shows the link's address.
    await link.click();
    await linkButton.click();
    await expect(field).toHaveValue('https://example.com/manual');
    await field.fill('https://example.com/manual-v2');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(editor.locator('a')).toHaveCount(1);
    await expect(link).toHaveAttribute('href', 'https://example.com/manual-v2');
    await expect(editor).toHaveText('Ver el manual');

    // Elsewhere (no link under the cursor) it opens empty again.
    await editor.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Otro párrafo');
    await linkButton.click();
    await expect(field).toHaveValue('');
  });

  test('schedules at 1366 px: the "Inactivo" badge is shown whole', async ({ page, request }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    // A long title (sorted first) squeezes the other columns, as real titles do.
    const { titulo, tareaUuid } = await seedTask(request, {
      titulo: `Aaa revisar, limpiar y lubricar todas las máquinas del taller de carpintería antes del cierre anual ${unique()}`,
    });
    const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const created = await request.post('/api/scheduled-task', { headers, data: { tarea_uuid: tareaUuid, intervalo_repeticion: 7, activo: false } });
    expect(created.status()).toBe(201);
    await loginAs(page, 'admin');
    await page.goto('/programacion-tareas');
    const row = page.getByRole('table', { name: 'Programaciones' }).getByRole('row').filter({ hasText: titulo });
    const badge = row.locator('.mantine-Badge-label', { hasText: 'Inactivo' });
    await expect(badge).toBeVisible();
    const cut = await badge.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut).toBe(false);
  });

  test('schedules: a failed delete shows its error once, inside the dialog', async ({ page, request }) => {
    const { titulo, tareaUuid } = await seedTask(request, { titulo: `Aab borrar programación ${unique()}` });
    const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
    const created = await request.post('/api/scheduled-task', { headers, data: { tarea_uuid: tareaUuid, intervalo_repeticion: 3 } });
    expect(created.status()).toBe(201);
    const { uuid } = (await created.json()) as { uuid: string };
    const refusal = 'No se puede eliminar la programación ahora';
    await page.route(`**/api/scheduled-task/${uuid}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ statusCode: 409, message: refusal, error: 'Conflict' }) })
        : route.continue(),
    );
    await loginAs(page, 'admin');
    await page.goto('/programacion-tareas');
    await page.getByRole('button', { name: `Eliminar programación de ${titulo}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar eliminación' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(refusal);
    await page.waitForTimeout(500);
    await expect(page.getByText(refusal)).toHaveCount(1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  });
});
