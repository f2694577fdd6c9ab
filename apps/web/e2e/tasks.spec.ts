/** /tareas 'Lista de Tareas' and the task form (SPEC sections 2.6 and 5). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarDateIn, defaultDueDate, MESSAGES, type RichTextBlock } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { newTaskForm, seedTask } from './board-helpers';

// Multi-step flows on a 2-core machine shared with other suites: the default 30 s is too tight.
test.describe.configure({ timeout: 120_000 });

const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

function ddmmyyyy(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

test('a task is created with a rich-text description and a schedule', async ({ page, request }) => {
  const titulo = `Programada ${Math.random().toString(36).slice(2, 8)}`;
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await expect(page.getByRole('heading', { name: 'Lista de Tareas' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Tarea' });

  // Nothing chosen yet: the schema messages of SPEC section 5.
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('El título es requerido')).toBeVisible();
  await expect(dialog.getByText('Los usuarios asignados son requeridos')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
  const editor = dialog.getByRole('textbox', { name: 'Descripción' });
  await editor.click();
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Importante');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' revisar antes');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Lista con viñetas' }).click();
  await page.keyboard.type('Medir');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Cortar');

  await dialog.getByRole('combobox', { name: 'Tipo de tarea' }).click();
  await page.getByRole('option', { name: 'Mantenimiento' }).click();
  const users = dialog.getByRole('combobox', { name: 'Usuarios asignados' });
  await expect(users).toBeDisabled();
  await expect(users).toHaveAttribute('placeholder', 'Seleccione un área primero');
  await dialog.getByRole('combobox', { name: 'Área' }).click();
  // Only the supervisor's own areas.
  await expect(page.getByRole('option', { name: 'Logística' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await users.click();
  await expect(page.getByRole('option', { name: 'María López' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Oscar Pérez' }).click();
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).click();

  await expect(dialog.getByText('La selección del día actual está disponible hasta las 22 horas.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fecha de vencimiento' })).toHaveText(ddmmyyyy(defaultDueDate()));

  await dialog.getByRole('switch', { name: 'Programar tarea' }).check({ force: true });
  await dialog.getByRole('combobox', { name: 'Intervalo de repetición' }).click();
  await page.getByRole('option', { name: 'Semanal (7 días)' }).click();
  await page.screenshot({ path: join(shots, 'task-form-1280.png'), fullPage: true });

  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Tarea creada exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByPlaceholder('Buscar tareas...').fill(titulo);
  const row = page.getByRole('row').filter({ hasText: titulo });
  await expect(row).toContainText('7 días');
  await expect(row).toContainText('Oscar Pérez');
  await page.screenshot({ path: join(shots, 'tasks-1280.png'), fullPage: true });

  await row.getByRole('button', { name: `Ver detalles de ${titulo}` }).click();
  const details = page.getByRole('dialog', { name: 'Detalles de la Tarea' });
  await expect(details.locator('strong', { hasText: 'Importante' })).toBeVisible();
  await expect(details.getByRole('listitem')).toHaveText(['Medir', 'Cortar']);
  await expect(details.getByText('Programación')).toBeVisible();
  await expect(details.getByText('Activa', { exact: true })).toBeVisible();

  // The stored description is the block format of SPEC section 3.
  const token = await apiToken(request, 'supervisor');
  const list = (await (await request.get(`/api/tasks?titulo=${encodeURIComponent(titulo)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { descripcion: string; programaciones_tareas: { intervalo_repeticion: number } | null }[];
  };
  const blocks = JSON.parse(list.data[0]!.descripcion) as RichTextBlock[];
  expect(blocks[0]).toEqual({ type: 'paragraph', children: [{ text: 'Importante', bold: true }, { text: ' revisar antes' }] });
  expect(blocks[1]).toEqual({
    type: 'bulleted-list',
    children: [
      { type: 'list-item', children: [{ text: 'Medir' }] },
      { type: 'list-item', children: [{ text: 'Cortar' }] },
    ],
  });
  expect(list.data[0]!.programaciones_tareas?.intervalo_repeticion).toBe(7);
});

test('a task repeats on chosen weekdays from its form: next dates, the due date within them, and back to days', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await page.getByPlaceholder('Buscar tareas...').fill(titulo);
  const row = page.getByRole('row').filter({ hasText: titulo });
  await row.getByRole('button', { name: `Editar ${titulo}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Tarea' });
  await edit.getByRole('switch', { name: 'Programar tarea' }).check({ force: true });
  await edit.getByRole('combobox', { name: 'Repetición', exact: true }).click();
  await page.getByRole('option', { name: 'Algunos días de la semana' }).click();
  await expect(edit.getByRole('button', { name: 'Desde' })).toBeVisible();
  const group = edit.getByRole('group', { name: 'Días de la semana' });
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']) {
    if (await group.getByRole('checkbox', { name: day }).isChecked()) await group.getByText(day, { exact: true }).click();
  }
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit.getByText(MESSAGES.validation.weekdaysRequired)).toBeVisible();
  for (const day of ['lunes', 'viernes']) await group.getByText(day, { exact: true }).click();
  await expect(edit.getByText('Cada semana: lunes y viernes')).toBeVisible();
  const next = edit.getByRole('list', { name: 'Próximas fechas' }).getByRole('listitem');
  const onRule = (texts: string[]) => texts.length === 5 && texts.every((d) => /^(lun|vie)\.? /.test(d.trim()));
  await expect.poll(async () => onRule(await next.allInnerTexts())).toBe(true);
  await page.screenshot({ path: join(shots, 'task-form-rule-1280.png'), fullPage: true });

  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  await expect(row).toContainText('Cada semana: lunes y viernes');
  await row.getByRole('button', { name: `Ver detalles de ${titulo}` }).click();
  const details = page.getByRole('dialog', { name: 'Detalles de la Tarea' });
  await expect(details.getByText('Repetición')).toBeVisible();
  await expect(details).toContainText('Cada semana: lunes y viernes');
  await details.press('Escape');

  const token = await apiToken(request, 'supervisor');
  const stored = async () =>
    (
      (await (await request.get(`/api/tasks?titulo=${encodeURIComponent(titulo)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        data: { programaciones_tareas: { regla: string; intervalo_repeticion: number } | null }[];
      }
    ).data[0]!.programaciones_tareas;
  expect(await stored()).toMatchObject({ regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,FR' });

  // The first save's toast goes first, so the next one is the second save's.
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeHidden();
  // Opened again, the form shows the rule; back to every seven days drops it.
  await row.getByRole('button', { name: `Editar ${titulo}` }).click();
  await expect(edit.getByRole('combobox', { name: 'Repetición', exact: true })).toHaveValue('Algunos días de la semana');
  await expect(group.getByRole('checkbox', { name: 'lunes' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'viernes' })).toBeChecked();
  await expect(group.getByRole('checkbox', { name: 'martes' })).not.toBeChecked();
  await edit.getByRole('combobox', { name: 'Repetición', exact: true }).click();
  await page.getByRole('option', { name: 'Cada cierto número de días' }).click();
  await edit.getByRole('combobox', { name: 'Intervalo de repetición' }).click();
  await page.getByRole('option', { name: 'Semanal (7 días)' }).click();
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  await expect(row).toContainText('7 días');
  expect(await stored()).toMatchObject({ regla: 'FREQ=DAILY;INTERVAL=7', intervalo_repeticion: 7 });
});

test('a new task on the last Friday of each month is due between its first date and the next', async ({ page, request }) => {
  const titulo = `Inventario ${Math.random().toString(36).slice(2, 8)}`;
  await loginAs(page, 'supervisor');
  const dialog = await newTaskForm(page, titulo, 'Contar tableros');

  await dialog.getByRole('switch', { name: 'Programar tarea' }).check({ force: true });
  await dialog.getByRole('combobox', { name: 'Repetición', exact: true }).click();
  await page.getByRole('option', { name: 'Un día de la semana de cada mes' }).click();
  await dialog.getByRole('combobox', { name: 'Cuál' }).click();
  await page.getByRole('option', { name: 'Último' }).click();
  await dialog.getByRole('combobox', { name: 'Día de la semana' }).click();
  await page.getByRole('option', { name: 'viernes' }).click();
  await dialog.getByRole('combobox', { name: 'Termina' }).click();
  await page.getByRole('option', { name: 'Después de una cantidad de veces' }).click();
  await dialog.getByRole('textbox', { name: 'Cantidad de veces' }).fill('6');
  await expect(dialog.getByText('Cada mes, el último viernes')).toBeVisible();
  const next = dialog.getByRole('list', { name: 'Próximas fechas' }).getByRole('listitem');
  await expect.poll(async () => (await next.allInnerTexts()).length === 5 && (await next.allInnerTexts()).every((d) => /^vie\.? /.test(d.trim()))).toBe(true);
  const first = (await next.nth(0).locator('time').getAttribute('datetime'))!;
  const second = (await next.nth(1).locator('time').getAttribute('datetime'))!;
  // The due date moves to the first date (the API refuses one after the second).
  await expect(dialog.getByRole('button', { name: 'Fecha de vencimiento' })).toHaveText(ddmmyyyy(first));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'task-form-rule-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Tarea creada exitosamente')).toBeVisible();
  await page.getByPlaceholder('Buscar tareas...').fill(titulo);
  const row = page.getByRole('row').filter({ hasText: titulo });
  await expect(row).toContainText('Cada mes, el último viernes');
  const token = await apiToken(request, 'supervisor');
  const list = (await (await request.get(`/api/tasks?titulo=${encodeURIComponent(titulo)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { programaciones_tareas: { regla: string; repeticiones: number | null; proxima_ejecucion: string } | null }[];
  };
  const schedule = list.data[0]!.programaciones_tareas!;
  expect(schedule).toMatchObject({ regla: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR', repeticiones: 6 });
  expect(calendarDateIn(schedule.proxima_ejecucion)).toBe(first);
  expect(second > first).toBe(true);
});

test('edit and delete dialogs', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'admin');
  await page.goto('/tareas');
  await page.getByPlaceholder('Buscar tareas...').fill(titulo);
  const row = page.getByRole('row').filter({ hasText: titulo });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Editar ${titulo}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Tarea' });
  await edit.getByRole('textbox', { name: 'Título', exact: true }).fill(`${titulo} editada`);
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();
  const edited = page.getByRole('row').filter({ hasText: `${titulo} editada` });
  await expect(edited).toBeVisible();

  await edited.getByRole('button', { name: `Eliminar ${titulo} editada` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar Tarea' });
  await expect(confirm).toContainText('Oscar Pérez');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Tarea eliminada exitosamente')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${titulo} editada` })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list and the form fit a phone', async ({ page }) => {
    await loginAs(page, 'supervisor');
    await page.goto('/tareas');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await page.screenshot({ path: join(shots, 'tasks-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Nueva Tarea' }).click();
    await page.getByRole('dialog', { name: 'Nueva Tarea' }).getByRole('switch', { name: 'Programar tarea' }).check({ force: true });
    await page.screenshot({ path: join(shots, 'task-form-390.png'), fullPage: true });
  });
});
