/**
 * Configuración > Calendario laboral (issue 19): an administrator marks a day, brings in the
 * national holidays of a year and takes a day out; a supervisor reads the calendar; an operario
 * does not see it. Years far ahead, so no other test's schedule meets these days.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import { expect, loginAs, sideMenu, test } from './fixtures';

const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const YEAR = 2036;

async function goToYear(page: import('@playwright/test').Page, year: number) {
  const heading = page.getByRole('heading', { level: 2 });
  for (let i = 0; i < 30; i++) {
    const shown = Number(await heading.textContent());
    if (shown === year) return;
    await page.getByRole('button', { name: shown < year ? 'Año siguiente' : 'Año anterior' }).click();
    await expect(heading).not.toHaveText(String(shown));
  }
  throw new Error(`No se llegó al año ${year}`);
}

test('an administrator marks a day, brings in the holidays and takes a day out', async ({ page }) => {
  await loginAs(page, 'admin');
  await sideMenu(page).getByRole('button', { name: 'Configuración' }).click();
  await sideMenu(page).getByRole('link', { name: 'Calendario laboral' }).click();
  await expect(page.getByRole('heading', { name: 'Calendario laboral', level: 1 })).toBeVisible();
  await expect(page.getByText('Se trabaja de lunes a sábado')).toBeVisible();
  await goToYear(page, YEAR);
  // A year nobody brought in: its holidays would count as working days, and the screen says so.
  const covered = page.getByLabel('Años con feriados cargados');
  await expect(covered).not.toContainText(String(YEAR));
  await expect(page.getByRole('status').filter({ hasText: `Los feriados de ${YEAR} no están cargados` })).toBeVisible();

  // Required fields first.
  const form = page.getByRole('region', { name: 'Agregar día no laborable' });
  await form.getByRole('button', { name: 'Agregar' }).click();
  await expect(form.getByText('La fecha es requerida')).toBeVisible();
  await expect(form.getByText('La descripción es requerida')).toBeVisible();

  // The picker opens on January of the year shown.
  await form.getByRole('button', { name: 'Fecha' }).click();
  const picker = page.getByRole('dialog', { name: 'Fecha' });
  await expect(picker.getByRole('button', { name: 'Elegir mes' })).toHaveText(new RegExp(`^enero ${YEAR}$`, 'i'));
  await picker.getByRole('button', { name: 'Mes siguiente' }).click();
  await picker.getByRole('button', { name: 'Mes siguiente' }).click();
  await picker.getByRole('button', { name: dayjs(`${YEAR}-03-16`).locale('es').format('dddd D [de] MMMM [de] YYYY') }).click();
  await form.getByRole('textbox', { name: 'Descripción' }).fill('Inventario anual');
  await form.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Día no laborable agregado')).toBeVisible();
  const table = page.getByRole('table', { name: `Días no laborables de ${YEAR}` });
  await expect(table.getByRole('row', { name: /Inventario anual/ })).toContainText('Agregado a mano');

  await page.getByRole('button', { name: `Agregar feriados nacionales de ${YEAR}` }).click();
  await expect(page.getByText(/^Se agregaron \d+ feriados de 2036$/)).toBeVisible();
  await expect(table.getByRole('row', { name: /Día de la Independencia/ })).toContainText('Feriado');
  await expect(table.getByRole('row', { name: /Día de la Independencia/ })).toContainText('9 jul');
  await expect(covered).toContainText(new RegExp(`Feriados de Argentina cargados para (\\d{4}, )*(\\d{4} y )?${YEAR}\\.`));
  await expect(page.getByText(`Los feriados de ${YEAR} no están cargados`)).toHaveCount(0);
  await page.screenshot({ path: join(shots, 'calendar-1280.png'), fullPage: true });

  await table.getByRole('button', { name: 'Quitar Inventario anual' }).click();
  await page.getByRole('dialog', { name: 'Quitar día no laborable' }).getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByText('Día no laborable quitado')).toBeVisible();
  await expect(table.getByRole('row', { name: /Inventario anual/ })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test('a supervisor reads the calendar without changing it', async ({ page }) => {
    await loginAs(page, 'supervisor');
    await page.goto('/calendario');
    await expect(page.getByRole('heading', { name: 'Calendario laboral', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Agregar día no laborable' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Agregar feriados/ })).toHaveCount(0);
    await page.screenshot({ path: join(shots, 'calendar-390.png'), fullPage: true });
  });
});

test('an operario does not see the calendar', async ({ page }) => {
  await loginAs(page, 'operario');
  await page.goto('/calendario');
  await expect(page).toHaveURL(/not-authorized/);
});
