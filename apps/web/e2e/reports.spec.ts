/**
 * SPEC section 2.13, /reportes, against the real API and the demo seed:
 * filters, table, suggestions, charts, and the XLSX / PDF downloads read back.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import { MESSAGES, REPORT_EXPORT_COLUMNS, todayIn } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { apiToken, expect, loginAs, test } from './fixtures';
import { assignedUuid, seedTask, updateAsAdmin } from './board-helpers';

const artifacts = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts');
const shotsDir = join(artifacts, 'screenshots');
const reportTable = (page: Page) => page.getByRole('table', { name: 'Reporte' });

async function openReports(page: Page, user: 'admin' | 'supervisor' = 'admin') {
  await loginAs(page, user);
  await page.goto('/reportes');
  // The screen's chunk and its first queries can be slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible({ timeout: 30_000 });
  // The first page holds the newest rows: other tests keep adding tasks, so no particular seeded row is expected here.
  await expect(reportTable(page).getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
}

/** Narrows the table to the rows whose task title contains `title` (the 'Tarea' filter), as a user would. */
async function showTask(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Tarea', exact: true }).fill(title);
  // The first body row (at 390 px the header row is hidden: the table is cards).
  await expect(reportTable(page).locator('tbody tr').first()).toContainText(title, { timeout: 30_000 });
}

