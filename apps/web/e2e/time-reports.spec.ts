/**
 * «Horas trabajadas» and «Tiempos de espera y de ciclo» on /reportes (issue 35 §3). A person of
 * their own (so no other test's timers count) worked 10 hours on one task in the last day, and that
 * task was assigned 30 h ago, first moved 20 h ago and finished 1 h ago; the screen is narrowed to
 * that person with the «Usuarios» filter, as a supervisor would.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { HOURS_COLUMNS, todayIn } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

const artifacts = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts');
const shotsDir = join(artifacts, 'screenshots');
const tag = Math.random().toString(36).slice(2, 6).toUpperCase();
const PERSON = `Horacio ${tag}`;
const TASK = `Mesa de roble ${tag}`;
const HOUR = 3_600_000;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    const [{ uuid: area }] = (await db.query(`SELECT uuid FROM areas WHERE nombre = 'Carpintería'`)).rows;
    const [{ uuid: admin }] = (await db.query(`SELECT uuid FROM usuarios WHERE username = 'admin'`)).rows;
    const [{ uuid: person }] = (
      await db.query(
        `INSERT INTO usuarios (username, password_hash, nombre, apellido, rol_uuid, descripcion_puesto_uuid)
         SELECT $1, password_hash, 'Horacio', $2, rol_uuid, descripcion_puesto_uuid FROM usuarios WHERE username = 'operario'
         RETURNING uuid`,
        [`horas${tag.toLowerCase()}`, tag],
      )
    ).rows;
    await db.query(`INSERT INTO usuario_areas (usuario_uuid, area_uuid) VALUES ($1, $2)`, [person, area]);
    const [{ uuid: tipo }] = (await db.query(`SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1`)).rows;
    const [{ uuid: done }] = (await db.query(`SELECT uuid FROM estados WHERE categoria = 'terminada' ORDER BY "order" LIMIT 1`)).rows;
    const [{ uuid: task }] = (
      await db.query(
        `INSERT INTO tareas (titulo, tipo_tarea_uuid, area_uuid, creado_por_uuid, minutos_estimados)
         VALUES ($1, $2, $3, $4, 480) RETURNING uuid`,
        [TASK, tipo, area, admin],
      )
    ).rows;
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const [{ uuid: occurrence }] = (
      await db.query(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_asignacion, fecha_completada)
         VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [task, person, done, at(30), at(1)],
      )
    ).rows;
    await db.query(
      `INSERT INTO historial_tareas_asignadas (tarea_asignada_uuid, tipo, detalle, fecha) VALUES ($1, 'estado', 'Pendiente → En curso', $2)`,
      [occurrence, at(20)],
    );
    // 6 h + 4 h of work, ending before the finish.
    for (const [from, to] of [
      [20, 14],
      [6, 2],
    ] as const) {
      await db.query(
        `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin) VALUES ($1, $2, $3, $4)`,
        [occurrence, person, at(from), at(to)],
      );
    }
  } finally {
    await db.end();
  }
});

const section = (page: Page) => page.getByRole('region', { name: 'Horas trabajadas', exact: true });

async function openSection(page: Page) {
  await loginAs(page, 'supervisor');
  await page.goto('/reportes');
  await expect(section(page).getByRole('heading', { name: 'Horas trabajadas', exact: true })).toBeVisible({ timeout: 30_000 });
  const users = page.getByRole('combobox', { name: 'Usuarios', exact: true });
  await users.click();
  await users.fill('Horacio');
  await page.getByRole('option', { name: new RegExp(PERSON) }).click();
  await page.keyboard.press('Escape');
  await expect(section(page).getByRole('img', { name: `Horas por persona: ${PERSON} 10 h` })).toBeVisible({
    timeout: 30_000,
  });
}

test('the person’s hours, the estimate, and the lead and cycle time, charted', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSection(page);
  const s = section(page);
  await expect(s.getByText('1 persona, 1 tarea')).toBeVisible();
  await expect(s.getByText('8 / 10 h')).toBeVisible();
  // The chart is one picture named with its data: the person's bar.
  await expect(s.getByRole('img', { name: `Horas por persona: ${PERSON} 10 h` })).toBeVisible();
  await s.locator('label').filter({ hasText: /^Tarea$/ }).click();
  await expect(s.getByRole('img', { name: `Horas por tarea: ${TASK} 10 h` })).toBeVisible();
  await expect(s.getByRole('img', { name: /^Horas estimadas y reales por tipo de tarea: .* 8 h estimadas, 10 h reales$/ })).toBeVisible();
  await expect(s.getByRole('img', { name: /^Horas trabajadas por día: / })).toBeVisible();
  await expect(s.getByRole('region', { name: 'Horas por tarea' }).locator('.recharts-bar-rectangle').first()).toBeVisible();

  // Assigned 30 h ago, first moved 20 h ago, finished 1 h ago: waited 10 h, in progress 19 h, 29 h in all.
  await expect(s.getByText('En espera (mediana)').locator('..')).toContainText('10 h');
  await expect(s.getByText('En curso (mediana)').locator('..')).toContainText('19 h');
  await expect(s.getByText('Total (mediana)').locator('..')).toContainText('29 h');
  await expect(
    s.getByRole('img', { name: /1–3 d: 1 por tiempo total, 0 por tiempo en curso/ }),
  ).toBeVisible();
  await s.screenshot({ path: join(shotsDir, 'time-reports-1280.png') });
});

test('the CSV of the hours has the person and the task', async ({ page }) => {
  await openSection(page);
  const download = page.waitForEvent('download');
  await section(page).getByRole('button', { name: 'Exportar CSV de horas' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Horas-${todayIn()}.csv`);
  const path = join(artifacts, file.suggestedFilename());
  await file.saveAs(path);
  const lines = readFileSync(path, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe(HOURS_COLUMNS.map((c) => `"${c}"`).join(';'));
  expect(lines).toContain('"Total";"Todas las horas";"10";"1"');
  expect(lines).toContain(`"Persona";"${PERSON}";"10";"1"`);
  expect(lines).toContain(`"Tarea";"${TASK}";"10";"1"`);
});

test('on a phone the section fits the width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSection(page);
  await expect(section(page).getByRole('img', { name: `Horas por persona: ${PERSON} 10 h` })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await section(page).screenshot({ path: join(shotsDir, 'time-reports-390.png') });
});
