/**
 * Finding things on the board: a link per task (`/?tarea=<uuid>`) that opens
 * the drawer, also for an archived task; the back button closes it; search by
 * title and 'Solo mis tareas' kept in the URL; keyboard shortcuts; and the
 * drawer's own status, due date and assignee controls.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';
import { assignedUuid, card, column, createCarpenter, seedTask, updateAsAdmin } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

const FIRST_LOAD_MS = 15_000;
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('a card opens its link; back closes the drawer; a link opens an archived task', async ({ page, request }) => {
  const person = await createCarpenter(request);
  const { titulo } = await seedTask(request, { assignee: person.username });
  const archived = await seedTask(request, { assignee: person.username });
  const archivedUuid = await assignedUuid(request, person.uuid, archived.titulo);
  await updateAsAdmin(request, archivedUuid, { archivada: true, calificacion: 5 });
  const uuid = await assignedUuid(request, person.uuid, titulo);

  await loginAs(page, person.username, person.password);
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: FIRST_LOAD_MS });
  const drawer = page.getByRole('dialog', { name: titulo });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]tarea=${uuid}`));
  await page.goBack();
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/tarea=/);

  // A shared link: the drawer opens on load; the task is archived, so it is not on the board.
  await page.goto(`/?tarea=${archivedUuid}`);
  const linked = page.getByRole('dialog', { name: archived.titulo });
  await expect(linked).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(linked.getByText('Archivada', { exact: true })).toBeVisible();
  await expect(card(page, archived.titulo)).toHaveCount(0);
  await linked.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(linked).toBeHidden();
  await expect(page).not.toHaveURL(/tarea=/);
});

test('a link to a task of someone else outside the scope says so', async ({ page, request }) => {
  const person = await createCarpenter(request);
  const { titulo } = await seedTask(request, { assignee: person.username });
  const uuid = await assignedUuid(request, person.uuid, titulo);
  await loginAs(page, 'operario');
  await page.goto(`/?tarea=${uuid}`);
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('No tiene acceso a esta tarea', { timeout: FIRST_LOAD_MS });
});

test('search and "Solo mis tareas" live in the URL and survive a reload; / and ? shortcuts', async ({ page, request }) => {
  const mine = await seedTask(request, { assignee: 'supervisor', titulo: `Buscable ${Math.random().toString(36).slice(2, 7)}` });
  const other = await seedTask(request, { titulo: `Buscable ${Math.random().toString(36).slice(2, 7)}` });
  await loginAs(page, 'supervisor');
  await expect(card(page, other.titulo)).toBeVisible({ timeout: FIRST_LOAD_MS });

  await page.locator('body').press('/');
  const search = page.getByRole('textbox', { name: 'Buscar' });
  await expect(search).toBeFocused();
  await search.fill(other.titulo.slice(-5).toUpperCase());
  await expect(page).toHaveURL(new RegExp(`q=${other.titulo.slice(-5).toUpperCase()}`));
  await expect(card(page, other.titulo)).toBeVisible();
  await expect(card(page, mine.titulo)).toHaveCount(0);

  await search.fill('Buscable');
  // The switch follows the URL, which the router updates in a transition: click, then wait for it.
  await page.getByRole('switch', { name: 'Solo mis tareas' }).click();
  await expect(page.getByRole('switch', { name: 'Solo mis tareas' })).toBeChecked();
  // The search lands after the switch: both stay.
  await expect(page).toHaveURL(/[?&]q=Buscable(&|$)/);
  await expect(page).toHaveURL(/mias=1/);
  await expect(card(page, mine.titulo)).toBeVisible();
  await expect(card(page, other.titulo)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Buscar' })).toHaveValue('Buscable', { timeout: FIRST_LOAD_MS });
  await expect(page.getByRole('switch', { name: 'Solo mis tareas' })).toBeChecked();
  await expect(card(page, mine.titulo)).toBeVisible();
  await expect(card(page, other.titulo)).toHaveCount(0);

  await page.locator('body').press('?');
  const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('the drawer changes the status and, with assign:task, the assignee', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'supervisor');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: FIRST_LOAD_MS });
  const drawer = page.getByRole('dialog', { name: titulo });
  await drawer.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('listbox', { name: 'Estado' }).getByRole('option', { name: 'En progreso' }).click();
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  await expect(column(page, 'En progreso').getByRole('article', { name: titulo })).toBeVisible();
  await expect(drawer.getByTestId('history')).toContainText('Pendiente → En progreso');

  await drawer.getByRole('combobox', { name: 'Responsable' }).click();
  await page.getByRole('listbox', { name: 'Responsable' }).getByRole('option', { name: 'Sergio Gómez' }).click();
  await expect(page.getByText('Responsable actualizado')).toBeVisible();
  await expect(card(page, titulo).getByTestId('task-assignee')).toHaveText('Sergio Gómez');
  await expect(drawer.getByTestId('history')).toContainText('Reasignada de Oscar Pérez a Sergio Gómez');
  await page.screenshot({ path: join(shots, 'drawer-edit-1280.png') });
});
