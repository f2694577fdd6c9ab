/**
 * Notifications (SPEC 2.14, 4, 5, 8; DECISIONS section 6): the send screen,
 * live delivery to another browser as a 'notification' toast without reload,
 * and the bell's inbox.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@gestar/contracts';
import { apiToken, DEMO_PASSWORD, expect, loginAs, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

const outDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');
const PASSWORD = 'claveInicial1';

/** A recipient of its own, with a unique name, so the selector offers exactly one match. */
async function createRecipient(request: APIRequestContext): Promise<{ username: string; label: string }> {
  const auth = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const roles = (await (await request.get('/api/roles?limit=100', { headers: auth })).json()) as { data: { uuid: string; nombre: string }[] };
  const areas = (await (await request.get('/api/areas?limit=100', { headers: auth })).json()) as { data: { uuid: string; nombre: string }[] };
  const role = roles.data.find((r) => r.nombre === 'Operario');
  // Carpintería, one of the supervisor's areas (other tests add areas of their own).
  const area = areas.data.find((a) => a.nombre === 'Carpintería');
  if (!role || !area) throw new Error('Faltan roles o áreas sembrados');
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `notif_${suffix}`;
  const apellido = `Receptor${suffix}`;
  const created = await request.post('/api/users', {
    headers: auth,
    data: { username, password: PASSWORD, nombre: 'Nora', apellido, rol_uuid: role.uuid, usuario_areas_uuid: [area.uuid] },
  });
  if (!created.ok()) throw new Error(`crear usuario: ${created.status()} ${await created.text()}`);
  return { username, label: `Nora ${apellido}` };
}

function form(page: Page) {
  const f = page.getByRole('form', { name: 'Enviar notificación' });
  return {
    user: f.getByRole('combobox', { name: 'Usuario' }),
    title: f.getByRole('textbox', { name: 'Título' }),
    message: f.getByRole('textbox', { name: 'Mensaje' }),
    toUser: f.getByRole('button', { name: 'Enviar a Usuario' }),
    toAll: f.getByRole('button', { name: 'Enviar a Todos' }),
    sending: f.getByRole('button', { name: 'Enviando...' }),
    clearUser: f.getByRole('button', { name: 'Quitar el usuario seleccionado' }),
  };
}

/** The confirmation of a send to everyone; answers the number of people it announces. */
async function confirmMass(page: Page): Promise<number> {
  const dialog = page.getByRole('dialog', { name: 'Enviar a todos' });
  const confirm = dialog.getByRole('button', { name: /^Enviar a \d+ personas?$/ });
  await expect(confirm).toBeEnabled();
  const count = Number(/(\d+)/.exec((await confirm.textContent()) ?? '')?.[1]);
  await confirm.click();
  await expect(dialog).toBeHidden();
  return count;
}

async function pickUser(page: Page, label: string) {
  const f = form(page);
  await f.user.click();
  await f.user.fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(f.user).toHaveValue(label);
}

