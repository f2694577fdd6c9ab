/**
 * What a screen says (issue 36, section 2): the drawer says a task's rule in words, Escape in the
 * photo viewer closes only the viewer, an empty board under filters says which filters are on and
 * offers «Quitar filtros», and a session ended elsewhere lands on the login page saying why.
 * Screenshots at 1366 and 390 px go to SHOTS_DIR (default /tmp/shots-screens).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SESSION_END_MESSAGES, SESSION_ENDED_TITLE } from '@gestar/contracts';
import { assignedUuid, cameraPhoto, card, seedTask } from './board-helpers';
import { apiToken, createOperario, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-screens';
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * Goes somewhere signed in and waits until the page's first calls are answered, so that a refresh
 * they would start is not cut short by the test's next navigation (a refused refresh clears its
 * cookie: a second one could no longer say why the session ended).
 */
async function settled(page: Page, go: () => Promise<unknown>): Promise<void> {
  const answered = Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/notifications/unread-count')),
    page.waitForResponse((r) => r.url().includes('/api/events/ticket')),
  ]);
  await go();
  await answered;
}

/**
 * Opens `path`, unless the app itself leaves first for the login page (its live stream or a pending
 * request learned the session ended): that navigation aborts this one, which is what is tested.
 */
async function gotoUnlessSentAway(page: Page, path: string): Promise<void> {
  await page.goto(path).catch((error: unknown) => {
    if (!String(error).includes('net::ERR_ABORTED')) throw error;
  });
}

async function asAdmin(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
}

async function userUuid(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.get(`/api/users?limit=100&username=${username}`, { headers: await asAdmin(request) });
  const found = ((await res.json()) as { data: { uuid: string; username: string }[] }).data.find((u) => u.username === username);
  if (!found) throw new Error(`sin usuario ${username}`);
  return found.uuid;
}

