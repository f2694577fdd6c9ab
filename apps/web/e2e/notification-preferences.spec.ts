/** Perfil > Avisos and Administración > Entregas de avisos (issue 19). */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DELIVERY_SKIP_REASONS, MESSAGES, NOTIFICATION_KIND_LABELS, NotificationPreferencesResponseSchema } from '@gestar/contracts';
import { apiToken, createOperario, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const L = NOTIFICATION_KIND_LABELS;

test('an operario chooses which notices reach them by push and by e-mail, and quiet hours', async ({ page, request }) => {
  const user = await createOperario(request);
  await loginAs(page, user.username, user.password);
  await page.goto('/perfil');
  const card = page.getByRole('region', { name: 'Avisos' });
  await expect(card.getByRole('table', { name: 'Canales por tipo de aviso' })).toBeVisible();
  // The operario's defaults: everything by push, nothing by e-mail; the supervisors' kinds are not offered.
  await expect(card.getByRole('checkbox', { name: `${L.asignacion}: push` })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: `${L.vence_hoy}: correo` })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: `${L.escalada}: push` })).toHaveCount(0);
  // No push or e-mail on this server: the card says where the notices arrive meanwhile.
  await expect(card.getByText('Por ahora el servidor no envía push ni correos')).toBeVisible();

  await card.getByRole('checkbox', { name: `${L.asignacion}: push` }).uncheck();
  await card.getByRole('checkbox', { name: `${L.vence_hoy}: correo` }).check();
  const email = card.getByRole('textbox', { name: 'Correo electrónico para avisos' });
  await email.fill('no-es-correo');
  let saves = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/notifications/preferences') && r.method() === 'PUT' && saves++));
  await card.getByRole('button', { name: 'Guardar avisos' }).click();
  await expect(card.getByText(MESSAGES.validation.correoInvalid)).toBeVisible();
  await card.getByLabel('Desde').fill('22:00');
  await card.getByRole('button', { name: 'Guardar avisos' }).click();
  await expect(card.getByText(MESSAGES.validation.silencioBoth)).toBeVisible();
  expect(saves).toBe(0);

  await email.fill('operario.nuevo@taller.test');
  await card.getByLabel('Hasta').fill('06:00');
  await card.getByRole('button', { name: 'Guardar avisos' }).click();
  await expect(page.getByText(MESSAGES.success.preferencesSaved)).toBeVisible();
  expect(saves).toBe(1);

  // Kept by the server.
  const token = await apiToken(request, user.username, user.password);
  const saved = NotificationPreferencesResponseSchema.parse(
    await (await request.get('/api/notifications/preferences', { headers: { Authorization: `Bearer ${token}` } })).json(),
  );
  expect(saved).toMatchObject({ correo: 'operario.nuevo@taller.test', silencio_desde: '22:00', silencio_hasta: '06:00' });
  expect(saved.avisos.asignacion).toEqual({ push: false, email: false });
  expect(saved.avisos.vence_hoy).toEqual({ push: true, email: true });

  // On a phone, after a reload, the same choices show and nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(card.getByRole('checkbox', { name: `${L.asignacion}: push` })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: `${L.vence_hoy}: correo` })).toBeChecked();
  await expect(email).toHaveValue('operario.nuevo@taller.test');
  await expect(card.getByLabel('Desde')).toHaveValue('22:00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'profile-notices-390.png'), fullPage: true });
});

test('an administrator sends a test on each channel and reads how it went in the delivery log', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.goto('/entregas-avisos');
  await expect(page.getByRole('heading', { level: 1, name: 'Entregas de avisos' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'El correo no está configurado en el servidor (SMTP_URL).' })).toBeVisible();

  const tests = page.getByRole('region', { name: 'Enviarme una prueba' });
  await tests.getByRole('button', { name: 'En la aplicación' }).click();
  await expect(page.getByText('La prueba en la aplicación se envió.')).toBeVisible();
  await tests.getByRole('button', { name: 'Correo electrónico' }).click();
  await expect(page.getByText(`Omitida: ${DELIVERY_SKIP_REASONS.emailOff}`)).toBeVisible();

  const filters = page.getByRole('region', { name: 'Filtros de entregas' });
  await filters.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'Correo electrónico', exact: true }).click();
  const table = page.getByRole('table', { name: 'Registro de entregas' });
  const row = table.getByRole('row').filter({ hasText: MESSAGES.notifications.testTitle }).first();
  await expect(row).toContainText('Omitida');
  await expect(row).toContainText(DELIVERY_SKIP_REASONS.emailOff);
  await expect(row).toContainText('Ana');
  await page.screenshot({ path: join(shots, 'deliveries-1280.png'), fullPage: true });

  // The in-app test is in the bell's inbox.
  await page.getByRole('button', { name: /Notificaciones/ }).first().click();
  await expect(page.getByText(MESSAGES.notifications.testBody).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: MESSAGES.notifications.testTitle }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: join(shots, 'deliveries-390.png'), fullPage: true });
});

test('the delivery log shows the address each e-mail went to', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const titulo = `Destino ${Math.random().toString(36).slice(2, 8)}`;
  const adminUuid = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  const sent = await request.post('/api/notifications/send', {
    headers: { Authorization: `Bearer ${token}` },
    data: { usuario_uuid: adminUuid, titulo, mensaje: 'Revisar la sierra' },
  });
  expect(sent.status()).toBe(201);
  // This test server sends no e-mail (no SMTP_URL): the try a server with SMTP makes is written to the log as the outbox writes it.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO entregas_notificacion (notificacion_uuid, usuario_uuid, canal, estado, motivo, destino, intentos)
       SELECT uuid, usuario_uuid, 'email', 'fallida', $2, 'ana.admin@taller.test', 1 FROM notificaciones WHERE titulo = $1`,
      [titulo, `${MESSAGES.notifications.emailRefusedPermanently}550 El buzón no existe`],
    );
  } finally {
    await db.end();
  }

  await loginAs(page, 'admin');
  await page.goto('/entregas-avisos');
  const table = page.getByRole('table', { name: 'Registro de entregas' });
  // The log's first load on a busy machine has taken over 15 s.
  await expect(table.getByRole('columnheader', { name: 'Canal y destino' })).toBeVisible({ timeout: 60_000 });
  const row = table.getByRole('row').filter({ hasText: titulo });
  await expect(row).toContainText('Correo electrónico');
  await expect(row).toContainText('ana.admin@taller.test');
  await expect(row).toContainText(MESSAGES.notifications.emailRefusedPermanently.trim());
  await row.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'deliveries-destination-1280.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole('article').filter({ hasText: titulo });
  await expect(card).toContainText('A ana.admin@taller.test');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, 'deliveries-destination-390.png') });
});

test('a supervisor has no delivery log', async ({ page }) => {
  await loginAs(page, 'supervisor');
  await page.goto('/entregas-avisos');
  await expect(page).toHaveURL(/\/not-authorized$/);
});
