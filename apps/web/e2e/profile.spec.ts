import { MESSAGES } from '@gestar/contracts';
import { createOperario, expect, loginAs, test } from './fixtures';

test.describe('profile (SPEC 2.15)', () => {
  test('shows the logged-in user, loaded from the API', async ({ page }) => {
    await loginAs(page, 'admin');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/*', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/perfil');
    await expect(page.getByRole('main').getByText('Cargando...')).toBeVisible();
    release();

    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    const info = page.getByRole('region', { name: 'Información personal' });
    for (const text of ['Ana', 'Martínez', 'admin', 'Administrador', 'Carpintería', 'Tapicería', 'Logística', 'Jefe de planta']) {
      await expect(info.getByText(text, { exact: true })).toBeVisible();
    }
  });

  test('a failed load shows the profile error', async ({ page }) => {
    await loginAs(page, 'operario');
    await page.route('**/api/users/*', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ statusCode: 404, message: 'x', error: 'Not Found' }) }),
    );
    await page.goto('/perfil');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.errors.profileLoadFailed);
  });

  test('change password: mismatch, wrong current password, then success', async ({ page, request }) => {
    test.slow(); // four logins and a user created through the API
    const user = await createOperario(request);
    await loginAs(page, user.username, user.password);
    await page.goto('/perfil');
    const security = page.getByRole('region', { name: 'Seguridad' });
    await security.getByRole('button', { name: 'Cambiar contraseña' }).click();
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    const current = form.getByRole('textbox', { name: 'Contraseña actual' });
    const next = form.getByRole('textbox', { name: 'Nueva contraseña', exact: true });
    const confirm = form.getByRole('textbox', { name: 'Confirmar nueva contraseña' });

    let changeCalls = 0;
    page.on('request', (r) => void (r.url().endsWith('/change-password') && changeCalls++));
    await current.fill(user.password);
    await next.fill('nuevaClave123');
    await confirm.fill('otraClave123');
    await form.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(form.getByText(MESSAGES.validation.passwordsDoNotMatch)).toBeVisible();
    expect(changeCalls).toBe(0);

    await current.fill('no-es-la-actual');
    await confirm.fill('nuevaClave123');
    await form.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(form.getByRole('alert')).toHaveText(MESSAGES.errors.currentPasswordWrong);
    await expect(page).toHaveURL(/\/perfil$/);

    await current.fill(user.password);
    await form.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText(MESSAGES.success.passwordChanged)).toBeVisible();
    await expect(form).toBeHidden();

    await security.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, user.username, 'nuevaClave123');
    await expect(page).toHaveURL(/\/$/);
  });
});
