/**
 * SPEC section 8: when the server gives no message (here the network fails), the
 * screens show the fallback texts, written out here as SPEC gives them.
 */
import { expect, loginAs, test } from './fixtures';

test('the tasks list says «Error: Error al cargar las tareas» when the list cannot be read', async ({ page }) => {
  await page.route('**/api/tasks?*', (route) => (route.request().method() === 'GET' ? route.abort('failed') : route.fallback()));
  await loginAs(page, 'admin');
  await page.goto('/tareas');
  await expect(page.getByRole('alert').filter({ hasText: 'Error: Error al cargar las tareas' })).toBeVisible({ timeout: 20_000 });
});
