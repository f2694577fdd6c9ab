/** Bulk actions of a supervisor: select cards (shift-click for a range), move them, archive them, in one request each. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';
import { card, column, recordTaskCalls, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

const FIRST_LOAD_MS = 15_000;
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('a supervisor selects three cards with shift-click, moves them, then archives them', async ({ page, request }) => {
  const prefix = `Lote ${Math.random().toString(36).slice(2, 7)}`;
  const titles: string[] = [];
  for (const n of [1, 2, 3]) titles.push((await seedTask(request, { titulo: `${prefix} ${n}` })).titulo);
  await loginAs(page, 'supervisor');
  // Only this test's cards on screen: the range is exactly them.
  await page.goto(`/?q=${encodeURIComponent(prefix)}`);
  await expect(card(page, titles[2]!)).toBeVisible({ timeout: FIRST_LOAD_MS });
  const calls = recordTaskCalls(page);

  await card(page, titles[0]!).getByRole('checkbox', { name: `Seleccionar ${titles[0]}` }).click();
  await card(page, titles[2]!).getByRole('checkbox', { name: `Seleccionar ${titles[2]}` }).click({ modifiers: ['Shift'] });
  const bar = page.getByRole('region', { name: 'Acciones para las tareas seleccionadas' });
  await expect(bar).toContainText('3 tareas seleccionadas');
  for (const t of titles) await expect(card(page, t).getByRole('checkbox')).toBeChecked();
  await page.screenshot({ path: join(shots, 'board-bulk-1280.png') });

  await bar.getByRole('combobox', { name: 'Mover a' }).click();
  await page.getByRole('listbox', { name: 'Mover a' }).getByRole('option', { name: 'En progreso' }).click();
  await bar.getByRole('button', { name: 'Mover' }).click();
  await expect(page.getByText('3 tareas actualizadas')).toBeVisible();
  for (const t of titles) await expect(column(page, 'En progreso').getByRole('article', { name: t })).toBeVisible();
  expect(calls.filter((c) => c.startsWith('POST /api/assigned-tasks/bulk'))).toHaveLength(1);
  expect(calls.filter((c) => c.startsWith('PUT '))).toEqual([]);

  // Refused ones stay selected; all three were applied, so the selection is empty.
  await expect(bar).toBeHidden();
  for (const t of titles) await card(page, t).getByRole('checkbox').click();
  await bar.getByRole('button', { name: 'Archivar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archivar y calificar tareas' });
  await expect(dialog).toContainText('Las 3 tareas seleccionadas');
  await dialog.getByLabel('Observaciones').fill('Lote terminado');
  await dialog.getByRole('button', { name: 'Archivar' }).click();
  await expect(page.getByText('3 tareas actualizadas').last()).toBeVisible();
  for (const t of titles) await expect(card(page, t)).toHaveCount(0);
  expect(calls.filter((c) => c.startsWith('POST /api/assigned-tasks/bulk'))).toHaveLength(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bulk bar fits the screen', async ({ page, request }) => {
    const prefix = `Lote ${Math.random().toString(36).slice(2, 7)}`;
    const { titulo } = await seedTask(request, { titulo: `${prefix} 1` });
    await loginAs(page, 'supervisor');
    await page.goto(`/?q=${encodeURIComponent(prefix)}`);
    await card(page, titulo).getByRole('checkbox').click({ timeout: FIRST_LOAD_MS });
    const bar = page.getByRole('region', { name: 'Acciones para las tareas seleccionadas' });
    await expect(bar).toContainText('1 tarea seleccionada');
    const box = await bar.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(shots, 'board-bulk-390.png') });
  });
});
