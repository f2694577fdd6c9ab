import { MESSAGES } from '@gestar/contracts';
import { expect, loginAs, test } from './fixtures';

test.describe('login (SPEC 2.3)', () => {
  test('shows the texts, required fields with placeholders and the show/hide toggle', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
    await expect(page.getByText('Ingrese sus credenciales para continuar')).toBeVisible();

    const username = page.getByRole('textbox', { name: 'Usuario', exact: true });
    await expect(username).toHaveAttribute('placeholder', 'Ingrese su usuario');
    await expect(username).toHaveAttribute('required', '');
    const password = page.getByRole('textbox', { name: 'Contraseña', exact: true });
    await expect(password).toHaveAttribute('placeholder', 'Ingrese su contraseña');
    await expect(password).toHaveAttribute('required', '');
    await expect(password).toHaveAttribute('type', 'password');

    await password.fill('secreto');
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  test('empty fields are not sent', async ({ page }) => {
    await page.goto('/login');
    let calls = 0;
    page.on('request', (r) => void (r.url().includes('/api/auth/login') && calls++));
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(calls).toBe(0);
  });

  test('a wrong password shows the login error and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('admin');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.errors.loginFailed);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the button reads "Iniciando sesión..." while busy, then the session is stored', async ({ page }) => {
    // The sign-in is held at the network until the busy button has been seen.
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/login', async (route) => {
      await seen;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('admin');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Iniciando sesión...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);

    const stored = await page.evaluate(() => ({
      auth: localStorage.getItem('auth'),
      token: localStorage.getItem('token'),
      refreshToken: localStorage.getItem('refreshToken'),
    }));
    expect(JSON.parse(stored.auth ?? '{}')).toMatchObject({ username: 'admin', nombre: 'Ana' });
    expect(stored.token?.split('.')).toHaveLength(3);
    // The refresh token is nowhere a page script can read: not in storage, not in document.cookie.
    expect(stored.refreshToken).toBeNull();
    expect(await page.evaluate(() => Object.values(localStorage).join('|'))).not.toMatch(/refresh/i);
    expect(await page.evaluate(() => document.cookie)).not.toContain('gestar_refresh');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'gestar_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // A reload stays logged in; so does a new access token fetched with the cookie alone.
    await page.evaluate(() => localStorage.setItem('token', 'caducado.x.y'));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
    expect((await page.evaluate(() => localStorage.getItem('token')))?.split('.')).toHaveLength(3);
  });

  test('a logged-out visit to /perfil goes to /login and back to /perfil after login', async ({ page }) => {
    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/login$/);
    await loginAs(page, 'operario');
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  });
});
