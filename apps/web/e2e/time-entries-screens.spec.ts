/**
 * Time on task, the rest of the screens (issue 35): corrections with a reason in the drawer and in
 * «Mi semana», a supervisor's correction, the forgotten timer's notice, «Finalizar» moving the task
 * to a finished status, the CSV of the week, and the estimates in the task form. Screenshots at
 * 1280 and 390 px of the card, the drawer, the header and the week.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES, TaskResponseSchema, TimeEntryListResponseSchema } from '@gestar/contracts';
import { apiToken, expect, loginAs, test } from './fixtures';
import { assignedUuid, card, createCarpenter, seedTask } from './board-helpers';

test.describe.configure({ timeout: 150_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const HOUR = 3_600_000;

async function entries(request: APIRequestContext, token: string, task: string) {
  const res = await request.get(`/api/time-entries?tarea_asignada_uuid=${task}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return TimeEntryListResponseSchema.parse(await res.json());
}

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const res = await request.post(url, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    data,
  });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** A timer the forgotten-timer job closed yesterday at the end of the day, not confirmed yet (the job does not run here). */
async function forgottenYesterday(task: string, person: string): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO intervalos_tiempo (tarea_asignada_uuid, usuario_uuid, inicio, fin, origen, pausa_automatica, confirmado, creado_por_uuid)
       VALUES ($1, $2, $3, $4, 'pausa_automatica', 'fin_jornada', false, $2)`,
      [task, person, at(-1, 15).toISOString(), at(-1, 21).toISOString()],
    );
  } finally {
    await db.end();
  }
}

/** Fills the time dialog: start and end as `datetime-local`, and the reason. */
async function fillTime(page: Page, dialogName: string, start: string | null, end: string | null, reason: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (start !== null) await dialog.getByLabel('Inicio').fill(start);
  if (end !== null) await dialog.getByLabel('Fin').fill(end);
  await dialog.getByLabel('Motivo').fill(reason);
  return dialog;
}

/** The browser's time zone (playwright.config.ts): Buenos Aires, three hours behind UTC all year. */
const ZONE_OFFSET_MS = -3 * HOUR;
/** An instant as the browser's `datetime-local` input shows it, whatever this runner's own zone. */
const local = (d: Date) => new Date(d.getTime() + ZONE_OFFSET_MS).toISOString().slice(0, 16);
/** `hh:mm` on the day `days` from today, in the browser's zone, as an instant. */
function at(days: number, hh: number, mm = 0): Date {
  const day = new Date(Date.now() + ZONE_OFFSET_MS + days * 24 * HOUR).toISOString().slice(0, 10);
  return new Date(`${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00-03:00`);
}

test('corrections with a reason, the forgotten timer, «Finalizar» to a finished status and the week exported; screenshots', async ({
  page,
  request,
}) => {
  const person = await createCarpenter(request);
  const a = await seedTask(request, { assignee: person.username, titulo: `Mesa de roble ${Math.random().toString(36).slice(2, 6)}` });
  const b = await seedTask(request, { assignee: person.username, titulo: `Silla ${Math.random().toString(36).slice(2, 6)}` });
  const taskA = await assignedUuid(request, person.uuid, a.titulo);
  const taskB = await assignedUuid(request, person.uuid, b.titulo);
  const token = await apiToken(request, person.username, person.password);
  await forgottenYesterday(taskA, person.uuid);
  await post(request, token, '/api/time-entries/start', { tarea_asignada_uuid: taskB });

  await loginAs(page, person.username, person.password);
  // The notice of the forgotten timer, on the first screen.
  const notice = page.getByRole('region', { name: MESSAGES.timeEntries.autoPausedTitle });
  await expect(notice).toContainText(a.titulo);
  await expect(notice).toContainText(MESSAGES.timeEntries.autoPausedEndOfDay);
  const header = page.getByTestId('running-timer');
  await expect(header).toContainText(b.titulo);
  await expect(card(page, b.titulo).getByTestId('timer-clock')).toBeVisible();
  await page.screenshot({ path: join(shots, 'time-board-1280.png') });

  // Corrected from the notice: six hours were two; the reason is required.
  await notice.getByRole('button', { name: 'Corregir' }).click();
  const fix = page.getByRole('dialog', { name: 'Corregir tiempo' });
  await fix.getByLabel('Fin').fill(local(at(-1, 17)));
  await fix.getByRole('button', { name: 'Guardar' }).click();
  await expect(fix.getByText(MESSAGES.timeEntries.motivoRequired)).toBeVisible();
  await fix.getByLabel('Motivo').fill('Me fui a las 17:00 y quedó en marcha');
  await expect(fix.getByTestId('entry-length')).toHaveText('Duración: 2 h');
  await fix.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MESSAGES.timeEntries.corrected)).toBeVisible();
  await expect(notice).toHaveCount(0);
  const afterFix = await entries(request, token, taskA);
  expect(afterFix.data.map((e) => [e.segundos, e.confirmado, e.motivo])).toEqual([[7200, true, 'Me fui a las 17:00 y quedó en marcha']]);

  // Time added by hand in the drawer, with its reason.
  await card(page, a.titulo).getByRole('button', { name: 'Ver detalles' }).click();
  const drawer = page.getByRole('dialog', { name: a.titulo });
  await drawer.getByRole('button', { name: 'Agregar tiempo' }).click();
  // 07:00–08:30 today once it has passed in the browser's zone (the API refuses time in the future),
  // else yesterday's: never over yesterday's forgotten 15:00–17:00.
  const nowThere = new Date(Date.now() + ZONE_OFFSET_MS);
  const addedDay = nowThere.getUTCHours() >= 9 ? 0 : -1;
  const added = at(addedDay, 7);
  const add = await fillTime(page, 'Agregar tiempo', local(added), local(new Date(added.getTime() + 1.5 * HOUR)), 'Olvidé iniciar el cronómetro');
  await add.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MESSAGES.timeEntries.added)).toBeVisible();
  await expect(drawer.getByTestId('time-entry')).toHaveCount(2);
  await expect(drawer.getByTestId('task-time-total')).toHaveText('Total: 3 h 30 min');
  await page.screenshot({ path: join(shots, 'time-drawer-1280.png') });
  // An overlap with one's own time is refused, in Spanish, and nothing is written.
  await drawer.getByRole('button', { name: 'Agregar tiempo' }).click();
  const again = await fillTime(page, 'Agregar tiempo', local(added), local(new Date(added.getTime() + HOUR)), 'Repetido');
  await again.getByRole('button', { name: 'Guardar' }).click();
  await expect(again.getByText(MESSAGES.timeEntries.overlap)).toBeVisible();
  await again.getByRole('button', { name: 'Cancelar' }).click();
  expect((await entries(request, token, taskA)).data).toHaveLength(2);
  await drawer.getByRole('button', { name: 'Cerrar' }).last().click();

  // «Finalizar» on the running task: the timer stops and the task moves to a finished status.
  await card(page, b.titulo).getByRole('button', { name: `Finalizar ${b.titulo}` }).click();
  const finish = page.getByRole('dialog', { name: `Finalizar «${b.titulo}»` });
  await finish.getByRole('radio', { name: 'Pasar a «Completada»' }).check();
  await finish.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText(MESSAGES.timeEntries.finished)).toBeVisible();
  await expect(header).toHaveCount(0);
  await expect(page.getByTestId('column-Completada').getByRole('article', { name: b.titulo })).toBeVisible();
  expect((await entries(request, token, taskB)).data.map((e) => e.en_marcha)).toEqual([false]);

  // «Mi semana» on the profile, and its CSV.
  await page.goto('/perfil');
  const week = page.getByRole('region', { name: 'Mi semana' });
  // Yesterday is in the week before on a Monday.
  if (addedDay === -1 && nowThere.getUTCDay() === 1) await week.getByRole('button', { name: 'Semana anterior' }).click();
  await expect(week.getByTestId('timesheet-entry').filter({ hasText: a.titulo }).first()).toBeVisible();
  await page.screenshot({ path: join(shots, 'time-week-1280.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await week.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mi-semana-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain(`;${a.titulo};07:00;08:30;1,50;Cargado a mano;Sí;Olvidé iniciar el cronómetro`);
  expect(csv).toContain('Fecha;Tarea;Inicio;Fin;Horas;Origen;Confirmado;Motivo');
  // Corrected from the week too.
  await week.getByRole('button', { name: `Corregir ${a.titulo} de las 07:00` }).click();
  const weekFix = await fillTime(page, 'Corregir tiempo', null, local(new Date(added.getTime() + HOUR)), 'Fue una hora');
  await weekFix.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MESSAGES.timeEntries.corrected)).toBeVisible();
  await expect(week.getByTestId('timesheet-entry').filter({ hasText: '07:00 – 08:00' })).toBeVisible();

  // The same screens on a phone.
  await post(request, token, '/api/time-entries/resume', { tarea_asignada_uuid: taskA });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('running-timer')).toContainText(a.titulo);
  await page.screenshot({ path: join(shots, 'time-week-390.png'), fullPage: true });
  await page.goto('/');
  await expect(card(page, a.titulo).getByTestId('timer-clock')).toBeVisible();
  await page.screenshot({ path: join(shots, 'time-board-390.png') });
  await card(page, a.titulo).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog', { name: a.titulo }).getByTestId('time-entry')).toHaveCount(3);
  await page.screenshot({ path: join(shots, 'time-drawer-390.png') });
});

test('a supervisor corrects the time of a task of their areas, with the reason; the operario sees it corrected', async ({ page, request }) => {
  const person = await createCarpenter(request);
  const { titulo } = await seedTask(request, { assignee: person.username });
  const task = await assignedUuid(request, person.uuid, titulo);
  const token = await apiToken(request, person.username, person.password);
  const now = Date.now();
  await post(request, token, '/api/time-entries', {
    tarea_asignada_uuid: task,
    inicio: new Date(now - 3 * HOUR).toISOString(),
    fin: new Date(now - 2 * HOUR).toISOString(),
    motivo: 'Cargado por la prueba',
  });

  await loginAs(page, 'supervisor');
  await page.goto(`/?tarea=${task}`);
  const drawer = page.getByRole('dialog', { name: titulo });
  const row = drawer.getByTestId('time-entry');
  await expect(row).toHaveCount(1);
  // The supervisor has no timer on someone else's task.
  await expect(drawer.getByTestId('timer-controls')).toHaveCount(0);
  await row.getByRole('button', { name: 'Corregir' }).click();
  const start = new Date(now - 3 * HOUR);
  const fix = await fillTime(page, 'Corregir tiempo', local(new Date(start.getTime() - 30 * 60_000)), null, 'Empezó antes: lo vi en el taller');
  await fix.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MESSAGES.timeEntries.corrected)).toBeVisible();
  const after = await entries(request, token, task);
  expect(after.data[0]!.corregido_por?.nombre).toBeTruthy();
  expect(after.data[0]!.motivo).toBe('Empezó antes: lo vi en el taller');
  expect(Math.round(after.data[0]!.segundos / 60)).toBe(90);
});

test('estimated time in the task form and in each checklist step', async ({ page, request }) => {
  const { titulo, tareaUuid } = await seedTask(request, { checklist: [{ texto: 'Lijar con grano 120' }, { texto: 'Barnizar' }] });
  await loginAs(page, 'supervisor');
  await page.goto('/tareas');
  await page.getByPlaceholder('Buscar tareas...').fill(titulo);
  const row = page.getByRole('row').filter({ hasText: titulo });
  await row.getByRole('button', { name: `Editar ${titulo}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Tarea' });
  await edit.getByRole('textbox', { name: 'Tiempo estimado' }).fill('90');
  await expect(edit.getByText('Por cada vez que se hace: 1 h 30 min')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Minutos estimados del paso 1' }).fill('25');
  await page.screenshot({ path: join(shots, 'time-estimates-1280.png'), fullPage: true });
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  const admin = await apiToken(request, 'admin');
  const res = await request.get(`/api/tasks/${tareaUuid}`, { headers: { Authorization: `Bearer ${admin}` } });
  const saved = TaskResponseSchema.parse(await res.json());
  expect(saved.minutos_estimados).toBe(90);
  expect(saved.checklist.map((c) => [c.texto, c.minutos_estimados])).toEqual([
    ['Lijar con grano 120', 25],
    ['Barnizar', null],
  ]);
  // Cleared again: null.
  await row.getByRole('button', { name: `Editar ${titulo}` }).click();
  await edit.getByRole('textbox', { name: 'Tiempo estimado' }).fill('');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toHaveCount(0);
  const cleared = TaskResponseSchema.parse(await (await request.get(`/api/tasks/${tareaUuid}`, { headers: { Authorization: `Bearer ${admin}` } })).json());
  expect(cleared.minutos_estimados).toBeNull();
  expect(cleared.checklist[0]!.minutos_estimados).toBe(25);
});
