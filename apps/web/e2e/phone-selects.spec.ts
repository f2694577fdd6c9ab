/**
 * The forms' drop-downs on a phone (issue 36, section 1): at 390 px with touch, each select opens
 * where it is, the page and the dialog keep their width, and a tapped option is chosen. A user is
 * created from a phone.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { MESSAGES } from '@gestar/contracts';
import { expect, loginAs, test } from './fixtures';
import { card, seedTask } from './board-helpers';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
const shots = '/tmp/shots-phone';

/** The widths of the page and of `dialog` over a few frames (a layout that jumps shows several). */
async function widths(page: Page, dialog: Locator | null): Promise<{ page: number[]; dialog: number[] }> {
  const handle = dialog ? await dialog.elementHandle() : null;
  return page.evaluate(async (el) => {
    const seen = { page: new Set<number>(), dialog: new Set<number>() };
    for (let i = 0; i < 20; i++) {
      await new Promise((r) => requestAnimationFrame(r));
      seen.page.add(Math.max(document.documentElement.scrollWidth, window.innerWidth));
      if (el) seen.dialog.add(Math.round((el as HTMLElement).getBoundingClientRect().width));
    }
    return { page: [...seen.page], dialog: [...seen.dialog] };
  }, handle);
}

/** Taps the field, checks nothing widens while its list is open, taps the option. */
async function tapOption(page: Page, field: Locator, option: string, dialog: Locator | null, shot?: string): Promise<void> {
  const before = dialog ? Math.round((await dialog.boundingBox())!.width) : null;
  await field.tap();
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  const seen = await widths(page, dialog);
  expect(seen.page, 'el ancho de la página con la lista abierta').toEqual([390]);
  if (dialog) expect(seen.dialog, 'el ancho del diálogo con la lista abierta').toEqual([before]);
  const box = (await choice.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  if (shot) await page.screenshot({ path: join(shots, shot) });
  await choice.tap();
}

/**
 * Each named select of `scope`, tapped in turn: the list opens without widening anything, and a
 * tapped option (one not chosen yet) is what the field then shows. Multiple choices are closed by a
 * tap on `outside`.
 */
async function tapEach(page: Page, scope: Locator, labels: string[], dialog: Locator | null, outside: Locator): Promise<void> {
  for (const label of labels) {
    const field = scope.getByRole('combobox', { name: label, exact: true });
    await field.scrollIntoViewIfNeeded();
    const before = dialog ? Math.round((await dialog.boundingBox())!.width) : null;
    await field.tap();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first(), label).toBeVisible();
    const seen = await widths(page, dialog);
    expect(seen.page, `${label}: el ancho de la página con la lista abierta`).toEqual([390]);
    if (dialog) expect(seen.dialog, `${label}: el ancho del diálogo con la lista abierta`).toEqual([before]);
    const names = await options.evaluateAll((els) =>
      els.filter((e) => e.getAttribute('aria-selected') !== 'true' && e.getAttribute('aria-disabled') !== 'true').map((e) => (e.textContent ?? '').trim()),
    );
    const name = names[names.length > 1 ? 1 : 0];
    expect(name, `${label}: una opción para elegir`).toBeTruthy();
    const choice = page.getByRole('listbox').getByRole('option', { name, exact: true });
    const box = (await choice.boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    await choice.tap();
    if ((await field.getAttribute('aria-expanded')) === 'true') {
      await outside.tap();
    }
    await expect(page.getByRole('listbox'), label).toBeHidden();
    // What the field shows (a saved choice, as the drawer's, once the server has answered).
    const wrapper = field.locator('xpath=ancestor::*[contains(@class,"mantine-InputWrapper-root")][1]');
    await expect
      .poll(async () => (await field.inputValue()) || ((await wrapper.textContent()) ?? ''), { message: `${label}: muestra lo elegido` })
      .toContain(name!);
  }
}

test('«Nuevo Usuario» on a phone: Rol, Puesto de trabajo and Áreas are chosen by touch, and the user is created', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/usuarios');
  await page.getByRole('button', { name: 'Nuevo Usuario' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await expect(dialog).toBeVisible();
  const username = `tel_${Math.random().toString(36).slice(2, 8)}`;
  await dialog.getByRole('textbox', { name: 'Usuario' }).fill(username);
  await dialog.getByLabel('Contraseña').fill('claveDelTelefono1');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Telma');
  await dialog.getByRole('textbox', { name: 'Apellido' }).fill('Móvil');

  await tapOption(page, dialog.getByRole('combobox', { name: 'Rol' }), 'Operario', dialog, 'users-new-rol-390.png');
  await expect(dialog.getByRole('combobox', { name: 'Rol' })).toHaveValue('Operario');
  await tapOption(page, dialog.getByRole('combobox', { name: 'Puesto de trabajo' }), 'Carpintero', dialog);
  await expect(dialog.getByRole('combobox', { name: 'Puesto de trabajo' })).toHaveValue('Carpintero');
  await tapOption(page, dialog.getByRole('combobox', { name: 'Áreas' }), 'Carpintería', dialog, 'users-new-areas-390.png');
  // A multiple choice stays open for more: a tap outside the list closes it.
  await dialog.getByRole('heading', { name: 'Nuevo Usuario' }).tap();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(dialog.getByText('Carpintería', { exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, 'users-new-filled-390.png') });

  await dialog.getByRole('button', { name: 'Crear' }).tap();
  await expect(page.getByText(MESSAGES.success.userCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the status, task and schedule forms: every drop-down opens in place and takes a tap', async ({ page }) => {
  await loginAs(page, 'admin');

  await page.goto('/estados');
  await page.getByRole('button', { name: 'Nuevo Estado' }).tap();
  const status = page.getByRole('dialog', { name: 'Nuevo Estado' });
  await tapEach(page, status, ['Categoría'], status, status.getByRole('heading', { name: 'Nuevo Estado' }));
  await status.getByRole('button', { name: 'Cancelar' }).tap();

  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Nueva Tarea' }).tap();
  const task = page.getByRole('dialog', { name: 'Nueva Tarea' });
  const taskTitle = task.getByRole('heading', { name: 'Nueva Tarea' });
  await tapEach(page, task, ['Tipo de tarea', 'Área', 'Usuarios asignados'], task, taskTitle);
  await task.getByRole('switch', { name: 'Programar tarea' }).tap();
  await tapEach(page, task, ['Intervalo de repetición', 'Termina', 'En un día no laborable', 'Repetición'], task, taskTitle);
  await page.screenshot({ path: join(shots, 'task-form-selects-390.png') });
  await task.getByRole('button', { name: 'Cancelar' }).tap();

  await page.goto('/programacion-tareas');
  await page.getByRole('button', { name: 'Nueva Programación' }).tap();
  const schedule = page.getByRole('dialog', { name: 'Nueva Programación' });
  await tapEach(page, schedule, ['Tarea', 'Repetición', 'Termina'], schedule, schedule.getByRole('heading', { name: 'Nueva Programación' }));
  await schedule.getByRole('button', { name: 'Cancelar' }).tap();
});

test('filters and the notification form: every drop-down opens in place and takes a tap', async ({ page }) => {
  await loginAs(page, 'admin');
  const header = page.getByRole('heading', { level: 1 });

  await page.goto('/auditoria');
  await tapEach(page, page.getByRole('region', { name: 'Filtros de auditoría' }), ['Usuario', 'Acción', 'Recurso'], null, header);
  await page.goto('/reportes');
  await tapEach(page, page.getByRole('search', { name: 'Filtros del reporte' }), ['Estados', 'Áreas'], null, header);
  await page.goto('/notificaciones');
  await tapEach(page, page.getByRole('form', { name: 'Enviar notificación' }), ['Usuario'], null, header);
});

test('the board: filters, the drawer and the archive dialog take a tap on a phone', async ({ page, request }) => {
  const { titulo } = await seedTask(request, { assignee: 'supervisor' });
  await loginAs(page, 'supervisor');
  const header = page.getByRole('heading', { level: 1 });
  await tapEach(page, page.getByRole('main'), ['Áreas'], null, header);
  await page.goto('/');
  await page.getByRole('tab', { name: /PENDIENTE/ }).tap();
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).tap();
  const drawer = page.getByRole('dialog', { name: titulo });
  await tapEach(page, drawer, ['Responsable', 'Estado'], drawer, drawer.getByRole('heading', { name: titulo }));
  await page.screenshot({ path: join(shots, 'drawer-selects-390.png') });
  // Now Completada: archived with a rating chosen by touch.
  await expect(drawer.getByRole('combobox', { name: 'Estado', exact: true })).toHaveValue('Completada');
  await drawer.getByRole('button', { name: 'Cerrar' }).first().tap();
  await page.getByRole('tab', { name: /COMPLETADA/ }).tap();
  await card(page, titulo).getByRole('button', { name: 'Archivar' }).tap();
  const archive = page.getByRole('dialog', { name: 'Archivar y calificar tarea' });
  await tapEach(page, archive, ['Calificación'], archive, archive.getByRole('heading', { name: 'Archivar y calificar tarea' }));
  await page.screenshot({ path: join(shots, 'archive-rating-390.png') });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false });

  test('the lists open under their field in «Nuevo Usuario», and a long checklist step wraps in «Nueva Tarea»', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/usuarios');
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    const rol = dialog.getByRole('combobox', { name: 'Rol' });
    await rol.click();
    const option = page.getByRole('listbox').getByRole('option', { name: 'Operario', exact: true });
    await expect(option).toBeVisible();
    const [field, item] = [(await rol.boundingBox())!, (await option.boundingBox())!];
    expect(item.y).toBeGreaterThan(field.y);
    expect(Math.abs(item.x - field.x)).toBeLessThan(12);
    await page.screenshot({ path: join(shots, 'users-new-rol-1366.png') });
    await option.click();
    await expect(rol).toHaveValue('Operario');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto('/tareas');
    await page.getByRole('button', { name: 'Nueva Tarea' }).click();
    const task = page.getByRole('dialog', { name: 'Nueva Tarea' });
    const steps = task.getByRole('group', { name: 'Lista de verificación' });
    await steps.getByRole('button', { name: 'Agregar paso' }).click();
    await steps
      .getByRole('textbox', { name: 'Paso 1', exact: true })
      .fill('Foto de la tapa terminada, con el sello de calidad, el número de lote y la firma del supervisor de turno a la vista');
    await steps.getByRole('button', { name: 'Agregar paso' }).click();
    await steps.getByRole('textbox', { name: 'Paso 2', exact: true }).fill('Limpiar la mesa');
    await steps.scrollIntoViewIfNeeded();
    await steps.screenshot({ path: join(shots, 'checklist-editor-1366.png') });
  });
});
