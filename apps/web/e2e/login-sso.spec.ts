/**
 * The login screen's company sign-in: the button shows when the server says OpenID is configured
 * (the flow itself runs against a real provider in apps/api/test/sso-oidc.e2e-spec.ts), and a
 * sign-in the server refused comes back with its reason in Spanish.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AuthProvidersResponseSchema, MESSAGES } from '@gestar/contracts';
import { expect, test } from './fixtures';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('without OpenID configured there is no company button', async ({ page }) => {
  const providers = page.waitForResponse((r) => r.url().endsWith('/api/auth/providers'));
  await page.goto('/login');
  const answer = AuthProvidersResponseSchema.parse(await (await providers).json());
  expect(answer.oidc).toBeNull();
  await expect(page.getByRole('link', { name: /^Ingresar con / })).toHaveCount(0);
});

test("'Ingresar con ...' starts the provider's sign-in; a refusal comes back with its reason", async ({ page }) => {
  await page.route('**/api/auth/providers', (route) =>
    route.fulfill({ json: AuthProvidersResponseSchema.parse({ oidc: { nombre: 'Cuenta de Muebles del Sur' }, ldap: true }) }),
  );
  await page.goto('/login?sso_error=grupo');
  const button = page.getByRole('link', { name: 'Ingresar con Cuenta de Muebles del Sur' });
  await expect(button).toHaveAttribute('href', '/api/auth/oidc/start');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.errors.ssoNoGroup);
  await page.screenshot({ path: join(shots, 'login-sso-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'login-sso-390.png') });
  // Without OpenID on this server, the start sends the browser back to the login screen.
  await button.click();
  await expect(page).toHaveURL(/\/login$/);
});