/** Opens the drawer of the assigned task `uuid` by its link (a phone's board shows one status at a time). */
async function openDrawer(page: Page, uuid: string, titulo: string) {
  await page.goto(`/?tarea=${uuid}`);
  const drawer = page.getByRole('dialog', { name: titulo });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('the drawer says the rule in words: the last Friday of each month, Monday, Wednesday and Friday', async ({ page, request }) => {
  const headers = await asAdmin(request);
  const rules: [string, string][] = [
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Cada mes, el último viernes'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Cada semana: lunes, miércoles y viernes'],
  ];
  const operario = await userUuid(request, 'operario');
  const seeded: [string, string, string][] = [];
  for (const [regla, words] of rules) {
    const { titulo, tareaUuid } = await seedTask(request, { titulo: `Regla ${unique()}` });
    const res = await request.post('/api/scheduled-task', { headers, data: { tarea_uuid: tareaUuid, regla } });
    expect(res.status(), await res.text()).toBe(201);
    seeded.push([await assignedUuid(request, operario, titulo), titulo, words]);
  }
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await loginAs(page, 'operario');
    for (const [uuid, titulo, words] of seeded) {
      const drawer = await openDrawer(page, uuid, titulo);
      const schedule = drawer.getByRole('region', { name: 'Programación' });
      await expect(schedule).toContainText(`Repetición${words}`);
      await expect(schedule).not.toContainText('Repetir cada');
      await schedule.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `drawer-rule-${words.includes('mes') ? 'mensual' : 'semanal'}-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    }
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(/\/login/);
  }
});

test('Escape in the photo viewer closes the viewer only; the drawer stays until the next Escape', async ({ page, request }) => {
  const { titulo } = await seedTask(request, { titulo: `Foto ${unique()}`, checklist: [{ texto: 'Foto del tablero', requiere_foto: true }] });
  const headers = await asAdmin(request);
  const uuid = await assignedUuid(request, await userUuid(request, 'operario'), titulo);
  const items = ((await (await request.get(`/api/assigned-tasks/${uuid}/detail`, { headers })).json()) as { checklist: { uuid: string }[] }).checklist;
  await page.goto('/login');
  const upload = await request.post(`/api/assigned-tasks/${uuid}/attachments`, {
    headers,
    multipart: {
      archivo: { name: 'tablero.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto(page) },
      checklist_item_uuid: items[0]!.uuid,
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await loginAs(page, 'operario');
    const drawer = await openDrawer(page, uuid, titulo);
    await drawer.getByRole('button', { name: 'Ver foto tablero.jpg' }).click();
    const viewer = page.getByRole('dialog', { name: 'tablero.jpg (1 de 1)' });
    await expect(viewer.getByRole('img', { name: 'tablero.jpg' })).toBeVisible();
    await page.waitForTimeout(400); // the viewer's fade-in, for the picture
    await page.screenshot({ path: join(SHOTS, `photo-viewer-${viewport.width}.png`) });
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The drawer is still open, with the address of its task.
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/tarea=/);
    await page.waitForTimeout(500);
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(/\/login/);
  }
});

test('an empty board under filters names them and «Quitar filtros» brings the cards back', async ({ page, request }) => {
  const mine = await seedTask(request, { assignee: 'supervisor', titulo: `Visible ${unique()}` });
  const search = `lote 3 ${unique()}`;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await loginAs(page, 'supervisor');
    await page.goto(`/?q=${encodeURIComponent(search)}&mias=1`);
    const empty = page.getByTestId('board-filtered-empty');
    await expect(empty).toBeVisible();
    await expect(empty).toContainText('Ninguna tarea coincide con los filtros');
    await expect(empty).toContainText(`Búsqueda: «${search}»`);
    await expect(empty).toContainText('Solo mis tareas');
    await expect(page.getByText('Sin tareas')).toHaveCount(0);
    await page.screenshot({ path: join(SHOTS, `board-filtered-empty-${viewport.width}.png`), fullPage: true });

    await empty.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).not.toHaveURL(/[?&](q|mias)=/);
    await expect(empty).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
    await expect(page.getByRole('switch', { name: 'Solo mis tareas' })).not.toBeChecked();
    if (viewport.width > 800) await expect(card(page, mine.titulo)).toBeVisible();
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(/\/login/);
  }

  // An area filter is named by the area.
  await page.setViewportSize(VIEWPORTS[0]!);
  await loginAs(page, 'supervisor');
  const areas = (await (await request.get('/api/areas?limit=100', { headers: await asAdmin(request) })).json()) as {
    data: { uuid: string; nombre: string }[];
  };
  const tapiceria = areas.data.find((a) => a.nombre === 'Tapicería')!;
  await page.goto(`/?q=${encodeURIComponent(search)}&area=${tapiceria.uuid}`);
  await expect(page.getByTestId('board-filtered-empty')).toContainText('Área: Tapicería');
});

test('a session ended elsewhere lands on the login page saying why', async ({ page, browser, request }) => {
  const user = await createOperario(request);
  const uuid = await userUuid(request, user.username);

  // Closed from another device («Cerrar las demás sesiones»).
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  try {
    await loginAs(phone, user.username, user.password);
    await loginAs(page, user.username, user.password);
    await page.goto('/perfil');
    await page.getByRole('region', { name: 'Sesiones abiertas' }).getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await expect(page.getByText('Se cerró 1 sesión')).toBeVisible();
    await phone.goto('/perfil');
    await expect(phone).toHaveURL(/\/login/, { timeout: 15_000 });
    const notice = phone.getByRole('status').filter({ hasText: SESSION_ENDED_TITLE });
    await expect(notice).toContainText(SESSION_END_MESSAGES.otro_dispositivo);
    await phone.screenshot({ path: join(SHOTS, 'login-session-ended-390.png'), fullPage: true });
    // Until the next sign-in: after it, «Salir» leads to a login page without it.
    await loginAs(phone, user.username, user.password);
    await phone.getByRole('button', { name: 'Salir' }).click();
    await expect(phone.getByRole('textbox', { name: 'Usuario', exact: true })).toBeVisible();
    await expect(phone.getByText(SESSION_ENDED_TITLE)).toHaveCount(0);
  } finally {
    await other.close();
  }

  // The password changed (here through the API, as from another device).
  await page.setViewportSize(VIEWPORTS[0]!);
  await settled(page, () => page.goto('/'));
  const token = await apiToken(request, user.username, user.password);
  const changed = await request.post(`/api/users/${uuid}/change-password`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { currentPassword: user.password, newPassword: 'otraClave123' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await gotoUnlessSentAway(page, '/perfil');
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_TITLE })).toContainText(SESSION_END_MESSAGES.contrasena);
  await page.screenshot({ path: join(SHOTS, 'login-session-ended-1366.png'), fullPage: true });

  // The account deactivated by an administrator.
  await settled(page, () => loginAs(page, user.username, 'otraClave123'));
  const removed = await request.delete(`/api/users/${uuid}`, { headers: await asAdmin(request) });
  expect(removed.status(), await removed.text()).toBe(200);
  await gotoUnlessSentAway(page, '/perfil');
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED_TITLE })).toContainText(SESSION_END_MESSAGES.desactivada);
});

test('the schedule preview marks a date moved by a holiday, naming it; help, reports and catalog texts (screenshots)', async ({ page, request }) => {
  const headers = await asAdmin(request);
  // Tomorrow (in the company's calendar) a holiday of its own: a daily rule's date there moves.
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toLocaleDateString('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' });
  const holiday = await request.post('/api/calendar/non-working-days', { headers, data: { fecha: tomorrow, descripcion: `Feriado ${unique()}` } });
  const created = (await holiday.json()) as { uuid?: string; descripcion?: string };
  try {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await loginAs(page, 'admin');
      await page.goto('/programacion-tareas');
      await page.getByRole('button', { name: 'Nueva Programación' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva Programación' });
      const moved = dialog.getByTestId('moved-date').first();
      if (created.descripcion) await expect(moved).toContainText(created.descripcion);
      await expect(moved).toContainText('movida del');
      await moved.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `schedule-preview-moved-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Cancelar' }).click();

      // Help: the Programación card and the pages describe the rules, the calendar, sessions and company sign-in.
      await page.goto('/ayuda');
      await expect(page.getByText('Tareas que se repiten por días, semanas, meses o años, y el calendario laboral.')).toBeVisible();
      await expect(page.getByText('cada cierto número de días')).toHaveCount(0);
      await page.screenshot({ path: join(SHOTS, `help-index-${viewport.width}.png`), fullPage: true });
      await page.goto('/ayuda/usuarios#cuenta-empresa');
      await expect(page.getByRole('heading', { name: 'Ingreso con la cuenta de la empresa' })).toBeVisible();
      await page.screenshot({ path: join(SHOTS, `help-users-${viewport.width}.png`) });

      // Reports: «1 archivada», never «1 archivadas».
      await page.goto('/reportes');
      const charts = page.getByRole('region', { name: 'Gráficos del reporte' });
      await expect(charts).toBeVisible({ timeout: 15_000 });
      const archived = charts.getByText(/^\d+ archivadas?$/);
      await expect(archived).toBeVisible();
      const hint = (await archived.textContent()) ?? '';
      expect(hint === '1 archivada' || /^(0|[2-9]|\d{2,}) archivadas$/.test(hint), hint).toBe(true);
      await page.screenshot({ path: join(SHOTS, `reports-cards-${viewport.width}.png`) });

      // A catalog refusal shows once, in the dialog.
      await page.goto('/areas');
      await page.getByRole('button', { name: 'Nueva Área' }).click();
      const area = page.getByRole('dialog', { name: 'Nueva Área' });
      await area.getByRole('textbox', { name: 'Nombre' }).fill('Carpintería');
      await area.getByRole('button', { name: 'Crear' }).click();
      await expect(page.getByText('Ya existe un área con ese nombre')).toHaveCount(1);
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      await page.screenshot({ path: join(SHOTS, `catalog-error-${viewport.width}.png`) });
      await area.getByRole('button', { name: 'Cancelar' }).click();

      await page.getByRole('button', { name: 'Salir' }).click();
      await page.waitForURL(/\/login/);
    }
  } finally {
    if (created.uuid) await request.delete(`/api/calendar/non-working-days/${created.uuid}`, { headers });
  }
});
