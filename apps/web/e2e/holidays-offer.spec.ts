/**
 * The calendar on first setup (issue 36, section 6): an administrator whose calendar lacks this
 * year's and next year's national holidays is offered them on signing in and on the calendar,
 * in one step. (This test server imports nothing by itself: SCHEDULER_ENABLED=false.)
 */
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { withCalendarLock } from './calendar-lock';
import { expect, loginAs, test } from './fixtures';

// Both tests take this year's holidays away and back: one after the other, never at once.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const shots = '/tmp/shots-audit';
mkdirSync(shots, { recursive: true });
const year = new Date().getFullYear();
const years = `${year} y ${year + 1}`;

/** The years this test loads go away again: other tests count on a calendar without them. */
async function forgetYears() {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`DELETE FROM dias_no_laborables WHERE origen = 'feriado' AND extract(year FROM fecha) IN ($1, $2)`, [
      year,
      year + 1,
    ]);
    await db.query(`DELETE FROM feriados_importados WHERE anio IN ($1, $2)`, [year, year + 1]);
  } finally {
    await db.end();
  }
}

test('an administrator is offered the missing holidays on signing in and loads them in one step', async ({ page }) =>
  withCalendarLock(async () => {
    await forgetYears();
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await loginAs(page, 'admin');
      await page.evaluate(() => localStorage.removeItem('gestar.feriados-ofrecidos'));
      await page.reload();
      // The offer is a region named by its question.
      const offer = page.getByRole('region', { name: `¿Agregar los feriados nacionales de Argentina de ${years}?` });
      await expect(offer).toContainText('las programaciones cuentan el 25 de diciembre');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${shots}/holidays-offer-390.png` });
      // «Ahora no» is remembered on this browser.
      await offer.getByRole('button', { name: 'Ahora no' }).click();
      await expect(offer).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
      await expect(offer).toHaveCount(0);

      // Asked again (another browser), on a desktop.
      await page.evaluate(() => localStorage.removeItem('gestar.feriados-ofrecidos'));
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.reload();
      await expect(offer).toBeVisible();
      await page.screenshot({ path: `${shots}/holidays-offer-1366.png` });
      await offer.getByRole('button', { name: `Agregar feriados de ${years}` }).click();
      await expect(page.getByText(new RegExp(`^Se agregaron \\d+ feriados de Argentina de ${years}$`))).toBeVisible();
      await expect(offer).toHaveCount(0);

      // The calendar has them: 25 December is no working day.
      await page.goto('/calendario');
      await expect(page.getByLabel('Años con feriados cargados')).toContainText(
        new RegExp(`cargados para (\\d{4}, )*${year}(, | y )${year + 1}\\b`),
      );
      await expect(
        page.getByRole('table', { name: `Días no laborables de ${year}` }).getByRole('row', { name: /Navidad/ }),
      ).toContainText('25 dic');
      await expect(page.getByRole('region', { name: /^Faltan los feriados/ })).toHaveCount(0);
    } finally {
      await forgetYears();
    }
  }));

test('the calendar offers the missing years in one card while they are missing', async ({ page }) =>
  withCalendarLock(async () => {
    await forgetYears();
    try {
      await page.setViewportSize({ width: 1366, height: 900 });
      await loginAs(page, 'admin');
      await page.goto('/calendario');
      const card = page.getByRole('region', { name: `Faltan los feriados nacionales de ${years}` });
      await expect(card).toContainText('las programaciones cuentan el 25 de diciembre');
      // On the calendar the card is the offer: no second one above it.
      await expect(page.getByRole('region', { name: /^¿Agregar los feriados/ })).toHaveCount(0);
      await page.screenshot({ path: `${shots}/calendar-setup-1366.png`, fullPage: true });
      await card.getByRole('button', { name: `Agregar los feriados de Argentina de ${years}` }).click();
      await expect(page.getByText(new RegExp(`^Se agregaron \\d+ feriados de Argentina de ${years}$`))).toBeVisible();
      await expect(card).toHaveCount(0);
      await expect(
        page.getByRole('table', { name: `Días no laborables de ${year}` }).getByRole('row', { name: /Navidad/ }),
      ).toBeVisible();
    } finally {
      await forgetYears();
    }
  }));
