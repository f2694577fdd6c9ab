/**
 * «Paradas y mantenimiento» on /reportes (issue 33 §5): machines with stops in the current month,
 * their figures in the table, sorting by a header, one machine's chart, and the CSV of the table.
 * The machines and their timelines are written straight into the database (the stops a few hours
 * before now, so inside the screen's default period, the current month).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DOWNTIME_COLUMNS, todayIn } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

const artifacts = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts');
const shotsDir = join(artifacts, 'screenshots');
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
// A leading digit sorts them before the demo's machines when the table is sorted by code.
const SIE = `0PA${tag}-1`;
const CNC = `0PA${tag}-2`;
const HOUR = 3_600_000;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const [{ uuid: area }] = (await db.query(`SELECT uuid FROM areas WHERE nombre = 'Carpintería'`)).rows;
    const [{ uuid: user }] = (await db.query(`SELECT uuid FROM usuarios WHERE username = 'operario'`)).rows;
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const machine = async (codigo: string, nombre: string) =>
      (
        await db.query(`INSERT INTO equipos (codigo, nombre, area_uuid) VALUES ($1, $2, $3) RETURNING uuid`, [
          codigo,
          nombre,
          area,
        ])
      ).rows[0].uuid as string;
    const report = async (equipo: string) =>
      (
        await db.query(
          `INSERT INTO solicitudes (equipo_uuid, area_uuid, descripcion, equipo_detenido, creado_por_uuid)
           VALUES ($1, $2, 'Se trabó la cadena', true, $3) RETURNING uuid`,
          [equipo, area, user],
        )
      ).rows[0].uuid as string;
    const state = (equipo: string, estado: string, desde: Date, hasta: Date | null, solicitud: string | null = null) =>
      db.query(
        `INSERT INTO equipo_estados (equipo_uuid, estado, desde, hasta, solicitud_uuid) VALUES ($1, $2, $3, $4, $5)`,
        [equipo, estado, desde, hasta, solicitud],
      );
    const sie = await machine(SIE, 'Sierra circular de prueba');
    await state(sie, 'operativo', at(5), at(4));
    await state(sie, 'detenido', at(4), at(2), await report(sie));
    await state(sie, 'operativo', at(2), null);
    const cnc = await machine(CNC, 'Router CNC de prueba');
    await state(cnc, 'operativo', at(5), at(1));
    await state(cnc, 'mantenimiento', at(1), null);
  } finally {
    await db.end();
  }
});

const section = (page: Page) => page.getByRole('region', { name: 'Paradas y mantenimiento' });
const table = (page: Page) => page.getByRole('table', { name: 'Paradas por equipo' });
const rowOf = (page: Page, code: string) => table(page).locator('tbody tr').filter({ hasText: code });

async function openSection(page: Page, phone = false) {
  await loginAs(page, 'admin');
  await page.goto('/reportes');
  await expect(section(page).getByRole('heading', { name: 'Paradas y mantenimiento' })).toBeVisible({ timeout: 30_000 });
  await expect(table(page).locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  // By code, ascending: these machines first, whatever the demo's machines hold.
  if (phone) {
    await section(page).getByRole('combobox', { name: 'Ordenar por', exact: true }).click();
    await page.getByRole('option', { name: 'Código (ascendente)', exact: true }).click();
  } else {
    await table(page).getByRole('columnheader', { name: 'Código' }).getByRole('button').click();
  }
  await expect(rowOf(page, SIE)).toBeVisible({ timeout: 30_000 });
}

test('the section shows each machine’s figures, sorts by a header and charts a machine', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSection(page);
  // Código, Equipo, Área, Horas detenido, Fallas, MTBF, MTTR, preventivas, vencidas, correctivas.
  const cells = rowOf(page, SIE).getByRole('cell');
  await expect(cells.nth(3)).toHaveText('2');
  await expect(cells.nth(4)).toHaveText('1');
  await expect(cells.nth(6)).toHaveText('2');
  // «en mantenimiento» is not downtime, and without failures there is no MTBF.
  const cnc = rowOf(page, CNC).getByRole('cell');
  await expect(cnc.nth(3)).toHaveText('0');
  await expect(cnc.nth(5)).toHaveText('—');

  const code = table(page).getByRole('columnheader', { name: 'Código' });
  await expect(code).toHaveAttribute('aria-sort', 'ascending');
  await code.getByRole('button').click();
  await expect(code).toHaveAttribute('aria-sort', 'descending');
  await code.getByRole('button').click();
  await expect(code).toHaveAttribute('aria-sort', 'ascending');

  await rowOf(page, SIE)
    .getByRole('button', { name: `Ver el gráfico de ${SIE}` })
    .click();
  const chart = section(page).getByRole('region', { name: new RegExp(`^${SIE} · .*horas detenido por día`) });
  await expect(chart).toBeVisible();
  // One bar with height: the day of the stop (empty days draw nothing).
  await expect(chart.locator('.recharts-bar-rectangle path').filter({ visible: true })).not.toHaveCount(0);
  await section(page).screenshot({ path: join(shotsDir, 'downtime-1280.png') });
});

test('the CSV of the table has the machines and their figures', async ({ page }) => {
  await openSection(page);
  const download = page.waitForEvent('download');
  await section(page).getByRole('button', { name: 'Exportar CSV de paradas' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Paradas-${todayIn()}.csv`);
  const path = join(artifacts, file.suggestedFilename());
  await file.saveAs(path);
  const lines = readFileSync(path, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(DOWNTIME_COLUMNS.map((c) => `"${c}"`).join(';'));
  expect(lines.find((l) => l.startsWith(`"${SIE}"`))).toContain('"Carpintería";"2";"0";"1"');
});

test('on a phone the table becomes cards and the chart fits', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSection(page, true);
  await expect(rowOf(page, SIE)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await section(page).screenshot({ path: join(shotsDir, 'downtime-390.png') });
});
