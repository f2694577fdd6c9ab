/**
 * «Equipos» (issue 33, sections 1 and 2): the catalog (search and filters in the address, create,
 * edit, delete with the server's refusal), the import that refuses a bad file row by row and
 * writes nothing, a machine's page with its state change and downtime bar, and the same page
 * opened again without a network.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@gestar/contracts';
import { expect, loginAs, test } from './fixtures';
import { authHeaders, countAssets, seedAsset, seedTaskOn, setAssetState, uniqueCode } from './assets-helpers';
import { controlled } from './offline-helpers';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('the catalog searches and filters in the address; a supervisor creates, edits and deletes a machine', async ({
  page,
  request,
}) => {
  const stopped = await seedAsset(request, { nombre: 'Canteadora de prueba' });
  await setAssetState(request, stopped.codigo, 'detenido', 'Correa cortada');
  await loginAs(page, 'supervisor');
  await page.goto('/equipos');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipos' })).toBeVisible();

  // The search reaches the address after its pause; the state filter too, and a reload keeps both.
  await page.getByRole('textbox', { name: 'Buscar' }).fill(stopped.codigo.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`q=${stopped.codigo.toLowerCase()}`));
  const table = page.getByRole('table', { name: 'Equipos' });
  const row = table.getByRole('row', { name: new RegExp(stopped.codigo) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Detenido')).toBeVisible();
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Operativo' }).click();
  await expect(page).toHaveURL(/estado=operativo/);
  await expect(table.getByText('No se encontraron equipos')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('Operativo');
  await page.goto(`/equipos?q=${stopped.codigo}&estado=detenido`);
  await expect(row).toBeVisible();
  await page.screenshot({ path: join(shots, 'assets-catalog-1280.png'), fullPage: true });

  // A new machine through the form: the contract's messages first, then saved.
  const codigo = uniqueCode('TUP');
  await page.goto('/equipos');
  await page.getByRole('button', { name: 'Nuevo equipo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo equipo' });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText(MESSAGES.assets.codigoRequired)).toBeVisible();
  await expect(dialog.getByText(MESSAGES.assets.areaRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Código' }).fill(codigo.toLowerCase());
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Tupí de prueba');
  await dialog.getByRole('combobox', { name: 'Área' }).click();
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await dialog.getByRole('textbox', { name: 'Fabricante' }).fill('SCM');
  await page.screenshot({ path: join(shots, 'assets-form-1280.png') });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Equipo creado exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The same code again, whatever its case: the server's 409.
  await page.getByRole('button', { name: 'Nuevo equipo' }).click();
  await dialog.getByRole('textbox', { name: 'Código' }).fill(codigo);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Otra tupí');
  await dialog.getByRole('combobox', { name: 'Área' }).click();
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByRole('alert')).toContainText(MESSAGES.assets.codigoTaken);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Edited from the table.
  await page.getByRole('textbox', { name: 'Buscar' }).fill(codigo);
  const created = table.getByRole('row', { name: new RegExp(codigo) });
  await expect(created).toContainText('Tupí de prueba');
  await created.getByRole('button', { name: `Editar ${codigo}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar equipo' });
  await edit.getByRole('textbox', { name: 'Nombre' }).fill('Tupí de eje inclinable');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(created).toContainText('Tupí de eje inclinable');

  // Deleted after its confirmation.
  await created.getByRole('button', { name: `Eliminar ${codigo}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar equipo' });
  await expect(confirm).toContainText(codigo);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Equipo eliminado exitosamente')).toBeVisible();
  await expect(table.getByText('No se encontraron equipos')).toBeVisible();
  expect(await countAssets(request, codigo)).toBe(0);
});

test('an operario reads the catalog but manages nothing; on a phone the rows are cards', async ({ page, request }) => {
  const asset = await seedAsset(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'operario');
  await page.goto(`/equipos?q=${asset.codigo}`);
  const row = page.getByRole('row', { name: new RegExp(asset.codigo) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo equipo' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Editar ${asset.codigo}` })).toHaveCount(0);
  // Nothing wider than the phone, and each control a finger's size.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const pick = row.getByRole('cell').first();
  const target = await pick.boundingBox();
  expect(target!.height).toBeGreaterThanOrEqual(48);
  await page.screenshot({ path: join(shots, 'assets-catalog-390.png'), fullPage: true });
  // Picking a machine (a tap anywhere on its line) offers its labels; the sizes are the contract's.
  await pick.click({ position: { x: target!.width - 10, y: target!.height / 2 } });
  await expect(row.getByRole('checkbox')).toBeChecked();
  await page.getByRole('button', { name: 'Imprimir etiquetas' }).click();
  const labels = page.getByRole('dialog', { name: 'Imprimir etiquetas' });
  await expect(labels.getByRole('radio', { name: /Mediana/ })).toBeChecked();
  await page.screenshot({ path: join(shots, 'assets-labels-390.png') });
  const download = page.waitForEvent('download');
  await labels.getByRole('button', { name: 'Descargar PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`Etiqueta-${asset.codigo}.pdf`);
});

test("the import refuses a bad file with each row's errors and writes nothing; a good one imports every row", async ({
  page,
  request,
}) => {
  const [a, b, c] = [uniqueCode('IMP'), uniqueCode('IMP'), uniqueCode('IMP')];
  const bad = [
    'codigo,nombre,area,padre,fabricante,modelo,numero_serie',
    `${a},Lijadora de banda,Carpintería,,Felder,,`,
    `${a},Lijadora repetida,Carpintería,,,,`,
    `${b},Prensa,Área que no existe,,,,`,
    `,Sin código,Carpintería,,,,`,
  ].join('\n');
  await loginAs(page, 'supervisor');
  await page.goto('/equipos');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar equipos' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'equipos.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  // Both rows of a repeated code are refused, each with the reason.
  await expect(dialog.getByText('4 filas con errores')).toBeVisible();
  await expect(dialog.getByText('0 filas correctas')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Errores de la fila 2' })).toContainText(
    MESSAGES.assets.rowCodigoDuplicateFile,
  );
  await expect(dialog.getByRole('list', { name: 'Errores de la fila 3' })).toContainText(
    MESSAGES.assets.rowCodigoDuplicateFile,
  );
  await expect(dialog.getByRole('list', { name: 'Errores de la fila 4' })).toContainText(
    MESSAGES.assets.rowAreaUnknown,
  );
  await expect(dialog.getByRole('list', { name: 'Errores de la fila 5' })).toContainText(
    MESSAGES.assets.codigoRequired,
  );
  await expect(dialog.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await page.screenshot({ path: join(shots, 'assets-import-errors-1280.png') });
  expect(await countAssets(request, a)).toBe(0);
  expect(await countAssets(request, b)).toBe(0);

  const good = [
    'codigo,nombre,area,padre,fabricante,modelo,numero_serie',
    `${a},Línea de canteado,Carpintería,,,,`,
    `${b},Canteadora,Carpintería,${a},Biesse,Akron 1100,SN-1`,
    `${c},Escuadradora,Carpintería,,Altendorf,F45,`,
  ].join('\n');
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'equipos.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(dialog.getByText('3 filas correctas')).toBeVisible();
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(dialog.getByText('Se importaron 3 equipos.')).toBeVisible();
  expect(await countAssets(request, b)).toBe(1);
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await page.goto(`/equipos/${b}`);
  await expect(page.getByRole('link', { name: `${a} · Línea de canteado` })).toBeVisible();
});

test("a machine's page: its state and since when, a supervisor's change with its reason, the downtime bar", async ({
  page,
  request,
}) => {
  const asset = await seedAsset(request, { nombre: 'Escuadradora de prueba' });
  await loginAs(page, 'supervisor');
  await page.goto('/equipos');
  await page.getByRole('textbox', { name: 'Buscar' }).fill(asset.codigo);
  await page.getByRole('link', { name: asset.codigo }).click();
  await expect(page).toHaveURL(new RegExp(`/equipos/${asset.codigo}$`));
  await expect(page.getByRole('heading', { level: 1, name: `${asset.codigo} · Escuadradora de prueba` })).toBeVisible();
  await expect(page.getByText('Operativo', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('estado-desde')).toContainText(/^desde el \d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}/);

  await page.getByRole('button', { name: 'Cambiar estado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar estado' });
  await dialog.getByText('Detenido').click();
  await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(dialog.getByText(MESSAGES.assets.motivoRequired)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Hoja sin filo, espera de repuesto');
  await dialog.getByRole('button', { name: 'Cambiar estado' }).click();
  await expect(page.getByText('El equipo quedó detenido')).toBeVisible();
  const summary = page.getByTestId('estado-desde');
  await expect(summary).toContainText('hace 0 min');
  await expect(page.getByTestId('downtime-bar').locator('[data-estado="detenido"]')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Paradas y mantenimientos' })).toContainText(
    'Hoja sin filo, espera de repuesto',
  );

  await page.screenshot({ path: join(shots, 'asset-page-1280.png'), fullPage: true });

  // «Reportar un problema» goes to the report form with the machine chosen.
  const visited: string[] = [];
  page.on(
    'framenavigated',
    (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname + new URL(frame.url()).search),
  );
  await page.getByRole('button', { name: 'Reportar un problema' }).click();
  await expect.poll(() => visited).toContain(`/solicitudes/nueva?equipo=${asset.codigo}`);

  // A code that names no machine.
  await page.goto('/equipos/NO-EXISTE-123');
  await expect(page.getByText(MESSAGES.assets.notFound)).toBeVisible();
});

test('on a phone the machine page reads top to bottom', async ({ page, request }) => {
  const asset = await seedAsset(request);
  await setAssetState(request, asset.codigo, 'mantenimiento', 'Cambio de correa');
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'supervisor');
  await page.goto(`/equipos/${asset.codigo.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(asset.codigo) })).toBeVisible();
  await expect(page.getByText('En mantenimiento', { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const report = await page.getByRole('button', { name: 'Reportar un problema' }).boundingBox();
  expect(report!.height).toBeGreaterThanOrEqual(48);
  await page.screenshot({ path: join(shots, 'asset-page-390.png'), fullPage: true });
});

test('a machine page seen once opens again without a network', async ({ browser, request }) => {
  const asset = await seedAsset(request, { nombre: 'Prensa de prueba' });
  await setAssetState(request, asset.codigo, 'detenido', 'Pérdida de aceite');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await loginAs(page, 'operario');
  await controlled(page);
  // Seen once, as the QR label opens it.
  await page.goto(`/equipos/${asset.codigo}`);
  await expect(page.getByRole('heading', { level: 1, name: `${asset.codigo} · Prensa de prueba` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cambiar estado' })).toHaveCount(0);
  await page.waitForTimeout(600); // the offline copy is written in bursts (300 ms)

  await context.setOffline(true);
  await page.goto('/');
  await page.goto(`/equipos/${asset.codigo}`);
  await expect(page.getByTestId('offline-banner')).toContainText('Sin conexión');
  await expect(page.getByRole('heading', { level: 1, name: `${asset.codigo} · Prensa de prueba` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Detenido', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Paradas y mantenimientos' })).toContainText('Pérdida de aceite');
  await page.screenshot({ path: join(shots, 'asset-page-offline-390.png'), fullPage: true });
  await context.close();
});

test('the board filters by machine in the address; a card names its machine and opens its page', async ({
  page,
  request,
}) => {
  const asset = await seedAsset(request, { nombre: 'Lijadora de banda de prueba' });
  const suffix = asset.codigo.slice(-6);
  const onMachine = `Lubricar ${suffix}`;
  const elsewhere = `Barrer ${suffix}`;
  await seedTaskOn(request, asset, onMachine);
  await seedTaskOn(request, null, elsewhere);
  await loginAs(page, 'supervisor');
  await page.goto(`/?q=${suffix}`);
  await expect(page.getByRole('article', { name: elsewhere })).toBeVisible();

  const filter = page.getByRole('combobox', { name: 'Equipo' });
  await filter.fill(asset.codigo.toLowerCase());
  await page.getByRole('option', { name: `${asset.codigo} · Lijadora de banda de prueba` }).click();
  await expect(page).toHaveURL(new RegExp(`equipo=${asset.codigo}`));
  const card = page.getByRole('article', { name: onMachine });
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: elsewhere })).toHaveCount(0);
  await expect(card.getByTestId('task-asset')).toHaveText(`${asset.codigo} · Lijadora de banda de prueba`);
  await page.screenshot({ path: join(shots, 'board-asset-filter-1280.png') });

  // A reload keeps the filter; the drawer names the machine too.
  await page.reload();
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: elsewhere })).toHaveCount(0);
  await card.getByRole('button', { name: 'Ver detalles' }).click();
  const drawer = page.getByRole('dialog', { name: onMachine });
  await expect(drawer.getByRole('link', { name: `${asset.codigo} · Lijadora de banda de prueba` })).toBeVisible();
  await drawer.getByRole('button', { name: 'Cerrar' }).first().click();

  // The card's machine opens its page, where the task is open work.
  await card.getByTestId('task-asset').click();
  await expect(page).toHaveURL(new RegExp(`/equipos/${asset.codigo}$`));
  await expect(
    page.getByRole('region', { name: 'Trabajo abierto' }).getByRole('link', { name: onMachine }),
  ).toBeVisible();
});

test('the task form offers the machines of the chosen area', async ({ page, request }) => {
  const asset = await seedAsset(request, { nombre: 'Cabina de pintura de prueba' });
  const titulo = `Limpiar filtros ${asset.codigo.slice(-6)}`;
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await page.getByRole('button', { name: 'Nueva Tarea' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Tarea' });
  const machine = dialog.getByRole('combobox', { name: 'Equipo' });
  await expect(machine).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
  await dialog.getByRole('textbox', { name: 'Descripción' }).click();
  await page.keyboard.type('Cambiar los filtros de la cabina.');
  await dialog.getByRole('combobox', { name: 'Tipo de tarea' }).click();
  await page.getByRole('option', { name: 'Mantenimiento' }).click();
  await dialog.getByRole('combobox', { name: 'Área' }).click();
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await dialog.getByRole('combobox', { name: 'Usuarios asignados' }).click();
  await page.getByRole('option', { name: 'Oscar Pérez' }).click();
  await machine.click();
  await machine.fill(asset.codigo);
  await page.getByRole('option', { name: `${asset.codigo} · Cabina de pintura de prueba` }).click();
  await page.screenshot({ path: join(shots, 'task-form-asset-1280.png') });
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(MESSAGES.success.taskCreated)).toBeVisible();
  const tasks = (await (
    await request.get(`/api/tasks?titulo=${encodeURIComponent(titulo)}`, {
      headers: await authHeaders(request, 'admin'),
    })
  ).json()) as {
    data: { equipo: { codigo: string } | null }[];
  };
  expect(tasks.data.map((t) => t.equipo?.codigo)).toEqual([asset.codigo]);
});
