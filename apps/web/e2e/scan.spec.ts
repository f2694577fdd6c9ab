/**
 * «Escanear» (issue 33, section 3), tested honestly: Chromium's camera is a video of a label from
 * the PDF sheet the app itself produced, and reading it must open the machine's page. The code
 * typed by hand opens it too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@gestar/contracts';
import { authHeaders, seedAsset } from './assets-helpers';
import { expect, loginAs, test } from './fixtures';
import { browserFilming, labelClip } from './scan-clip';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const PHONE = { width: 390, height: 844 } as const;

test('the camera reads a label of the app\'s own PDF and opens the machine\'s page, then turns itself off', async ({ request, baseURL }) => {
  const asset = await seedAsset(request, { nombre: 'Escuadradora de la prueba de escaneo' });
  const sheet = await request.get('/api/assets/labels.pdf', {
    params: { codes: asset.codigo, tamano: 'mediana' },
    headers: await authHeaders(request, 'operario'),
  });
  expect(sheet.status()).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'gestar-escaneo-'));
  const browser = await browserFilming(labelClip(await sheet.body(), 'mediana', dir));
  try {
    for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
      const context = await browser.newContext({
        baseURL,
        viewport,
        hasTouch: viewport === PHONE,
        isMobile: viewport === PHONE,
        locale: 'es-AR',
        timezoneId: 'America/Argentina/Buenos_Aires',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      // Every stream the page opens, to check that leaving «Escanear» stops the camera.
      await page.addInitScript(() => {
        const streams: MediaStream[] = [];
        (window as unknown as { __streams: MediaStream[] }).__streams = streams;
        const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = async (constraints) => {
          const stream = await open(constraints);
          streams.push(stream);
          return stream;
        };
      });
      await loginAs(page, 'operario');
      // From the menu, as a person would.
      if (viewport === PHONE) await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('link', { name: 'Escanear' }).click();
      await expect(page).toHaveURL(new RegExp(`/equipos/${asset.codigo}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${asset.codigo} · ${asset.nombre}`);
      const live = await page.evaluate(() =>
        (window as unknown as { __streams: MediaStream[] }).__streams.flatMap((s) => s.getTracks()).map((t) => t.readyState),
      );
      expect(live.length).toBeGreaterThan(0);
      expect(live.every((state) => state === 'ended')).toBe(true);
      await context.close();
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('screenshots of «Escanear» filming a label, at 1280 and 390 px', async ({ request, baseURL }) => {
  const asset = await seedAsset(request);
  const sheet = await request.get('/api/assets/labels.pdf', {
    params: { codes: asset.codigo, tamano: 'mediana' },
    headers: await authHeaders(request, 'operario'),
  });
  const dir = mkdtempSync(join(tmpdir(), 'gestar-escaneo-'));
  const browser = await browserFilming(labelClip(await sheet.body(), 'mediana', dir));
  try {
    for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
      const context = await browser.newContext({ baseURL, viewport, locale: 'es-AR', serviceWorkers: 'block' });
      const page = await context.newPage();
      // The picture without the reading, which would leave the page at once.
      await page.addInitScript(() => {
        delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
        const getContext = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: Parameters<typeof getContext>) {
          return args[0] === '2d' ? null : getContext.apply(this, args);
        } as typeof getContext;
      });
      await loginAs(page, 'operario');
      await page.goto('/escanear');
      await expect(page.getByText('Apunte la cámara al código QR de la etiqueta del equipo.')).toBeVisible();
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.3);
      await page.screenshot({ path: join(shots, `scan-${viewport.width}.png`), fullPage: true });
      await context.close();
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('without a camera', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('says so in Spanish, and the code typed by hand opens the machine\'s page', async ({ page, request }) => {
    const asset = await seedAsset(request);
    await loginAs(page, 'operario');
    await page.goto('/escanear');
    // Headless Chromium without a fake device has no camera to give.
    await expect(page.getByRole('alert')).toContainText(
      new RegExp(`${MESSAGES.errors.scanNoCamera}|${MESSAGES.errors.scanPermissionDenied}|${MESSAGES.errors.scanCameraFailed}`.replace(/\./g, '\\.')),
    );
    await page.screenshot({ path: join(shots, 'scan-no-camera-390.png'), fullPage: true });

    const field = page.getByRole('textbox', { name: 'Código del equipo' });
    await field.fill('SIE 01');
    await page.getByRole('button', { name: 'Abrir equipo' }).click();
    await expect(page.getByText(MESSAGES.validation.labelCodeInvalid)).toBeVisible();
    await expect(page).toHaveURL(/\/escanear$/);

    await field.fill(` ${asset.codigo.toLowerCase()} `);
    await page.getByRole('button', { name: 'Abrir equipo' }).click();
    await expect(page).toHaveURL(new RegExp(`/equipos/${asset.codigo.toLowerCase()}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${asset.codigo} · ${asset.nombre}`);
  });

  test('a person whose permission is denied is told how to allow the camera', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permiso denegado', 'NotAllowedError'));
    });
    await loginAs(page, 'operario');
    await page.goto('/escanear');
    await expect(page.getByRole('alert')).toHaveText(/Sin cámara/);
    await expect(page.getByRole('alert')).toContainText(MESSAGES.errors.scanPermissionDenied);
    await context.close();
  });
});
