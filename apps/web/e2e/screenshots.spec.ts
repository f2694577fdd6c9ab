/**
 * Pictures of the screens this foundation owns, at desktop and phone widths,
 * for a person to look at: e2e/.artifacts/screenshots/<name>-<width>.png.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';

const outDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('login, home shell, profile, not-authorized', async ({ page }) => {
      test.slow(); // many page loads and full-page pictures
      const shot = (name: string) => page.screenshot({ path: join(outDir, `${name}-${viewport.width}.png`), fullPage: true });
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
      await shot('login');

      await page.getByRole('textbox', { name: 'Usuario', exact: true }).fill('admin');
      await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('incorrecta');
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shot('login-error');

      await loginAs(page, 'admin');
      await expect(page.getByRole('heading', { name: 'Hola, Ana' })).toBeVisible();
      await shot('home');
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await expect(page.getByRole('navigation', { name: 'Menú', exact: true })).toBeVisible();
        await shot('home-menu');
        await page.keyboard.press('Escape');
      }

      await page.goto('/perfil');
      await expect(page.getByText('Jefe de planta')).toBeVisible();
      await page.getByRole('region', { name: 'Seguridad' }).getByRole('button', { name: 'Cambiar contraseña' }).click();
      await expect(
        page.getByRole('form', { name: 'Cambiar contraseña' }).getByRole('textbox', { name: 'Contraseña actual' }),
      ).toBeVisible();
      await shot('profile');

      await page.goto('/not-authorized');
      await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
      await shot('not-authorized');
    });

    test('the confirmations: sending to everyone, deactivating a user', async ({ page }) => {
      test.slow();
      const shot = (name: string) => page.screenshot({ path: join(outDir, `${name}-${viewport.width}.png`) });
      await loginAs(page, 'admin');
      await page.goto('/notificaciones');
      const form = page.getByRole('form', { name: 'Enviar notificación' });
      await form.getByRole('textbox', { name: 'Título' }).fill('Corte de luz');
      await form.getByRole('textbox', { name: 'Mensaje' }).fill('Mañana a las 8 no hay luz en el taller.');
      await form.getByRole('button', { name: 'Enviar a Todos' }).click();
      const mass = page.getByRole('dialog', { name: 'Enviar a todos' });
      await expect(mass.getByRole('button', { name: /^Enviar a \d+ personas?$/ })).toBeEnabled();
      await shot('notifications-send-all');
      await mass.getByRole('button', { name: 'Cancelar' }).click();
      await expect(mass).toBeHidden();

      await page.goto('/usuarios');
      await page.getByRole('textbox', { name: 'Filtrar por usuario' }).fill('mlopez');
      await page.getByRole('button', { name: 'Eliminar usuario mlopez' }).click();
      const confirm = page.getByRole('dialog', { name: /^Eliminar Usuario/ });
      await expect(confirm).toContainText('inactivo');
      await shot('users-deactivate');
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(confirm).toBeHidden();
    });
  });
}
