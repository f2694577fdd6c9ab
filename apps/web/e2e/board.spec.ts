/** The home board (SPEC sections 2.4, 2.5): status changes, archiving, the drawer, comments. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';
import { card, column, moveCard, seedTask } from './board-helpers';

// Multi-step flows on a 2-core machine shared with other suites: the default 30 s is too tight.
test.describe.configure({ timeout: 120_000 });

/** The first board render loads lazy chunks and three queries; slow on a busy 2-core machine. */
const FIRST_LOAD_MS = 15_000;
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('an operario moves a card to another status', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'operario');
  await expect(column(page, 'Pendiente').getByRole('article', { name: titulo })).toBeVisible({ timeout: FIRST_LOAD_MS });
  // No filters, no assignee, no archive for an operario.
  await expect(page.getByRole('combobox', { name: 'Áreas' })).toHaveCount(0);
  await expect(card(page, titulo).getByRole('button', { name: 'Archivar' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'PENDIENTE' }).or(page.getByText('PENDIENTE', { exact: true }))).toBeVisible();

  await moveCard(page, titulo, 'En progreso');
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  await expect(column(page, 'En progreso').getByRole('article', { name: titulo })).toBeVisible();
  await expect(column(page, 'Pendiente').getByRole('article', { name: titulo })).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'board-1280.png'), fullPage: true });
});

test('a supervisor archives a task with a rating and the card leaves the board', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'supervisor');
  const target = card(page, titulo);
  await expect(target).toBeVisible({ timeout: FIRST_LOAD_MS });
  await expect(target.getByTestId('task-assignee')).toHaveText('Oscar Pérez');
  await expect(page.getByRole('combobox', { name: 'Áreas' })).toBeVisible();

  await target.getByRole('button', { name: 'Archivar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archivar y calificar tarea' });
  await expect(dialog.getByRole('combobox', { name: 'Calificación' })).toHaveValue('Sin calificación');
  await dialog.getByRole('combobox', { name: 'Calificación' }).click();
  await page.getByRole('option', { name: '5 - Excelente' }).click();
  await dialog.getByLabel('Observaciones').fill('Impecable');
  await page.screenshot({ path: join(shots, 'board-archive-1280.png') });
  await dialog.getByRole('button', { name: 'Archivar' }).click();
  await expect(page.getByText('Tarea archivada y calificada correctamente')).toBeVisible();
  await expect(card(page, titulo)).toHaveCount(0);
});

test('a supervisor cannot archive with an out-of-range rating through the API', async ({ request }) => {
  // The dialog offers only 1..5; the server refuses anything else.
  const { titulo } = await seedTask(request);
  const login = await request.post('/api/auth/login', { data: { username: 'supervisor', password: 'demo1234' } });
  const { token, user } = (await login.json()) as { token: string; user: { uuid: string } };
  const headers = { Authorization: `Bearer ${token}` };
  const board = (await (await request.get(`/api/assigned-tasks/${user.uuid}`, { headers })).json()) as { uuid: string; tarea: { titulo: string } }[];
  const target = board.find((t) => t.tarea.titulo === titulo)!;
  const refused = await request.put(`/api/assigned-tasks/${target.uuid}`, { headers, data: { archivada: true, calificacion: 6 } });
  expect(refused.status()).toBe(400);
});

test('the drawer shows the task, and its author edits a comment', async ({ page, request }) => {
  const { titulo } = await seedTask(request, {
    descripcion: JSON.stringify([
      { type: 'heading-two', children: [{ text: 'Pasos' }] },
      { type: 'paragraph', children: [{ text: '<script>window.__pwned = true</script>', bold: true }] },
      { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'Medir' }] }, { type: 'list-item', children: [{ text: 'Cortar' }] }] },
      { type: 'paragraph', children: [{ text: 'Ver ' }, { type: 'link', url: 'https://example.com/plano', children: [{ text: 'el plano' }] }] },
    ]),
  });
  await loginAs(page, 'operario');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: FIRST_LOAD_MS });
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('heading', { name: titulo })).toBeVisible();
  // Rich text is rendered as elements; markup in the text stays text.
  await expect(drawer.getByText('<script>window.__pwned = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  const link = drawer.getByRole('link', { name: 'el plano' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  await expect(drawer.getByRole('listitem').filter({ hasText: 'Cortar' })).toBeVisible();
  for (const section of ['Detalles', 'Usuario Asignado', 'Comentarios', 'Historial']) {
    await expect(drawer.getByRole('button', { name: section })).toBeVisible();
  }

  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Arranco mañana');
  await drawer.getByRole('button', { name: 'Agregar comentario' }).click();
  await expect(page.getByText('Comentario agregado correctamente')).toBeVisible();
  const comment = drawer.getByTestId('comment').filter({ hasText: 'Arranco mañana' });
  await comment.getByRole('button', { name: 'Editar comentario' }).click();
  // While editing, the card's text lives in the textarea: find the editor in the drawer.
  await drawer.getByRole('textbox', { name: 'Editar comentario' }).fill('Arranco hoy a la tarde');
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Comentario actualizado correctamente')).toBeVisible();
  await expect(drawer.getByTestId('comment').filter({ hasText: 'Arranco hoy a la tarde' })).toBeVisible();
  await expect(drawer.getByTestId('history')).toContainText('coment', { ignoreCase: true });
  await page.screenshot({ path: join(shots, 'drawer-1280.png') });

  await drawer.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(drawer).toBeHidden();
});

test('its author deletes a comment after confirming', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'operario');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: FIRST_LOAD_MS });
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: titulo }) });
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Comentario para borrar');
  await drawer.getByRole('button', { name: 'Agregar comentario' }).click();
  await expect(page.getByText('Comentario agregado correctamente')).toBeVisible();
  const comment = drawer.getByTestId('comment').filter({ hasText: 'Comentario para borrar' });
  await comment.getByRole('button', { name: 'Eliminar comentario' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar comentario' });
  await expect(confirm.getByText('¿Eliminar este comentario? Esta acción no se puede deshacer.')).toBeVisible();
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/comments\//.test(r.url()));
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByText('Comentario eliminado correctamente')).toBeVisible();
  await expect(comment).toHaveCount(0);
  await expect(confirm).toBeHidden();
});

test('only the author sees the edit and delete icons of a comment', async ({ page }) => {
  // The seed has operario's comment on 'Armar mesa de roble para pedido 1042'.
  await loginAs(page, 'supervisor');
  const titulo = 'Armar mesa de roble para pedido 1042';
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click();
  const comment = page.getByRole('dialog').getByTestId('comment').filter({ hasText: 'Empiezo después del almuerzo.' });
  await expect(comment).toBeVisible();
  await expect(comment.getByRole('button', { name: 'Editar comentario' })).toHaveCount(0);
  await expect(comment.getByRole('button', { name: 'Eliminar comentario' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('columns become tabs with counts, opening on the in-progress status', async ({ page }) => {
    await loginAs(page, 'operario');
    const tab = page.getByRole('tab', { name: /EN PROGRESO/ });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /PENDIENTE/ })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
    await page.screenshot({ path: join(shots, 'board-390.png'), fullPage: true });
    await page.getByRole('tabpanel').getByRole('article').first().getByRole('button', { name: 'Ver detalles' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The picture once the drawer has finished sliding in.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: join(shots, 'drawer-390.png') });
  });
});
