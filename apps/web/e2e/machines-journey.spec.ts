/**
 * Issue 33's «Done when», end to end: on a phone, an operario scans a label of the app's own PDF
 * through Chromium's fake camera, opens the machine's page and reports it stopped with a photo; the
 * supervisor accepts the report into a task from «Solicitudes» (assigned to that operario, due
 * tomorrow); the operario finishes it on the board; the supervisor confirms the machine works; the
 * machine's page shows the stop in its timeline and «Operativo» again, and the downtime report
 * counts the failure and its hours for that machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import type { APIRequestContext } from '@playwright/test';
import {
  addDaysToCalendarDate,
  AssetPageResponseSchema,
  AssignedTaskBoardResponseSchema,
  DowntimeResponseSchema,
  MESSAGES,
  todayIn,
} from '@gestar/contracts';
import { authHeaders, areaUuid, seedAsset } from './assets-helpers';
import { card, cameraPhoto, moveCard } from './board-helpers';
import { apiToken, expect, loginAs, test } from './fixtures';
import { browserFilming, labelClip } from './scan-clip';

const PHONE = { width: 390, height: 844 } as const;
// Two browsers, three people and a dozen screens: 1 to 2.5 min on a 2-core machine shared with other builds.
test.describe.configure({ timeout: 240_000 });

/** An operario of Carpintería of its own (a name no other test uses), so its board holds only this task. */
async function newOperario(request: APIRequestContext): Promise<{ username: string; password: string; nombre: string; uuid: string }> {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const roles = (await (await request.get('/api/roles?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const role = roles.data.find((r) => r.nombre === 'Operario')!;
  const tag = Math.random().toString(36).slice(2, 8);
  const username = `e2e_${tag}`;
  const password = 'claveInicial1';
  const apellido = `Recorrido${tag.replace(/\d/g, '')}x`;
  const created = await request.post('/api/users', {
    headers,
    data: { username, password, nombre: 'Marta', apellido, rol_uuid: role.uuid, usuario_areas_uuid: [await areaUuid(request)] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { username, password, nombre: `Marta ${apellido}`, uuid: ((await created.json()) as { uuid: string }).uuid };
}

test('an operario scans a label, reports the machine stopped; accepted, done and confirmed, the stop shows on its page and in the downtime report', async ({
  page,
  request,
  baseURL,
}) => {
  const asset = await seedAsset(request, { nombre: 'Canteadora del recorrido' });
  const operario = await newOperario(request);
  const descripcion = `El canto no pega y la cadena se detuvo ${asset.codigo}`;
  const titulo = `Reparar la canteadora ${asset.codigo}`;
  const tomorrow = addDaysToCalendarDate(todayIn(), 1);

  // The label sheet the app itself produces, filmed by the phone's camera.
  const sheet = await request.get('/api/assets/labels.pdf', {
    params: { codes: asset.codigo, tamano: 'mediana' },
    headers: await authHeaders(request, 'operario'),
  });
  expect(sheet.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'gestar-recorrido-'));
  const camera = await browserFilming(labelClip(await sheet.body(), 'mediana', dir));
  try {
    const context = await camera.newContext({
      baseURL,
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      serviceWorkers: 'block',
    });
    const op = await context.newPage();

    // 1. The operario scans the label from the menu and lands on the machine's page.
    await loginAs(op, operario.username, operario.password);
    await op.getByRole('button', { name: 'Abrir menú' }).click();
    await op.getByRole('link', { name: 'Escanear' }).click();
    await expect(op).toHaveURL(new RegExp(`/equipos/${asset.codigo}$`));
    await expect(op.getByRole('heading', { level: 1 })).toHaveText(`${asset.codigo} · ${asset.nombre}`);
    await expect(op.getByText('Operativo', { exact: true }).first()).toBeVisible();

    // 2. Reports it stopped, urgent, with a photo from the camera.
    await op.getByRole('button', { name: 'Reportar un problema' }).click();
    await expect(op).toHaveURL(new RegExp(`/solicitudes/nueva\\?equipo=${asset.codigo}$`));
    await expect(op.getByLabel(/^Equipo/).first()).toHaveValue(`${asset.codigo} · ${asset.nombre} (Carpintería)`);
    await op.getByRole('textbox', { name: '¿Qué sucede?' }).fill(descripcion);
    await op.getByRole('switch', { name: 'El equipo está detenido' }).check();
    await op.getByText('Alta', { exact: true }).click();
    await op.locator('input[type="file"]').first().setInputFiles({ name: 'canto-suelto.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(op) });
    await expect(op.getByText('canto-suelto.jpg')).toBeVisible();
    await op.getByRole('button', { name: 'Enviar solicitud' }).click();
    await op.waitForURL('**/mis-solicitudes');
    await expect(op.getByRole('article').filter({ hasText: descripcion })).toContainText('Equipo detenido');

    // 3. The supervisor accepts it from «Solicitudes»: a task for this operario, due tomorrow.
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginAs(page, 'supervisor');
    await page.goto('/solicitudes');
    const item = page.getByRole('article').filter({ hasText: descripcion });
    await expect(item).toContainText(asset.codigo);
    await expect(item.getByRole('img', { name: 'Foto de la solicitud' })).toBeVisible();
    await item.click();
    const drawer = page.getByRole('dialog', { name: /Solicitud N\.º/ });
    await drawer.getByRole('button', { name: 'Aceptar' }).click();
    const accept = page.getByRole('dialog', { name: /Aceptar la solicitud/ });
    await accept.getByPlaceholder('Seleccione quién hará la tarea').fill(operario.nombre.split(' ')[1]!);
    await page.getByRole('option', { name: operario.nombre }).click();
    await page.keyboard.press('Escape');
    await accept.getByRole('button', { name: /^Vence/ }).click();
    const picker = page.getByRole('dialog', { name: /^Vence/ });
    const due = dayjs(tomorrow).locale('es');
    if (due.month() !== dayjs(todayIn()).month()) await picker.getByRole('button', { name: 'Mes siguiente' }).click();
    await picker.getByRole('button', { name: due.format('dddd D [de] MMMM [de] YYYY') }).click();
    await accept.getByRole('textbox', { name: 'Título de la tarea' }).fill(titulo);
    await accept.getByRole('button', { name: 'Crear la tarea' }).click();
    await expect(page.getByText(MESSAGES.problemReports.accepted)).toBeVisible();
    await expect(drawer.getByText('Aceptada: se creó una tarea')).toBeVisible();
    await page.keyboard.press('Escape');

    // 4. The operario finishes it on their board (the phone's tabs; the card's status selector).
    await op.goto('/');
    await expect(card(op, titulo)).toBeVisible();
    await expect(card(op, titulo)).toContainText(asset.codigo);
    const board = AssignedTaskBoardResponseSchema.parse(
      await (await request.get(`/api/assigned-tasks/${operario.uuid}`, { headers: { Authorization: `Bearer ${await apiToken(request, operario.username, operario.password)}` } })).json(),
    );
    const task = board.find((t) => t.tarea.titulo === titulo);
    expect(task?.tarea.equipo?.codigo).toBe(asset.codigo);
    expect(todayIn(undefined, new Date(task!.fecha_vencimiento))).toBe(tomorrow);
    await moveCard(op, titulo, 'Completada');
    await expect(op.getByText('Estado de tarea actualizado exitosamente')).toBeVisible();

    // 5. The supervisor confirms the machine works.
    await page.reload();
    await page.getByRole('article').filter({ hasText: descripcion }).click();
    await drawer.getByRole('button', { name: 'Confirmar que funciona' }).click();
    await expect(page.getByText(MESSAGES.problemReports.resolved)).toBeVisible();

    // 6. The machine's page: «Operativo» again, and the stop in its timeline.
    await op.goto(`/equipos/${asset.codigo}`);
    await expect(op.getByRole('heading', { level: 1 })).toHaveText(`${asset.codigo} · ${asset.nombre}`);
    await expect(op.getByTestId('estado-desde')).toBeVisible();
    await expect(op.getByText('Operativo', { exact: true }).first()).toBeVisible();
    const stops = op.getByRole('list', { name: 'Paradas y mantenimientos' });
    await expect(stops.getByRole('listitem')).toHaveCount(1);
    await expect(stops.getByRole('listitem')).toContainText(/Detenido desde .* hasta .* · solicitud #\d+/);
    await expect(op.getByTestId('downtime-bar').locator('[data-estado="detenido"]')).toHaveCount(1);
    await context.close();
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }

  // 7. The downtime report counts the failure and its time stopped for this machine.
  const report = await request.get('/api/reports/downtime', {
    params: { sort: 'codigo', order: 'asc', limit: 100 },
    headers: await authHeaders(request, 'admin'),
  });
  expect(report.status()).toBe(200);
  const downtime = DowntimeResponseSchema.parse(await report.json());
  const row = downtime.data.find((r) => r.equipo.codigo === asset.codigo);
  expect(row, `${asset.codigo} en el reporte de paradas`).toBeDefined();
  expect(row!.fallas).toBe(1);
  expect(row!.correctivas).toBe(1);
  // The hours are the stop's own length (the API rounds to hundredths), read from the machine's timeline.
  const machine = AssetPageResponseSchema.parse(
    await (await request.get(`/api/assets/${asset.codigo}`, { headers: await authHeaders(request, 'admin') })).json(),
  );
  const stopped = machine.linea_tiempo.intervalos.filter((i) => i.estado === 'detenido');
  expect(stopped).toHaveLength(1);
  expect(stopped[0]!.hasta).not.toBeNull();
  const seconds = (Date.parse(stopped[0]!.hasta!) - Date.parse(stopped[0]!.desde)) / 1000;
  expect(seconds).toBeGreaterThan(0);
  expect(Math.abs(row!.horas_detenido - seconds / 3600)).toBeLessThanOrEqual(0.006);
  expect(row!.mttr_horas).toBe(row!.horas_detenido);
});
