/**
 * SPEC section 2.7, /programacion-tareas, against the real API and the demo seed.
 * Each test schedules a task of its own (random title), so parallel tests never share a row.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES, addDaysToCalendarDate, todayIn } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { seedTask } from './board-helpers';
import { withCalendarLock } from './calendar-lock';
import { apiToken, expect, loginAs, test } from './fixtures';

const shotsDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const unique = () => Math.random().toString(36).slice(2, 8);
const table = (page: Page) => page.getByRole('table', { name: 'Programaciones' });
const row = (page: Page, titulo: string) =>
  table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: titulo, exact: true }) });
const dialog = (page: Page) => page.getByRole('dialog');
/** DD/MM/YYYY of a calendar date. */
const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

async function openSchedules(page: Page, user: 'admin' | 'supervisor' = 'admin') {
  await loginAs(page, user);
  await page.goto('/programacion-tareas');
  await expect(page.getByRole('heading', { level: 1, name: 'Programación de tarea' })).toBeVisible();
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
}

test.describe('scheduled tasks screen (SPEC 2.7)', () => {
  test('creates, toggles, edits and deletes a schedule', async ({ page, request }) => {
    // One long walk through the screen: several dialogs and round trips.
    test.setTimeout(90_000);
    // Titles starting with 'Aceitar' sort first, so the new row is on page 1.
    const { titulo } = await seedTask(request, { titulo: `Aceitar compresor ${unique()}` });
    await openSchedules(page);
    await expect(page.getByRole('link', { name: 'Más sobre programación' })).toHaveAttribute(
      'href',
      '/ayuda/programacion',
    );
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Tarea',
      'Área',
      'Repetición',
      'Estado',
      'Próxima ejecución',
      'Última generación',
      'Generadas',
      'Acciones',
    ]);
    await expect(row(page, 'Limpieza del puesto de trabajo')).toContainText('Carpintería');

    // The form's rules.
    await page.getByRole('button', { name: 'Nueva Programación' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Nueva Programación' })).toBeVisible();
    const today = todayIn();
    await expect(dialog(page).getByRole('textbox', { name: 'Próxima ejecución' })).toHaveValue(
      ddmmyyyy(addDaysToCalendarDate(today, 1)),
    );
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await expect(dialog(page).getByText(MESSAGES.validation.tareaRequired)).toBeVisible();

    await dialog(page).getByRole('combobox', { name: 'Intervalo de repetición' }).click();
    await page.getByRole('option', { name: 'Personalizado' }).click();
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await expect(dialog(page).getByText(MESSAGES.validation.intervalRequired)).toBeVisible();
    await dialog(page).getByRole('textbox', { name: 'Días entre repeticiones' }).fill('0');
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await expect(dialog(page).getByText(MESSAGES.validation.intervalMin)).toBeVisible();
    await dialog(page).getByRole('textbox', { name: 'Días entre repeticiones' }).fill('3');
    await expect(dialog(page).getByRole('textbox', { name: 'Próxima ejecución' })).toHaveValue(
      ddmmyyyy(addDaysToCalendarDate(today, 3)),
    );

    const search = dialog(page).getByRole('combobox', { name: 'Tarea' });
    await search.fill(`no existe ${unique()}`);
    await expect(page.getByText('No se encontraron resultados')).toBeVisible();
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/tasks?') && new URL(r.url()).searchParams.get('titulo') === titulo,
    );
    await search.fill(titulo);
    await searched;
    await page.getByRole('option', { name: titulo, exact: true }).click();

    await dialog(page).getByRole('combobox', { name: 'Intervalo de repetición' }).click();
    await page.getByRole('option', { name: 'Semanal (7 días)' }).click();
    const next = addDaysToCalendarDate(today, 7);
    await expect(dialog(page).getByRole('textbox', { name: 'Próxima ejecución' })).toHaveValue(ddmmyyyy(next));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(shotsDir, 'scheduled-tasks-form-desktop.png') });
    await dialog(page).getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.scheduleCreated)).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);

    const created = row(page, titulo);
    await expect(created).toContainText('Carpintería');
    await expect(created.getByRole('cell').nth(2)).toHaveText('Cada 7 días');
    await expect(created).toContainText('Activo');
    await expect(created).toContainText('Nunca');
    await expect(created.getByRole('cell').nth(6)).toHaveText('0');

    // The toggle sends only the flag.
    const toggled = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/scheduled-task/'));
    await created.getByRole('button', { name: `Desactivar programación de ${titulo}` }).click();
    expect((await toggled).postDataJSON()).toEqual({ activo: false });
    await expect(page.getByText(MESSAGES.success.scheduleUpdated)).toBeVisible();
    await expect(created).toContainText('Inactivo');
    await created.getByRole('button', { name: `Activar programación de ${titulo}` }).click();
    await expect(created).toContainText('Activo');

    // Edit: the interval, and with it the next execution.
    await created.getByRole('button', { name: `Editar programación de ${titulo}` }).click();
    await expect(dialog(page).getByRole('combobox', { name: 'Tarea' })).toHaveValue(titulo);
    await dialog(page).getByRole('combobox', { name: 'Intervalo de repetición' }).click();
    await page.getByRole('option', { name: 'Mensual (30 días)' }).click();
    await dialog(page).getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText(MESSAGES.success.scheduleUpdated).first()).toBeVisible();
    await expect(created.getByRole('cell').nth(2)).toHaveText('Cada 30 días');

    await page.screenshot({ path: join(shotsDir, 'scheduled-tasks-desktop.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shotsDir, 'scheduled-tasks-mobile.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete.
    await created.getByRole('button', { name: `Eliminar programación de ${titulo}` }).click();
    await dialog(page).getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText(MESSAGES.success.scheduleDeleted)).toBeVisible();
    await expect(row(page, titulo)).toHaveCount(0);
  });

  test('a schedule on monday, wednesday and friday shows its next five dates; a holiday moves one', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { titulo } = await seedTask(request, { titulo: `Aceitar sierra ${unique()}` });
    await openSchedules(page);
    await page.getByRole('button', { name: 'Nueva Programación' }).click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: 'Tarea' }).fill(titulo);
    await page.getByRole('option', { name: titulo }).click();
    await form.getByRole('combobox', { name: 'Repetición', exact: true }).click();
    await page.getByRole('option', { name: 'Algunos días de la semana' }).click();
    // Nothing chosen: said, nothing sent.
    const group = form.getByRole('group', { name: 'Días de la semana' });
    // Chips: the label is what a person taps.
    const chip = (day: string) => group.getByText(day, { exact: true });
    for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']) {
      if (await group.getByRole('checkbox', { name: day }).isChecked()) await chip(day).click();
    }
    await expect(group.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(form.getByText(MESSAGES.validation.weekdaysRequired)).toBeVisible();
    for (const day of ['lunes', 'miércoles', 'viernes']) {
      await chip(day).click();
      await expect(group.getByRole('checkbox', { name: day })).toBeChecked();
    }
    await expect(form.getByText('Cada semana: lunes, miércoles y viernes')).toBeVisible();
    const next = form.getByRole('list', { name: 'Próximas fechas' }).getByRole('listitem');
    await expect(next).toHaveCount(5);
    // The dates follow the rule once the preview answers (the list may show the previous answer for a moment).
    // Five dates in a row of this rule hold each of its three days; a list of lunes and miércoles alone is the
    // previous answer, still shown while the new one is asked.
    const onRule = (texts: string[]) =>
      texts.length === 5 &&
      texts.every((d) => /^(lun|mié|vie)\.? \d{1,2} \w+\.? \d{4}$/.test(d.trim())) &&
      ['lun', 'mié', 'vie'].every((day) => texts.some((d) => d.trim().startsWith(day)));
    await expect.poll(async () => onRule(await next.allInnerTexts())).toBe(true);
    const shown = await next.allInnerTexts();
    // No year's holidays are loaded here (the automatic import is off): the form says so for the years it reaches,
    // and says nothing when the dates are kept on any day.
    const years = [
      ...new Set((await next.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!.slice(0, 4))))),
    ];
    const unloaded = form.getByTestId('anios-sin-feriados');
    await withCalendarLock(async () => {
      // Asked again while no other test holds the calendar's years.
      await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
      await page.getByRole('option', { name: 'Omitir ese día' }).click();
      await expect(unloaded).toContainText(`Los feriados de ${years.join(' y ')} aún no están cargados`);
      await page.screenshot({ path: join(shotsDir, 'schedule-rule-1280.png') });
      await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
      await page.getByRole('option', { name: 'Generar igual' }).click();
      await expect(unloaded).toHaveCount(0);
    });

    // The company marks the third of those days as a holiday: the preview moves it to the next working day.
    const holiday = (await next.nth(2).locator('time').getAttribute('datetime'))!;
    expect(holiday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const added = await request.post('/api/calendar/non-working-days', {
      headers: { Authorization: `Bearer ${await apiToken(request, 'admin')}` },
      data: { fecha: holiday, descripcion: 'Feriado de prueba' },
    });
    try {
      expect(added.status()).toBe(201);
      // The preview asks again when the policy changes.
      await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
      await page.getByRole('option', { name: 'Omitir ese día' }).click();
      await expect(next).toHaveCount(5);
      await expect(next.locator(`time[datetime="${holiday}"]`)).toHaveCount(0);
      expect(shown).toContain(await next.nth(1).innerText());
      await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
      await page.getByRole('option', { name: 'Pasar al siguiente día hábil' }).click();
      await expect(next.nth(2)).toHaveText(/^(mar|jue|sáb)\.? /);

      await form.getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByText(MESSAGES.success.scheduleCreated)).toBeVisible();
      await expect(row(page, titulo).getByRole('cell').nth(2)).toHaveText('Cada semana: lunes, miércoles y viernes');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(shotsDir, 'schedule-rule-390.png'), fullPage: true });
    } finally {
      const list = (await (
        await request.get(`/api/calendar/non-working-days?anio=${holiday.slice(0, 4)}`, {
          headers: { Authorization: `Bearer ${await apiToken(request, 'admin')}` },
        })
      ).json()) as { data: { uuid: string; fecha: string }[] };
      const mine = list.data.find((d) => d.fecha === holiday);
      if (mine) {
        await request.delete(`/api/calendar/non-working-days/${mine.uuid}`, {
          headers: { Authorization: `Bearer ${await apiToken(request, 'admin')}` },
        });
      }
    }
  });

  test('a calendar application’s RRULE, the 31st or the last day, and the day each date appears on the board', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { titulo } = await seedTask(request, { titulo: `Cierre de mes ${unique()}` });
    await openSchedules(page);
    await page.getByRole('button', { name: 'Nueva Programación' }).click();
    const form = dialog(page);
    await form.getByRole('combobox', { name: 'Tarea' }).fill(titulo);
    await page.getByRole('option', { name: titulo }).click();
    const next = form.getByRole('list', { name: 'Próximas fechas' }).getByRole('listitem');

    // Day 31 skips the months without it; "31, or the last day" is an option of its own. (Generated
    // as they are: a 31st on a Sunday would move to the 1st.)
    await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
    await page.getByRole('option', { name: 'Generar igual' }).click();
    await form.getByRole('combobox', { name: 'Repetición', exact: true }).click();
    await page.getByRole('option', { name: 'Un día de cada mes' }).click();
    await form.getByRole('combobox', { name: 'Día del mes' }).click();
    await page.getByRole('option', { name: '31', exact: true }).click();
    await expect(form.getByText('Cada mes, el día 31 (los meses que lo tienen)')).toBeVisible();
    await expect
      .poll(async () =>
        (await next.locator('time').evaluateAll((ts) => ts.map((x) => x.getAttribute('datetime')))).every((d) =>
          d?.endsWith('-31'),
        ),
      )
      .toBe(true);
    await form.getByRole('combobox', { name: 'Día del mes' }).click();
    await page.getByRole('option', { name: '31, o el último día de los meses más cortos' }).click();
    await expect(form.getByText('Cada mes, el día 31 (o el último día de los meses más cortos)')).toBeVisible();

    // A rule as a calendar application writes it: the last weekday of each month, with a lead.
    await form.getByRole('combobox', { name: 'Repetición', exact: true }).click();
    await page.getByRole('option', { name: 'Regla de un calendario (RRULE)' }).click();
    const text = form.getByRole('textbox', { name: 'Regla (RRULE)' });
    await text.fill('FREQ=HOURLY');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(form.getByText(MESSAGES.validation.ruleFreqUnsupported)).toBeVisible();
    await text.fill('RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    await expect(
      form.getByText('Cada mes, los lunes, martes, miércoles, jueves y viernes, solo el último de esos días'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: 'Crear con anticipación (días)' }).fill('3');
    await expect(next).toHaveCount(5);
    await expect(next.first()).toContainText('aparece en el tablero el');
    await page.screenshot({ path: join(shotsDir, 'schedule-rrule-1280.png') });
    // Every date falls on a weekday and is the last one of its month.
    const dates = await next.locator(':scope > time').evaluateAll((ts) => ts.map((x) => x.getAttribute('datetime')!));
    for (const d of dates) {
      const day = new Date(`${d}T00:00:00Z`);
      expect([1, 2, 3, 4, 5]).toContain(day.getUTCDay());
      const later = [1, 2, 3]
        .map((k) => new Date(day.getTime() + k * 86_400_000))
        .filter((x) => x.getUTCMonth() === day.getUTCMonth());
      expect(later.every((x) => x.getUTCDay() === 0 || x.getUTCDay() === 6)).toBe(true);
    }

    // Every date skipped: the preview says why, and saving is refused with the same message.
    await text.fill('FREQ=WEEKLY;BYDAY=SU');
    await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
    await page.getByRole('option', { name: 'Omitir ese día' }).click();
    await expect(form.getByRole('alert').filter({ hasText: MESSAGES.errors.ruleNoDates })).toBeVisible();
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.errors.ruleNoDates).first()).toBeVisible();

    await text.fill('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    await form.getByRole('combobox', { name: 'En un día no laborable' }).click();
    await page.getByRole('option', { name: 'Pasar al día hábil anterior' }).click();
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByText(MESSAGES.success.scheduleCreated)).toBeVisible();
    await expect(row(page, titulo).getByRole('cell').nth(2)).toHaveText(
      'Cada mes, los lunes, martes, miércoles, jueves y viernes, solo el último de esos días',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: `Editar programación de ${titulo}` }).click();
    await expect(dialog(page).getByRole('textbox', { name: 'Regla (RRULE)' })).toHaveValue(
      'FREQ=MONTHLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    );
    await page.screenshot({ path: join(shotsDir, 'schedule-rrule-390.png'), fullPage: true });
  });

  test('a task that already has a schedule cannot be chosen again', async ({ page }) => {
    await openSchedules(page, 'supervisor');
    await page.getByRole('button', { name: 'Nueva Programación' }).click();
    await dialog(page).getByRole('combobox', { name: 'Tarea' }).fill('Limpieza del puesto');
    await expect(page.getByRole('option', { name: 'Limpieza del puesto de trabajo' })).toHaveAttribute(
      'data-combobox-disabled',
      'true',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shotsDir, 'scheduled-tasks-form-mobile.png') });
  });

  test('an operario has no access to the screen', async ({ page }) => {
    await loginAs(page, 'operario');
    await page.goto('/programacion-tareas');
    await expect(page).toHaveURL(/\/not-authorized$/);
  });
});
