/**
 * Checklists and photo evidence (issue 17): a supervisor writes the steps in the task form; the
 * operario ticks them and attaches a photo on a 390 px phone (a step that requires a photo is
 * refused without one); the supervisor sees the steps and the photo in the drawer and in the
 * archive dialog.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { cameraPhoto, card, newTaskForm, seedTask } from './board-helpers';

test.describe.configure({ timeout: 150_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('the task form writes the checklist: add, reorder and remove steps, each with its flags', async ({ page, request }) => {
  const titulo = `Lista ${Math.random().toString(36).slice(2, 8)}`;
  await loginAs(page, 'supervisor');
  const dialog = await newTaskForm(page, titulo, 'Afilar y limpiar la sierra');
  // An image uploaded from the computer goes into the description (shown with the session's token).
  await dialog.getByRole('textbox', { name: 'Descripción' }).click();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Subir imagen' }).click();
  await (await chooser).setFiles({ name: 'sierra.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) });
  await expect(dialog.getByTestId('rich-text-editor').locator('img[data-uploaded-image]')).toBeVisible({ timeout: 15_000 });

  const steps = dialog.getByRole('group', { name: 'Lista de verificación' });
  for (const text of ['Foto de la sierra afilada', 'Paso de más', 'Desconectar la máquina']) {
    await steps.getByRole('button', { name: 'Agregar paso' }).click();
    await steps.getByRole('textbox', { name: /^Paso \d+$/ }).last().fill(text);
  }
  // A blank step is refused with the contract's message.
  await steps.getByRole('button', { name: 'Agregar paso' }).click();
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(steps.getByText(MESSAGES.validation.checklistTextRequired)).toBeVisible();
  await steps.getByRole('button', { name: 'Quitar el paso 4' }).click();
  await steps.getByRole('button', { name: 'Quitar el paso 2' }).click();
  await steps.getByRole('button', { name: 'Subir el paso 2' }).click();
  await expect(steps.getByRole('textbox', { name: /^Paso \d+$/ })).toHaveCount(2);
  await expect(steps.getByRole('textbox', { name: 'Paso 1', exact: true })).toHaveValue('Desconectar la máquina');
  await expect(steps.getByRole('textbox', { name: 'Paso 2', exact: true })).toHaveValue('Foto de la sierra afilada');
  await steps.getByRole('checkbox', { name: 'Requiere foto' }).nth(1).check();
  await steps.getByRole('checkbox', { name: 'Requiere nota' }).nth(0).check();
  await page.screenshot({ path: join(shots, 'task-form-checklist-1280.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Tarea creada exitosamente')).toBeVisible();

  const token = await apiToken(request, 'supervisor');
  const list = (await (await request.get(`/api/tasks?titulo=${encodeURIComponent(titulo)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { descripcion: string; checklist: { texto: string; requiere_foto: boolean; requiere_nota: boolean }[] }[];
  };
  expect(list.data[0]!.checklist.map((c) => [c.texto, c.requiere_foto, c.requiere_nota])).toEqual([
    ['Desconectar la máquina', false, true],
    ['Foto de la sierra afilada', true, false],
  ]);

  // The description names the uploaded image by its path; the details dialog shows it.
  const blocks = JSON.parse(list.data[0]!.descripcion) as { type: string; url?: string }[];
  const image = blocks.find((b) => b.type === 'image');
  expect(image?.url).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: `Ver detalles de ${titulo}` }).click();
  const details = page.getByRole('dialog', { name: 'Detalles de la Tarea' });
  const shown = details.getByTestId('rich-text-view').locator('img[data-uploaded-image]');
  await expect(shown).toBeVisible({ timeout: 15_000 });
  expect(await shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: join(shots, 'task-details-image-1280.png'), fullPage: true });
});

test('an operario ticks steps and attaches a photo on a phone; the supervisor sees them in the drawer and the archive dialog', async ({
  browser,
  request,
}) => {
  const { titulo } = await seedTask(request, {
    checklist: [{ texto: 'Limpiar la mesa' }, { texto: 'Foto de la sierra afilada', requiere_foto: true }],
  });

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await phone.newPage();
  await loginAs(page, 'operario');
  await page.getByRole('tab', { name: /Pendiente/i }).click();
  const mine = card(page, titulo);
  await expect(mine.getByTestId('task-checklist')).toHaveText('0/2', { timeout: 15_000 });
  await mine.getByRole('button', { name: 'Ver detalles' }).click();
  const drawer = page.getByRole('dialog', { name: titulo });
  const list = drawer.getByRole('region', { name: 'Lista de verificación' });
  await expect(list.getByRole('checkbox')).toHaveCount(2);

  await list.getByRole('checkbox', { name: 'Limpiar la mesa' }).check();
  await expect(list.getByText('Hecho por Oscar Pérez')).toBeVisible();
  await expect(list.getByLabel('1 de 2 pasos hechos')).toBeVisible();

  // Without a photo the step is refused and stays unticked.
  await list.getByRole('checkbox', { name: 'Foto de la sierra afilada' }).click();
  await expect(page.getByText(MESSAGES.errors.checklistPhotoRequired)).toBeVisible();
  await expect(list.getByRole('checkbox', { name: 'Foto de la sierra afilada' })).not.toBeChecked();

  // The camera: the picker asks for it, and the photo is shrunk before it leaves the phone.
  const uploads: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/attachments')) uploads.push(r.postDataBuffer()?.length ?? 0);
  });
  const photo = await cameraPhoto(page);
  const picker = page.waitForEvent('filechooser');
  await list.getByRole('button', { name: 'Agregar foto a «Foto de la sierra afilada»' }).click();
  const chooser = await picker;
  expect(await chooser.element().getAttribute('capture')).toBe('environment');
  await chooser.setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Foto adjuntada')).toBeVisible();
  await expect(list.getByRole('img', { name: 'IMG_2041.jpg' })).toBeVisible();
  expect(uploads.length).toBe(1);
  await list.getByRole('checkbox', { name: 'Foto de la sierra afilada' }).check();
  await expect(list.getByLabel('2 de 2 pasos hechos')).toBeVisible();
  await page.screenshot({ path: join(shots, 'checklist-drawer-390.png'), fullPage: true });
  await drawer.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(mine.getByTestId('task-checklist')).toHaveText('2/2');
  await phone.close();

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const sup = await desk.newPage();
  await loginAs(sup, 'supervisor');
  const theirs = card(sup, titulo);
  await expect(theirs.getByTestId('task-checklist')).toHaveText('2/2', { timeout: 15_000 });
  await theirs.getByRole('button', { name: 'Ver detalles' }).click();
  const drawer2 = sup.getByRole('dialog', { name: titulo });
  await drawer2.getByRole('button', { name: 'Ver foto IMG_2041.jpg' }).click();
  const viewer = sup.getByRole('dialog', { name: 'IMG_2041.jpg (1 de 1)' });
  const full = viewer.getByRole('img', { name: 'IMG_2041.jpg' });
  await expect(full).toBeVisible();
  // The photo as stored: 2,048 px on its long side.
  await expect
    .poll(() => full.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([2048, 1365]);
  await sup.screenshot({ path: join(shots, 'checklist-photo-viewer-1280.png') });
  await sup.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  // Only the viewer: the drawer under it stays until the next Escape.
  await expect(drawer2).toBeVisible();
  await sup.keyboard.press('Escape');
  await expect(drawer2).toBeHidden();

  await theirs.getByRole('button', { name: 'Archivar' }).click();
  const archive = sup.getByRole('dialog', { name: /Archivar/ });
  await expect(archive.getByRole('checkbox', { name: 'Limpiar la mesa' })).toBeChecked();
  await expect(archive.getByRole('checkbox', { name: 'Limpiar la mesa' })).toBeDisabled();
  await expect(archive.getByRole('img', { name: 'IMG_2041.jpg' })).toBeVisible();
  await sup.screenshot({ path: join(shots, 'checklist-archive-1280.png') });
  await desk.close();
});

test('on a phone the checklist editor shows each step whole: a long step wraps, nothing is cut', async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await phone.newPage();
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Nueva Tarea' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Nueva Tarea' });
  const steps = dialog.getByRole('group', { name: 'Lista de verificación' });
  const long = 'Foto de la tapa terminada, con el sello de calidad y el número de lote a la vista';
  await steps.getByRole('button', { name: 'Agregar paso' }).tap();
  const step = steps.getByRole('textbox', { name: 'Paso 1', exact: true });
  await step.fill(long);
  // Enter starts no second line: a step is one paragraph.
  await step.press('Enter');
  await expect(step).toHaveValue(long);
  await step.scrollIntoViewIfNeeded();
  const box = await step.evaluate((el: HTMLTextAreaElement) => ({
    lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)),
    hiddenY: el.scrollHeight - el.clientHeight,
    hiddenX: el.scrollWidth - el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(box.lines).toBeGreaterThan(1);
  expect(box.hiddenY).toBeLessThanOrEqual(1);
  expect(box.hiddenX).toBeLessThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(390);
  // The step's buttons stay on screen.
  for (const name of ['Subir el paso 1', 'Bajar el paso 1', 'Quitar el paso 1']) {
    const b = (await steps.getByRole('button', { name }).boundingBox())!;
    expect(b.x + b.width, name).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await steps.screenshot({ path: '/tmp/shots-phone/checklist-editor-390.png' });
  await phone.close();
});
