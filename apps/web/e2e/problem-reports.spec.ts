/**
 * «Solicitudes» (issue 33, section 4) in a real browser: an operario on a phone reports a stopped
 * machine with a photo from the link its label and page use (/solicitudes/nueva?equipo=<code>),
 * the supervisor accepts it into a task from the triage list, and the operario sees that step in
 * «Mis solicitudes». Without a network the report and its photo wait in the outbox and are sent
 * once when it returns.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { MESSAGES } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { cameraPhoto } from './board-helpers';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 240_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const m = MESSAGES.problemReports;

async function auth(request: APIRequestContext, who: string) {
  return { Authorization: `Bearer ${await apiToken(request, who)}` };
}

/** A machine of Carpintería with a code of its own. */
async function newMachine(request: APIRequestContext): Promise<string> {
  const headers = await auth(request, 'admin');
  const areas = (await (await request.get('/api/areas?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const carp = areas.data.find((a) => a.nombre === 'Carpintería')!;
  const codigo = `SIE-${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const res = await request.post('/api/assets', { headers, data: { codigo, nombre: 'Sierra circular', area_uuid: carp.uuid } });
  expect(res.status()).toBe(201);
  return codigo;
}

async function machineState(request: APIRequestContext, codigo: string): Promise<string> {
  const res = await request.get(`/api/assets/${codigo}`, { headers: await auth(request, 'admin') });
  return ((await res.json()) as { equipo: { estado: string } }).equipo.estado;
}

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await loginAs(page, 'operario');
  return { context, page };
}

/** Writes the report on the open form: what happens, stopped, high urgency, a photo from the camera. */
async function fillReport(page: Page, descripcion: string) {
  await page.getByRole('textbox', { name: '¿Qué sucede?' }).fill(descripcion);
  await page.getByRole('switch', { name: 'El equipo está detenido' }).check();
  await page.getByText('Alta', { exact: true }).click();
  const photo = await cameraPhoto(page);
  // The first file input is «Tomar foto» (the phone's camera).
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'hoja-trabada.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('hoja-trabada.jpg')).toBeVisible();
}

test('report a stopped machine with a photo, the supervisor accepts it, the reporter sees the step', async ({ browser, page, request }) => {
  const codigo = await newMachine(request);
  const { context, page: op } = await phone(browser);
  await op.goto(`/solicitudes/nueva?equipo=${codigo}`);
  await expect(op.getByRole('heading', { name: 'Reportar un problema' })).toBeVisible();
  await expect(op.getByLabel(/^Equipo/).first()).toHaveValue(`${codigo} · Sierra circular (Carpintería)`);
  await fillReport(op, 'La hoja se trabó y no gira');
  await op.screenshot({ path: join(shots, 'problem-report-new-390.png'), fullPage: true });
  await op.getByRole('button', { name: 'Enviar solicitud' }).click();
  await op.waitForURL('**/mis-solicitudes');
  const mine = op.getByRole('article').filter({ hasText: 'La hoja se trabó y no gira' });
  await expect(mine).toContainText('Pendiente');
  await expect(mine).toContainText('Equipo detenido');
  expect(await machineState(request, codigo)).toBe('detenido');
  await op.screenshot({ path: join(shots, 'problem-reports-mine-390.png'), fullPage: true });

  // The supervisor, at a desk: the triage list, the report with its photo, «Aceptar».
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'supervisor');
  await page.goto('/solicitudes');
  const item = page.getByRole('article').filter({ hasText: 'La hoja se trabó y no gira' });
  await expect(item).toContainText(codigo);
  await expect(item).toContainText('Urgencia alta');
  await expect(item.getByRole('img', { name: 'Foto de la solicitud' })).toBeVisible();
  await page.screenshot({ path: join(shots, 'problem-reports-triage-1280.png'), fullPage: true });
  await item.click();
  const drawer = page.getByRole('dialog', { name: /Solicitud N\.º/ });
  await expect(drawer.getByRole('img', { name: 'hoja-trabada.jpg' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Aceptar' }).click();
  const accept = page.getByRole('dialog', { name: /Aceptar la solicitud/ });
  await accept.getByPlaceholder('Seleccione quién hará la tarea').click();
  await page.getByRole('option', { name: 'Oscar Pérez' }).click();
  await page.keyboard.press('Escape');
  await accept.getByRole('button', { name: /^Vence/ }).click();
  const picker = page.getByRole('dialog', { name: /^Vence/ });
  const target = dayjs().add(1, 'month').date(15);
  await picker.getByRole('button', { name: 'Mes siguiente' }).click();
  await picker.getByRole('button', { name: target.locale('es').format('dddd D [de] MMMM [de] YYYY') }).click();
  await page.screenshot({ path: join(shots, 'problem-report-accept-1280.png') });
  await accept.getByRole('button', { name: 'Crear la tarea' }).click();
  await expect(page.getByText(m.accepted)).toBeVisible();
  await expect(drawer.getByText('Aceptada: se creó una tarea')).toBeVisible();
  await page.screenshot({ path: join(shots, 'problem-report-detail-1280.png') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(shots, 'problem-reports-triage-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/solicitudes/nueva?equipo=${codigo}`);
  await expect(page.getByLabel(/^Equipo/).first()).toHaveValue(`${codigo} · Sierra circular (Carpintería)`);
  await page.screenshot({ path: join(shots, 'problem-report-new-1280.png'), fullPage: true });

  // The reporter sees the step.
  await op.reload();
  await op.getByRole('article').filter({ hasText: 'La hoja se trabó y no gira' }).click();
  const detail = op.getByRole('dialog', { name: /Solicitud N\.º/ });
  await expect(detail.getByText('Aceptada: se creó una tarea')).toBeVisible();
  await expect(detail.getByText('Reportada')).toBeVisible();
  await op.screenshot({ path: join(shots, 'problem-report-steps-390.png'), fullPage: true });
  await context.close();
});

/** Waits until the service worker controls the page and keeps the whole app for use offline. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return new Promise<boolean>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event: MessageEvent<{ ready?: boolean }>) => resolve(event.data?.ready === true);
            registration.active!.postMessage({ type: 'PREPARE_OFFLINE' }, [channel.port2]);
          });
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('offline: the report and its photo wait in the outbox and are sent once when the network returns', async ({ browser, request }) => {
  const codigo = await newMachine(request);
  const { context, page: op } = await phone(browser);
  await controlled(op);
  await op.goto(`/solicitudes/nueva?equipo=${codigo}`);
  await expect(op.getByRole('heading', { name: 'Reportar un problema' })).toBeVisible();
  await context.setOffline(true);
  const descripcion = `Sin red: la banda patina ${codigo}`;
  await fillReport(op, descripcion);
  await op.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(op.getByText(m.queued)).toBeVisible();
  await op.waitForURL('**/mis-solicitudes');
  await expect(op.getByText(/se enviará cuando vuelva la conexión/)).toBeVisible();
  await op.screenshot({ path: join(shots, 'problem-report-offline-390.png'), fullPage: true });
  expect(await machineState(request, codigo)).toBe('operativo');

  await context.setOffline(false);
  const headers = await auth(request, 'operario');
  await expect
    .poll(async () => {
      const list = (await (await request.get('/api/problem-reports?mias=true&limit=100', { headers })).json()) as {
        data: { descripcion: string; fotos: number }[];
      };
      return list.data.filter((r) => r.descripcion === descripcion).map((r) => r.fotos);
    }, { timeout: 40_000 })
    .toEqual([1]);
  expect(await machineState(request, codigo)).toBe('detenido');
  await expect(op.getByText(/se enviará cuando vuelva la conexión/)).toHaveCount(0);
  await context.close();
});