function dmy(date: string) {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

test.describe('reports screen (SPEC 2.13)', () => {
  // Charts, a PDF rendered by Chromium on the server and two browsers on 2 shared cores.
  test.describe.configure({ timeout: 90_000 });

  test('header, help link, filters with the current month, columns, charts', async ({ page }) => {
    await openReports(page);
    await expect(page.getByRole('link', { name: 'Más sobre reportes' })).toHaveAttribute('href', '/ayuda/reportes');
    for (const label of ['Estados', 'Áreas', 'Usuarios'])
      await expect(page.getByRole('combobox', { name: label, exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Tarea', exact: true })).toBeVisible();
    const today = todayIn();
    const first = `${today.slice(0, 8)}01`;
    const range = page.getByRole('button', { name: 'Rango de fecha' });
    await expect(range).toContainText(dmy(first));
    await expect(reportTable(page).getByRole('columnheader')).toHaveText([
      'Colaborador',
      'Tarea',
      'Área',
      'Estado',
      'Fecha de creación',
      'Fecha de vencimiento',
      'Fecha de finalización',
      'A tiempo',
      'Calificación',
      'Observaciones',
      'Lista',
      'Acciones',
    ]);
    // A completed row says when and whether on time; an open one leaves both empty.
    const completed = reportTable(page).getByRole('row').filter({ hasText: 'Completada' }).first();
    await expect(completed.getByRole('cell').nth(6)).toHaveText(/^\d{1,2} \S+ \d{4}$/);
    await expect(completed.getByRole('cell').nth(7)).toHaveText(/^(Sí|No)$/);
    const open = reportTable(page).getByRole('row').filter({ hasText: 'Pendiente' }).first();
    await expect(open.getByRole('cell').nth(6)).toHaveText('—');
    await expect(open.getByRole('cell').nth(7)).toHaveText('—');
    for (const name of ['Exportar XLSX', 'Exportar PDF', 'Exportar CSV'])
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tareas por estado' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Tareas por área y estado' }).locator('.recharts-bar-rectangle').first(),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Resumen por área' })).toContainText('Carpintería');
  });

  test("'Ver sugerencias' lists the task's suggestions, or says there are none", async ({ page }) => {
    await openReports(page);
    await showTask(page, 'Armar mesa de roble para pedido 1042');
    await reportTable(page)
      .getByRole('row')
      .filter({ hasText: 'Armar mesa de roble para pedido 1042' })
      .getByRole('button', { name: 'Ver sugerencias' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Sugerencias de la tarea' });
    await expect(dialog.getByRole('listitem')).toHaveText(['Usar plantillas de corte para ahorrar tiempo']);
    await page.keyboard.press('Escape');
    await showTask(page, 'Afilar la sierra circular');
    await reportTable(page)
      .getByRole('row')
      .filter({ hasText: 'Afilar la sierra circular' })
      .getByRole('button', { name: 'Ver sugerencias' })
      .click();
    await expect(dialog.getByText('No hay sugerencias disponibles')).toBeVisible();
  });

  test('filters narrow the table; nothing matching shows the empty message', async ({ page }) => {
    await openReports(page);
    await page.getByRole('combobox', { name: 'Áreas', exact: true }).click();
    await page.getByRole('option', { name: 'Tapicería' }).click();
    await page.keyboard.press('Escape');
    await expect(reportTable(page).getByRole('row')).toHaveCount(2);
    await expect(reportTable(page)).toContainText('Tapizar 6 sillas modelo Nórdico');
    await page.getByRole('textbox', { name: 'Tarea', exact: true }).fill('no existe nada');
    await expect(page.getByText('No existen reportes para los filtros seleccionados')).toBeVisible();
  });

  test('downloads the XLSX and the PDF of every row and reads them back', async ({ page }) => {
    await openReports(page);
    // Narrow to seeded rows no other test touches, so parallel tests cannot change the count mid-test.
    await page.getByRole('textbox', { name: 'Tarea', exact: true }).fill('Armar mesa de roble');
    await expect(reportTable(page).getByRole('row')).toHaveCount(2, { timeout: 30_000 });
    const total = (await reportTable(page).getByRole('row').count()) - 1;
    const today = todayIn();

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`Reporte-${today}.xlsx`);
    const xlsxPath = join(artifacts, xlsx.suggestedFilename());
    await xlsx.saveAs(xlsxPath);
    const book = XLSX.read(readFileSync(xlsxPath), { type: 'buffer' });
    const aoa = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
    expect(aoa[0]).toEqual([...REPORT_EXPORT_COLUMNS]);
    expect(aoa).toHaveLength(total + 1);
    expect(aoa.map((r) => r[1])).toContain('Armar mesa de roble para pedido 1042');

    // With photos: the option travels as `fotos=true` (the fixtures check it against the contract).
    await page.getByRole('checkbox', { name: 'PDF con fotos' }).check();
    const pdfRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/reports/pdf');
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    expect(new URL((await pdfRequest).url()).searchParams.get('fotos')).toBe('true');
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`Reporte-${today}.pdf`);
    const pdfPath = join(artifacts, pdf.suggestedFilename());
    await pdf.saveAs(pdfPath);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('Reporte de tareas');
    expect(text).toContain('Armar mesa de roble');
    expect(text).toContain(`Rango de fecha: ${dmy(`${today.slice(0, 8)}01`)}`);
    expect(text).toMatch(/Página 1 de \d+/);
    // The first page as a picture, for a person to look at.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      join(shotsDir, 'reports-pdf-page1'),
    ]);
  });

  test('a failed export shows the error toast', async ({ page }) => {
    await openReports(page);
    await page.route('**/api/reports/pdf?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          message: MESSAGES.errors.databaseUnavailable,
          error: 'Service Unavailable',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.errors.reportExportFailed })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar PDF' })).toBeEnabled();
  });

  test('the supervisor sees only its areas', async ({ page }) => {
    await openReports(page, 'supervisor');
    await expect(reportTable(page)).not.toContainText('Logística');
    await page.getByRole('combobox', { name: 'Áreas', exact: true }).click();
    await expect(page.getByRole('option')).toHaveText(['Carpintería', 'Tapicería']);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`screenshot at ${viewport.width}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openReports(page);
      await expect(
        page.getByRole('region', { name: 'Tareas por área y estado' }).locator('.recharts-bar-rectangle').first(),
      ).toBeVisible();
      await page.screenshot({ path: join(shotsDir, `reports-${viewport.width}.png`), fullPage: true });
      await showTask(page, 'Armar mesa de roble para pedido 1042');
      await reportTable(page)
        .getByRole('row')
        .filter({ hasText: 'Armar mesa de roble para pedido 1042' })
        .getByRole('button', { name: 'Ver sugerencias' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Sugerencias de la tarea' })).toBeVisible();
      await page.screenshot({ path: join(shotsDir, `reports-suggestions-${viewport.width}.png`) });
    });
  }
});

test.describe('report charts read right', () => {
  test.describe.configure({ timeout: 90_000 });

  /** The tick texts of a chart's value or category axis, as the SVG shows them. */
  const ticks = (page: Page, chart: string, axis: 'x' | 'y') =>
    page
      .getByRole('region', { name: chart })
      .locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`)
      .allTextContents();

  for (const width of [1280, 390]) {
    test(`counts are whole numbers, ratings go from 1 to 5, every bar is named (${width} px)`, async ({ page, request }) => {
      // A rated task of this month, so the ratings chart has a bar.
      const { titulo } = await seedTask(request);
      const operario = await userUuidOf(request, 'operario');
      await updateAsAdmin(request, await assignedUuid(request, operario, titulo), { archivada: true, calificacion: 4 });
      await page.setViewportSize({ width, height: 900 });
      await openReports(page);
      const areaChart = page.getByRole('region', { name: 'Tareas por área y estado' });
      await expect(areaChart.locator('.recharts-bar-rectangle').first()).toBeVisible();
      const counts = await ticks(page, 'Tareas por área y estado', 'y');
      expect(counts.length).toBeGreaterThan(1);
      for (const c of counts) expect(c).toMatch(/^\d+$/);
      // One name under every area's bar.
      const areas = await page.getByRole('table', { name: 'Resumen por área' }).locator('tbody tr td:first-child').allInnerTexts();
      const names = await ticks(page, 'Tareas por área y estado', 'x');
      expect(names).toHaveLength(areas.length);
      for (const [i, area] of areas.entries()) expect(area.startsWith(names[i]!.replace('…', ''))).toBe(true);
      const ratingChart = page.getByRole('region', { name: 'Calificación promedio por colaborador' });
      await expect(ratingChart.locator('.recharts-bar-rectangle').first()).toBeVisible();
      expect(await ticks(page, 'Calificación promedio por colaborador', 'x')).toEqual(['1', '2', '3', '4', '5']);
      await page.screenshot({ path: join(shotsDir, `report-charts-${width}.png`), fullPage: true });
    });
  }
});

async function userUuidOf(request: Parameters<typeof apiToken>[0], username: string): Promise<string> {
  const token = await apiToken(request, 'admin');
  const res = await request.get(`/api/users?limit=100&username=${username}`, { headers: { Authorization: `Bearer ${token}` } });
  const { data } = (await res.json()) as { data: { uuid: string; username: string }[] };
  return data.find((u) => u.username === username)!.uuid;
}