test.describe('notifications', () => {
  // Several logins and API calls per test on a shared 2-core machine: a wider budget than the default 30 s.
  test.describe.configure({ timeout: 90_000 });

  test('a notification sent from /notificaciones appears in the recipient’s other browser, without reload', async ({ page, browser, request }) => {
    const recipient = await createRecipient(request);
    const other = await browser.newContext();
    const theirs = await other.newPage();
    try {
      // The recipient's clock is the test's: it runs on its own, and the test moves it past a toast's life.
      await theirs.clock.install();
      await loginAs(theirs, recipient.username, PASSWORD);
      await expect(theirs.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
      let reloads = 0;
      theirs.on('framenavigated', (frame) => void (frame === theirs.mainFrame() && reloads++));

      await loginAs(page, 'admin');
      await page.goto('/notificaciones');
      await expect(page.getByRole('heading', { name: 'Gestión de Notificaciones' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Más sobre notificaciones' })).toHaveAttribute('href', '/ayuda/notificaciones');
      const f = form(page);
      await pickUser(page, recipient.label);
      await f.title.fill('Reunión de equipo');
      await f.message.fill('Mañana a las 9 en el taller');
      await f.toUser.click();
      await expect(page.getByText(MESSAGES.success.notificationSent)).toBeVisible();
      // Success clears the form.
      await expect(f.user).toHaveValue('');
      await expect(f.title).toHaveValue('');
      await expect(f.message).toHaveValue('');

      const toast = theirs.locator('.mantine-Notification-root', { hasText: 'Reunión de equipo' });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText('Mañana a las 9 en el taller');
      // A 'notification' toast stays until closed (others go after 3 s): 3.5 s later on the page's clock.
      await theirs.clock.runFor(3500);
      await expect(toast).toBeVisible();
      expect(reloads).toBe(0);

      // Closed by hand; toasts sit over the top bar's right end, bell included (and other
      // tests running at once may mass-send to this user: close those too).
      await toast.getByRole('button').click();
      await expect(toast).toBeHidden();
      const toasts = theirs.locator('.mantine-Notification-root');
      for (let i = 0; i < 10 && (await toasts.count()) > 0; i++) {
        const next = await toasts.first().elementHandle();
        await (await next?.$('button'))?.click();
        await next?.waitForElementState('hidden');
      }

      // The bell counts it; opening the inbox lists it; clicking marks it read.
      // (Other tests running at once may mass-send to this user too: count relative to now.)
      const bell = theirs.getByRole('button', { name: /^Notificaciones \(\d+ sin leer\)$/ });
      await expect(bell).toBeVisible();
      const unread = async () => Number(/\((\d+) sin leer\)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      const before = await unread();
      expect(before).toBeGreaterThanOrEqual(1);
      await bell.click();
      const inbox = theirs.getByRole('list', { name: 'Notificaciones' });
      const item = inbox.getByRole('button', { name: `${MESSAGES.notifications.markRead}: Reunión de equipo` });
      await item.click();
      await expect(item).toBeHidden();
      await expect(inbox.getByText('Reunión de equipo')).toBeVisible();
      // The bell then shows the server's own count: one fewer unless another test sent to everyone meanwhile.
      const anyBell = theirs.getByRole('button', { name: /^Notificaciones( \(\d+ sin leer\))?$/ });
      const shown = async () => Number(/\((\d+) sin leer\)/.exec((await anyBell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      const token = await apiToken(request, recipient.username, PASSWORD);
      const server = async () =>
        ((await (await request.get('/api/notifications/unread-count', { headers: { Authorization: `Bearer ${token}` } })).json()) as { no_leidas: number })
          .no_leidas;
      await expect.poll(async () => (await shown()) === (await server()) && (await shown()) < before + 1, { timeout: 15_000 }).toBe(true);
      if (before === 1 && (await server()) === 0) await expect(theirs.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test('buttons follow the filled fields; sending disables everything; an error keeps the content', async ({ page, request }) => {
    const recipient = await createRecipient(request);
    await loginAs(page, 'admin');
    await page.goto('/notificaciones');
    const f = form(page);
    await expect(f.toUser).toBeDisabled();
    await expect(f.toAll).toBeDisabled();
    await f.title.fill('Aviso');
    await expect(f.toAll).toBeDisabled();
    await f.message.fill('Cierre a las 18');
    await expect(f.toAll).toBeEnabled();
    await expect(f.toUser).toBeDisabled();
    await pickUser(page, recipient.label);
    await expect(f.toUser).toBeEnabled();
    await f.title.fill('   ');
    await expect(f.toUser).toBeDisabled();
    await expect(f.toAll).toBeDisabled();
    await f.title.fill('Aviso');

    // While the call is in flight: 'Enviando...', every input and button disabled. Then a server error keeps it all.
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/notifications/send', async (route) => {
      await gate;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ statusCode: 503, message: 'Servicio no disponible', error: 'Service Unavailable' }) });
    });
    await f.toUser.click();
    await expect(f.sending).toBeDisabled();
    await expect(f.toAll).toBeDisabled();
    await expect(f.user).toBeDisabled();
    await expect(f.title).toBeDisabled();
    await expect(f.message).toBeDisabled();
    release();
    await expect(page.getByText(MESSAGES.errors.notificationSendFailed)).toBeVisible();
    await expect(f.user).toHaveValue(recipient.label);
    await expect(f.title).toHaveValue('Aviso');
    await expect(f.message).toHaveValue('Cierre a las 18');
    await page.unroute('**/api/notifications/send');

    // Sending to everyone needs the selection cleared first (then it asks, see the next test).
    await expect(f.toAll).toBeDisabled();
    await f.clearUser.click();
    await expect(f.user).toHaveValue('');
    await expect(f.toAll).toBeEnabled();

    // Mass send: refused by the server -> mass error text, content kept; then success clears.
    await page.route('**/api/notifications/send-mass', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'x', error: 'Error' }) }),
    );
    await f.toAll.click();
    await confirmMass(page);
    await expect(page.getByText(MESSAGES.errors.notificationMassSendFailed)).toBeVisible();
    await expect(f.message).toHaveValue('Cierre a las 18');
    await page.unroute('**/api/notifications/send-mass');
    await f.toAll.click();
    await confirmMass(page);
    await expect(page.getByText(MESSAGES.success.notificationMassSent)).toBeVisible();
    await expect(f.title).toHaveValue('');
    await expect(f.message).toHaveValue('');
    // The sender is one of "everyone": its own bell shows it live too.
    await expect(page.locator('.mantine-Notification-root', { hasText: 'Cierre a las 18' })).toBeVisible();
  });

  test('sending to everyone: off while a user is selected, then asks with the number of people the API counts', async ({ page, request }) => {
    const recipient = await createRecipient(request);
    await loginAs(page, 'supervisor');
    await page.goto('/notificaciones');
    const f = form(page);
    let massSends = 0;
    page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/api/notifications/send-mass') && massSends++));
    await f.title.fill('Corte de luz');
    await f.message.fill('Mañana de 8 a 10 no hay energía en el taller.');
    await expect(f.toAll).toBeEnabled();

    // A user selected: only 'Enviar a Usuario', and the way back is saying so.
    await pickUser(page, recipient.label);
    await expect(f.toAll).toBeDisabled();
    await expect(page.getByText('Para enviar a todos, quite el usuario seleccionado.')).toBeVisible();
    await f.clearUser.click();
    await expect(f.user).toHaveValue('');
    await expect(f.toAll).toBeEnabled();

    // The dialog shows the count the API answers at that moment; cancelling sends nothing.
    const counted = page.waitForResponse((r) => r.url().endsWith('/api/notifications/send-mass/recipients'));
    await f.toAll.click();
    const answer = (await (await counted).json()) as { destinatarios: number };
    expect(answer.destinatarios).toBeGreaterThan(1);
    const dialog = page.getByRole('dialog', { name: 'Enviar a todos' });
    await expect(dialog).toContainText(`La notificación Corte de luz llegará a ${answer.destinatarios} personas. ¿Desea enviarla?`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    expect(massSends).toBe(0);
    await expect(f.title).toHaveValue('Corte de luz');

    // Enter in the title with no user asks the same question; confirming sends once.
    await f.title.press('Enter');
    await expect(dialog).toBeVisible();
    expect(await confirmMass(page)).toBeGreaterThan(1);
    await expect(page.getByText(MESSAGES.success.notificationMassSent)).toBeVisible();
    expect(massSends).toBe(1);
    await expect(f.title).toHaveValue('');
  });

  test('an operario has no notifications screen but has its own inbox bell', async ({ page }) => {
    await loginAs(page, 'operario');
    await page.goto('/notificaciones');
    await expect(page).toHaveURL(/\/not-authorized$/);
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificaciones' })).toBeVisible();
  });

  test('the service worker, push included, is served from the site root as JavaScript', async ({ request }) => {
    const res = await request.get('/sw.js');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/javascript/);
    expect(res.headers()['cache-control']).toBe('no-cache');
    expect(res.headers()['service-worker-allowed']).toBe('/');
    expect(await res.text()).toMatch(/addEventListener\(["'`]push["'`]/);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`screenshots at ${viewport.width}: /notificaciones and the open bell`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const admin = (await (await request.post('/api/auth/login', { data: { username: 'admin', password: DEMO_PASSWORD } })).json()) as {
        token: string;
        user: { uuid: string };
      };
      const auth = { Authorization: `Bearer ${admin.token}` };
      // Something in the admin's own inbox to look at (a mass send would reach other tests' users).
      await request.post('/api/notifications/send', {
        headers: auth,
        data: { usuario_uuid: admin.user.uuid, titulo: 'Inventario', mensaje: 'El viernes se cuenta el stock de telas y maderas.' },
      });
      await loginAs(page, 'admin');
      await page.goto('/notificaciones');
      await expect(page.getByRole('heading', { name: 'Gestión de Notificaciones' })).toBeVisible();
      await form(page).title.fill('Aviso de mantenimiento');
      await form(page).message.fill('El compresor estará apagado de 14 a 16 h.');
      await page.screenshot({ path: join(outDir, `notifications-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: /^Notificaciones/ }).click();
      await expect(page.getByRole('list', { name: 'Notificaciones' }).getByText('Inventario').first()).toBeVisible();
      await page.screenshot({ path: join(outDir, `notification-bell-${viewport.width}.png`) });
    });
  }
});
