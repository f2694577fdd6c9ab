/** A notification about a task opens that task: the bell's inbox item marks it read and opens the drawer. */
import { MESSAGES } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { createCarpenter } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

test('clicking a "Nueva tarea asignada" notification opens the task it is about', async ({ page, request }) => {
  const worker = await createCarpenter(request);
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const [tarea] = ((await (await request.get('/api/tasks?limit=100', { headers })).json()) as { data: { uuid: string; titulo: string; area: { nombre: string } }[] }).data.filter(
    (t) => t.area.nombre === 'Carpintería',
  );
  const assigned = await request.post('/api/assigned-tasks', {
    headers,
    data: { tarea_uuid: tarea!.uuid, usuarios_asignados: [worker.uuid], fecha_vencimiento: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) },
  });
  expect(assigned.status()).toBe(201);
  const [occ] = (await assigned.json()) as { uuid: string }[];

  await loginAs(page, worker.username, worker.password);
  const bell = page.getByRole('button', { name: 'Notificaciones (1 sin leer)' });
  await expect(bell).toBeVisible();
  await bell.click();
  const item = page.getByRole('button', { name: `Abrir la tarea: ${MESSAGES.notifications.taskAssignedTitle}` });
  await expect(item).toContainText(tarea!.titulo);
  await item.click();
  await expect(page).toHaveURL(new RegExp(`\\?tarea=${occ!.uuid}$`));
  await expect(page.getByRole('dialog').getByRole('heading', { name: tarea!.titulo })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
  // The back button closes the drawer.
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
});
