/** Suggestions from the detail drawer: an operario proposes an improvement, edits it; others see it without edit icons. */
import { MESSAGES } from '@gestar/contracts';
import { card, seedTask } from './board-helpers';
import { expect, loginAs, test } from './fixtures';

test.setTimeout(120_000);

test('an operario adds and edits a suggestion; the supervisor sees it read-only', async ({ page, request, browser }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'operario');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: 30_000 });
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Sugerencias' }).click();
  await expect(drawer.getByText('No hay sugerencias disponibles')).toBeVisible();
  await drawer.getByRole('textbox', { name: 'Nueva sugerencia' }).fill('Usar una plantilla de corte');
  await drawer.getByRole('button', { name: 'Agregar sugerencia' }).click();
  await expect(page.getByText(MESSAGES.success.suggestionSaved).first()).toBeVisible();
  const item = drawer.getByTestId('suggestion').filter({ hasText: 'Usar una plantilla de corte' });
  await expect(item).toBeVisible();

  await item.getByRole('button', { name: 'Editar sugerencia' }).click();
  await drawer.getByRole('textbox', { name: 'Editar sugerencia' }).fill('Usar una plantilla de corte de MDF');
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(drawer.getByTestId('suggestion').filter({ hasText: 'plantilla de corte de MDF' })).toBeVisible();

  // The supervisor (same area) sees the suggestion but cannot edit someone else's.
  const context = await browser.newContext();
  const other = await context.newPage();
  await loginAs(other, 'supervisor');
  await card(other, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: 30_000 });
  const drawer2 = other.getByRole('dialog');
  await drawer2.getByRole('button', { name: 'Sugerencias' }).click();
  const seen = drawer2.getByTestId('suggestion').filter({ hasText: 'plantilla de corte de MDF' });
  await expect(seen).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Editar sugerencia' })).toHaveCount(0);
  await context.close();
});
