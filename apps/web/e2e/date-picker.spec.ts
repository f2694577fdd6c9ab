/**
 * SPEC section 2.17 on the live example of the help guide (/ayuda/tareas#fechas,
 * public): Sunday-first Spanish calendar with the letters D L M X J V S, month
 * navigation, 'Ir a hoy', clear, unavailable days titled 'Fecha no disponible',
 * DD/MM/YYYY in the field and 'DD MMM YYYY' in Spanish in the page.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/es.js';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const es = (d: dayjs.Dayjs) => d.locale('es');
const dayLabel = (d: dayjs.Dayjs) => es(d).format('dddd D [de] MMMM [de] YYYY');
const monthLabel = (d: dayjs.Dayjs) => es(d).format('MMMM YYYY');

async function openPicker(page: Page, label: string): Promise<Locator> {
  // The examples sit at the end of the guide: with the field in the middle of the window the
  // calendar has room for its six weeks whichever side it opens on.
  await page.getByRole('button', { name: label }).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/ayuda/tareas#fechas');
  await expect(page.getByRole('heading', { name: 'Elegir fechas' })).toBeVisible();
});

test('Spanish calendar from Sunday, month navigation and go to today', async ({ page }) => {
  const field = page.getByRole('button', { name: 'Fecha de ejemplo' });
  await expect(field).toHaveText('Seleccione una fecha');
  const dialog = await openPicker(page, 'Fecha de ejemplo');
  await expect(dialog.locator('thead th')).toHaveText(['D', 'L', 'M', 'X', 'J', 'V', 'S']);
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/date-picker-1280.png' });

  const now = dayjs();
  // The header names the month in Spanish ('noviembre 2025'); compare ignoring case.
  const header = dialog.getByRole('button', { name: 'Elegir mes' });
  await expect(header).toHaveText(new RegExp(`^${monthLabel(now)}$`, 'i'));
  // The first cell of the first week is a Sunday.
  const firstCell = dialog.locator('tbody tr').first().locator('button').first();
  expect((await firstCell.getAttribute('aria-label'))?.startsWith('domingo')).toBe(true);

  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(header).toHaveText(new RegExp(`^${monthLabel(now.add(2, 'month'))}$`, 'i'));
  await dialog.getByRole('button', { name: 'Ir a hoy' }).click();
  await expect(header).toHaveText(new RegExp(`^${monthLabel(now)}$`, 'i'));

  // Days before today cannot be chosen, so there is no going back a month.
  await expect(dialog.getByRole('button', { name: 'Mes anterior' })).toBeDisabled();
  // Sundays are excluded in this example: the second Sunday of next month.
  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  const nextMonth = now.add(1, 'month').startOf('month');
  const sunday = nextMonth.add((7 - nextMonth.day()) % 7, 'day').add(7, 'day');
  const unavailable = dialog.getByRole('button', { name: dayLabel(sunday) });
  await expect(unavailable).toHaveAttribute('title', 'Fecha no disponible');
  await expect(unavailable).toBeDisabled();
  const monday = dialog.getByRole('button', { name: dayLabel(sunday.add(1, 'day')) });
  await expect(monday).toBeEnabled();
  await expect(monday).not.toHaveAttribute('title', 'Fecha no disponible');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();
});

test('a single date shows as DD/MM/YYYY, as DD MMM YYYY in Spanish, and clears', async ({ page }) => {
  const fifteenth = dayjs().add(1, 'month').date(15);
  // Sundays are not available in this example.
  const target = fifteenth.day() === 0 ? fifteenth.add(1, 'day') : fifteenth;
  let dialog = await openPicker(page, 'Fecha de ejemplo');
  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await dialog.getByRole('button', { name: dayLabel(target) }).click();
  await expect(dialog).toBeHidden();
  const field = page.getByRole('button', { name: 'Fecha de ejemplo' });
  await expect(field).toHaveText(target.format('DD/MM/YYYY'));
  await expect(page.getByTestId('ejemplo-fecha')).toHaveText(`Elegida: ${es(target).format('DD MMM YYYY')}`);

  await page.getByRole('button', { name: 'Borrar fecha' }).click();
  await expect(field).toHaveText('Seleccione una fecha');
  await expect(page.getByTestId('ejemplo-fecha')).toHaveText('Elegida: ninguna');

  // 'Limpiar' inside the calendar clears too.
  dialog = await openPicker(page, 'Fecha de ejemplo');
  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await dialog.getByRole('button', { name: dayLabel(target) }).click();
  await expect(field).toHaveText(target.format('DD/MM/YYYY'));
  dialog = await openPicker(page, 'Fecha de ejemplo');
  await dialog.getByRole('button', { name: 'Limpiar' }).click();
  await expect(field).toHaveText('Seleccione una fecha');
});

test('at phone width the calendar fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await openPicker(page, 'Rango de ejemplo');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/.artifacts/screenshots/date-picker-390.png' });
});

test('a range of dates', async ({ page }) => {
  const start = dayjs().add(1, 'month').date(10);
  const end = start.date(20);
  const dialog = await openPicker(page, 'Rango de ejemplo');
  await dialog.getByRole('button', { name: 'Mes siguiente' }).click();
  await dialog.getByRole('button', { name: dayLabel(start) }).click();
  await dialog.getByRole('button', { name: dayLabel(end) }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rango de ejemplo' })).toHaveText(
    `${start.format('DD/MM/YYYY')} – ${end.format('DD/MM/YYYY')}`,
  );
  await expect(page.getByTestId('ejemplo-rango')).toHaveText(
    `Elegido: ${es(start).format('DD MMM YYYY')} a ${es(end).format('DD MMM YYYY')}`,
  );
});

test('the dropdown keeps keyboard focus inside until Escape', async ({ page }) => {
  const dialog = await openPicker(page, 'Fecha de ejemplo');
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
