/**
 * SPEC section 2.8, /usuarios, against the real API and the demo seed.
 * Users created here get random usernames, so parallel tests never collide.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { USERS_SKELETON_ROWS } from '../src/lib/ui-settings';

const shotsDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const unique = () => Math.random().toString(36).slice(2, 8);
const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuarios' });
const row = (page: Page, username: string) =>
  usersTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function openUsers(page: Page, user: 'admin' | 'supervisor') {
  await loginAs(page, user);
  await page.goto('/usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Usuarios' })).toBeVisible();
  await expect(usersTable(page).getByRole('row').nth(1)).not.toHaveAttribute('data-testid', 'users-skeleton-row');
}

async function pickOption(page: Page, label: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // A multi-select keeps its list open: a click on the dialog's title closes it.
  await dialog.getByRole('heading').first().click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('users screen (SPEC 2.8)', () => {
  // Whole create/edit/delete flows on a machine shared with other test runs.
  test.describe.configure({ timeout: 90_000 });

  test('header, help link, the 8 columns and the seeded users', async ({ page }) => {
    await openUsers(page, 'admin');
    await expect(page.getByText('Administra los usuarios del sistema')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Más sobre usuarios' })).toHaveAttribute('href', '/ayuda/usuarios');
    await expect(usersTable(page).getByRole('columnheader')).toHaveText([
      'Nombre',
      'Apellido',
      'Usuario',
      'Rol',
      'Áreas Asignadas',
      'Estado',
      'Fecha de creación',
      'Acciones',
    ]);
    // Other tests add people; the seeded supervisor is found by name, wherever its page is.
    await page.getByLabel('Filtrar por usuario').fill('supervisor');
    const supervisor = row(page, 'supervisor');
    await expect(supervisor).toContainText('Sergio');
    await expect(supervisor).toContainText('Supervisor');
    await expect(supervisor).toContainText('Carpintería');
    await expect(supervisor).toContainText('Tapicería');
    await expect(supervisor).toContainText('Activo');
    await expect(page.getByRole('button', { name: 'Nuevo Usuario' })).toBeVisible();
    await expect(supervisor.getByRole('button', { name: 'Editar usuario supervisor' })).toBeVisible();
    await expect(supervisor.getByRole('button', { name: 'Eliminar usuario supervisor' })).toBeVisible();
  });

  test('3 skeleton rows while loading; a failed load says Permisos insuficientes', async ({ page }) => {
    await loginAs(page, 'admin');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let fail = false;
    await page.route('**/api/users?*', async (route) => {
      if (fail) {
        await route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 403, message: MESSAGES.errors.forbidden, error: 'Forbidden' }),
        });
        return;
      }
      await gate;
      await route.continue();
    });
    await page.goto('/usuarios');
    await expect(page.getByTestId('users-skeleton-row')).toHaveCount(USERS_SKELETON_ROWS);
    release();
    await expect(page.getByTestId('users-skeleton-row')).toHaveCount(0);

    fail = true;
    await page.getByLabel('Filtrar por usuario').fill('zz');
    await expect(page.getByText(MESSAGES.errors.insufficientPermissions)).toBeVisible();
  });

  test('the filters are debounced and send nombre + apellido, and username; nothing found shows the empty card', async ({ page }) => {
    await openUsers(page, 'admin');
    const sent: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/users') sent.push(url);
    });
    const filtered = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return url.pathname === '/api/users' && url.searchParams.get('nombre') === 'mart';
    });
    await page.getByLabel('Filtrar por nombre o apellido').pressSequentially('mart', { delay: 40 });
    await filtered;
    await expect(row(page, 'admin')).toBeVisible();
    await expect(row(page, 'supervisor')).toHaveCount(0);
    // One request for the whole word: the typing fell inside the 500 ms window.
    expect(sent).toHaveLength(1);
    expect(sent[0]!.searchParams.get('nombre')).toBe('mart');
    expect(sent[0]!.searchParams.get('apellido')).toBe('mart');

    await page.getByLabel('Filtrar por nombre o apellido').fill('');
    await page.getByLabel('Filtrar por usuario').fill('mlopez');
    await expect(row(page, 'mlopez')).toBeVisible();
    await expect(row(page, 'admin')).toHaveCount(0);
    expect(sent.at(-1)!.searchParams.get('username')).toBe('mlopez');
    expect(sent.at(-1)!.searchParams.has('nombre')).toBe(false);

    await page.getByLabel('Filtrar por usuario').fill('nadie-se-llama-asi');
    await expect(page.getByText(MESSAGES.errors.infoUnavailable)).toBeVisible();
    await expect(page.getByText(MESSAGES.errors.usersLoadFailed)).toBeVisible();
  });

  test('create (with validation), edit and delete a user as admin', async ({ page }) => {
    await openUsers(page, 'admin');
    const username = `e2e_${unique()}`;

    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Crear' }).click();
    for (const message of [
      MESSAGES.validation.usernameRequired,
      MESSAGES.validation.passwordMinLength,
      MESSAGES.validation.nombreUserRequired,
      MESSAGES.validation.apellidoRequired,
      MESSAGES.validation.rolRequired,
      MESSAGES.validation.userAreaRequired,
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await dialog.getByRole('textbox', { name: 'Usuario', exact: true }).fill('con espacio');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(dialog.getByText(MESSAGES.validation.usernameNoSpaces)).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Usuario', exact: true }).fill(username);
    await dialog.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave-e2e-1');
    await dialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Lucía');
    await dialog.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Prueba');
    await pickOption(page, 'Rol', 'Operario');
    await pickOption(page, 'Puesto de trabajo', 'Carpintero');
    await pickOption(page, 'Áreas', 'Logística');
    await dialog.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.userCreated)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Filtrar por usuario').fill(username);
    const created = row(page, username);
    await expect(created).toContainText('Lucía');
    await expect(created).toContainText('Operario');
    await expect(created).toContainText('Logística');

    // A duplicate username: the server's 409 shows in the form and as a toast.
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const again = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    await again.getByRole('textbox', { name: 'Usuario', exact: true }).fill(username);
    await again.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('clave-e2e-1');
    await again.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Otra');
    await again.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Persona');
    await pickOption(page, 'Rol', 'Operario');
    await pickOption(page, 'Áreas', 'Tapicería');
    await again.getByRole('button', { name: 'Crear' }).click();
    await expect(again.getByRole('alert')).toHaveText(MESSAGES.errors.usernameTaken);
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await expect(again).toBeHidden();

    await created.getByRole('button', { name: `Editar usuario ${username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
    await expect(edit.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveValue(username);
    await expect(edit.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveAttribute('readonly', '');
    await expect(edit.getByRole('textbox', { name: 'Contraseña', exact: true })).toHaveValue('');
    await expect(edit.getByRole('combobox', { name: 'Puesto de trabajo' })).toHaveValue('Carpintero');
    await edit.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Editada');
    // Clearing the optional job position.
    await edit.getByRole('button', { name: 'Quitar puesto de trabajo' }).click();
    await expect(edit.getByRole('combobox', { name: 'Puesto de trabajo' })).toHaveValue('');
    const putBody = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/users/'));
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    const body = (await putBody).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('username');
    expect(body.descripcion_puesto_uuid).toBeNull();
    await expect(page.getByText(MESSAGES.success.userUpdated)).toBeVisible();
    await expect(created).toContainText('Editada');

    await created.getByRole('button', { name: `Eliminar usuario ${username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Usuario: Lucía Editada' });
    // A delete deactivates (shared DECISIONS section 8): the dialog says so, not 'permanent'.
    await expect(confirm).toContainText('El usuario quedará inactivo');
    await expect(confirm).toContainText('puede reactivarlo');
    await expect(confirm).not.toContainText('permanente');
    await expect(confirm).toContainText('ELIMINAR');
    const confirmButton = confirm.getByRole('button', { name: 'Confirmar' });
    await expect(confirmButton).toBeDisabled();
    await confirm.getByRole('textbox').fill('eliminar');
    await expect(confirmButton).toBeDisabled();
    await confirm.getByRole('textbox').fill('ELIMINAR');
    await confirmButton.click();
    await expect(page.getByText(MESSAGES.success.userDeleted)).toBeVisible();
    await expect(created).toContainText('Inactivo');
    // An inactive user offers only its reactivation.
    await expect(created.getByRole('button')).toHaveText(['Reactivar']);
  });

  test('a supervisor sees only the users of its areas (Carpintería, Tapicería)', async ({ page }) => {
    await openUsers(page, 'supervisor');
    for (const username of ['supervisor', 'operario', 'mlopez']) await expect(row(page, username)).toBeVisible();
    await expect(row(page, 'jruiz')).toHaveCount(0);
    await expect(page.getByText('Julián')).toHaveCount(0);
    // Its role holds create:user and update:user but not delete:user.
    await expect(page.getByRole('button', { name: 'Nuevo Usuario' })).toBeVisible();
    await expect(row(page, 'operario').getByRole('button', { name: 'Editar usuario operario' })).toBeVisible();
    await expect(row(page, 'operario').getByRole('button', { name: 'Eliminar usuario operario' })).toHaveCount(0);

    // The form offers only its own areas.
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Áreas' }).click();
    await expect(page.getByRole('option', { name: 'Carpintería' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Tapicería' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Logística' })).toHaveCount(0);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`screenshot at ${viewport.width}px, no page-level horizontal scroll`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openUsers(page, 'admin');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(shotsDir, `users-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByText(MESSAGES.validation.usernameRequired)).toBeVisible();
      await page.screenshot({ path: join(shotsDir, `users-form-${viewport.width}.png`) });
    });
  }
});
