/**
 * Shared terminals (issue 34) in Chromium at tablet size: a supervisor's device becomes the area's
 * terminal; two people take turns on it, one while the network is cut, and every write in the
 * database carries the person who made it (and the terminal); idle sign-out; revocation; the wall
 * board following a change made elsewhere.
 */
import { MESSAGES } from '@gestar/contracts';
import { expect, loginAs, sideMenu, test } from './fixtures';
import { card, moveCard } from './board-helpers';
import {
  adminHeaders,
  assignTask,
  becomeTerminal,
  newArea,
  newPerson,
  registerTerminal,
  smallTargets,
  statusUuid,
  tapIn,
  withDb,
} from './terminal-helpers';

test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 7);

test('two people take turns at a terminal, one offline: every write carries its own person and the terminal', async ({
  page,
  context,
  request,
}) => {
  const area = await newArea(request);
  const ana = await newPerson(request, area, 'Ana', '2580');
  const beto = await newPerson(request, area, 'Beto', '147036');
  const anaTitle = `Lijar ${tag()}`;
  const betoTitle = `Pintar ${tag()}`;
  const anaTask = await assignTask(request, area, ana, anaTitle);
  const betoTask = await assignTask(request, area, beto, betoTitle);

  // A supervisor-level person turns this tablet into the area's terminal, signing in once.
  await loginAs(page, 'admin');
  // Through the menu (one page load): the back button later walks this same history.
  await sideMenu(page).getByRole('button', { name: 'Administración' }).click();
  await sideMenu(page).getByRole('link', { name: 'Terminales' }).click();
  await page.getByRole('link', { name: 'Registrar este dispositivo' }).click();
  await page.getByRole('combobox', { name: 'Área' }).click();
  await page.getByRole('option', { name: area.nombre }).click();
  const terminalName = `Tableta ${tag()}`;
  await page.getByRole('textbox', { name: 'Nombre de la terminal' }).fill(terminalName);
  await page.getByRole('button', { name: 'Registrar terminal' }).click();
  await page.waitForURL('**/terminal');
  await expect(page.getByRole('heading', { name: 'Toque su nombre para ingresar' })).toBeVisible();
  // The person who registered it is signed out there: no session of theirs is left on the tablet.
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('auth')])).toEqual([
    null,
    null,
  ]);
  const terminalUuid = await withDb(async (db) => {
    const { rows } = await db.query<{ uuid: string }>('SELECT uuid FROM terminales WHERE nombre = $1', [terminalName]);
    return rows[0]!.uuid;
  });

  // Ana taps in and works; the network drops and she goes on.
  await tapIn(page, ana);
  await expect(page.getByTestId('terminal-person')).toHaveText(`${ana.nombre} ${ana.apellido}`);
  await expect(card(page, anaTitle)).toBeVisible();
  // Every control is finger-sized, on the board and in the task's drawer.
  expect(await smallTargets(page)).toEqual([]);
  await card(page, anaTitle).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(500);
  expect(await smallTargets(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await context.setOffline(true);
  await moveCard(page, anaTitle, 'En progreso');
  await expect(card(page, anaTitle).getByTestId('pending-sync')).toBeVisible();
  await page.getByRole('button', { name: 'Terminar' }).click();
  await expect(page).toHaveURL(/\/terminal$/);
  await expect(page.getByText('Sesión terminada')).toBeVisible();
  // Nothing of Ana remains: no token, and the back button does not bring her board back.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goBack();
  await expect(page).toHaveURL(/\/terminal$/);
  await expect(page.getByText(anaTitle)).toHaveCount(0);

  // The network returns, but the writes still do not get through while Beto takes the tablet.
  await page.route('**/api/assigned-tasks/**', (route) =>
    route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue(),
  );
  await context.setOffline(false);
  // A wrong PIN first: said in Spanish, and he tries again.
  await page.getByRole('button', { name: `${beto.nombre} ${beto.apellido}`, exact: true }).click();
  for (const digit of '999999') await page.getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(MESSAGES.terminals.pinWrong);
  for (const digit of beto.pin) await page.getByRole('button', { name: digit, exact: true }).click();
  await expect(page.getByTestId('terminal-person')).toHaveText(`${beto.nombre} ${beto.apellido}`);
  // Ana's task is not on Beto's board, and the pending mark of hers is not shown to him.
  await expect(card(page, betoTitle)).toBeVisible();
  await expect(page.getByText(anaTitle)).toHaveCount(0);
  await moveCard(page, betoTitle, 'Completada');
  await expect(card(page, betoTitle).getByTestId('pending-sync')).toBeVisible();

  // Now the writes get through: Ana's change goes as Ana although Beto is signed in, his as him.
  await page.unroute('**/api/assigned-tasks/**');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const history = async () =>
    withDb(async (db) => {
      const { rows } = await db.query<{ tarea: string; usuario: string; terminal: string | null }>(
        `SELECT tarea_asignada_uuid AS tarea, usuario_uuid AS usuario, terminal_uuid AS terminal
           FROM historial_tareas_asignadas WHERE tarea_asignada_uuid = ANY($1) AND tipo = 'estado' ORDER BY fecha`,
        [[anaTask, betoTask]],
      );
      return rows;
    });
  await expect.poll(history, { timeout: 20_000 }).toHaveLength(2);
  expect(await history()).toEqual([
    { tarea: anaTask, usuario: ana.uuid, terminal: terminalUuid },
    { tarea: betoTask, usuario: beto.uuid, terminal: terminalUuid },
  ]);
  const states = await withDb(async (db) => {
    const { rows } = await db.query<{ uuid: string; estado: string }>(
      `SELECT ta.uuid, e.nombre AS estado FROM tareas_asignadas ta JOIN estados e ON e.uuid = ta.estado_uuid WHERE ta.uuid = ANY($1)`,
      [[anaTask, betoTask]],
    );
    return Object.fromEntries(rows.map((r) => [r.uuid, r.estado]));
  });
  expect(states).toEqual({ [anaTask]: 'En progreso', [betoTask]: 'Completada' });
  // Every write in the audit log from this terminal names its own person.
  const audit = await withDb(async (db) => {
    const { rows } = await db.query<{ usuario: string | null }>(
      `SELECT DISTINCT actor_uuid AS usuario FROM auditoria WHERE terminal_uuid = $1 AND actor_uuid IS NOT NULL`,
      [terminalUuid],
    );
    return rows.map((r) => r.usuario).sort();
  });
  expect(audit.length).toBeGreaterThan(0);
  for (const person of audit) expect([ana.uuid, beto.uuid]).toContain(person);
});

test('idle sign-out: the terminal ends the session after its idle minutes without a touch, not before', async ({
  page,
  request,
}) => {
  const area = await newArea(request);
  const ana = await newPerson(request, area, 'Ana', '3691');
  const title = `Barnizar ${tag()}`;
  await assignTask(request, area, ana, title);
  const terminal = await registerTerminal(request, area, 1);
  await page.clock.install();
  await becomeTerminal(page, terminal);
  await page.goto('/terminal');
  await tapIn(page, ana);
  await expect(card(page, title)).toBeVisible();
  // Touched after 50 s: the minute starts again.
  await page.clock.fastForward(50_000);
  await page.mouse.click(400, 900);
  await page.clock.fastForward(50_000);
  await expect(page.getByRole('button', { name: 'Terminar' })).toBeVisible();
  // She leaves with the task's drawer open: a minute and a bit without a touch ends it all.
  await card(page, title).getByRole('button', { name: 'Ver detalles' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.clock.fastForward(61_000);
  await expect(page).toHaveURL(/\/terminal$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('La sesión terminó por inactividad')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goBack();
  await expect(page.getByText(title)).toHaveCount(0);
});

test('a revoked terminal goes back to a Spanish message within 5 s, also with a person signed in', async ({
  page,
  request,
}) => {
  const area = await newArea(request);
  const ana = await newPerson(request, area, 'Ana', '8520');
  const terminal = await registerTerminal(request, area);
  await becomeTerminal(page, terminal);
  await page.goto('/terminal');
  await tapIn(page, ana);
  const headers = await adminHeaders(request);
  const started = Date.now();
  expect((await request.post(`/api/terminals/${terminal.uuid}/revoke`, { headers })).ok()).toBe(true);
  await expect(page.getByText('Esta terminal fue revocada')).toBeVisible({ timeout: 5_000 });
  const took = Date.now() - started;
  expect(took).toBeLessThan(5_000);
  console.log(`[terminal] revocada -> mensaje en ${took} ms`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the wall board shows a status change made elsewhere within a second', async ({ page, request }) => {
  const area = await newArea(request);
  const ana = await newPerson(request, area, 'Ana', '7410');
  const title = `Cepillar ${tag()}`;
  const task = await assignTask(request, area, ana, title);
  const terminal = await registerTerminal(request, area);
  await becomeTerminal(page, terminal);
  await page.goto('/terminal');
  await page.getByRole('button', { name: 'Tablero del área' }).click();
  const enCurso = page.getByTestId('pared-en-curso');
  await expect(page.getByTestId('pared-hoy')).toContainText(title);
  await expect(enCurso).not.toContainText(title);
  // The stream is open once the ticket was used; give it a moment to be listening.
  await page.waitForTimeout(500);
  const headers = await adminHeaders(request);
  const estado = await statusUuid(request, 'En progreso');
  const started = Date.now();
  const moved = await request.put(`/api/assigned-tasks/${task}`, { headers, data: { estado_uuid: estado } });
  expect(moved.ok()).toBe(true);
  const answered = Date.now();
  await expect(enCurso).toContainText(title, { timeout: 1_000 });
  console.log(
    `[terminal] tablero de pared: cambio respondido en ${answered - started} ms, en pantalla ${Date.now() - started} ms después del pedido`,
  );
});

test('a PIN set in the profile; wrong PINs lock the person with a Spanish message; unlocked from user administration, they get in', async ({
  page,
  browser,
  request,
}) => {
  const area = await newArea(request);
  const ana = { ...(await newPerson(request, area, 'Ana', '')), pin: '4826' };
  const baseURL = test.info().project.use.baseURL;

  // Ana sets her PIN in «Mi perfil» on her own device.
  const own = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const profile = await own.newPage();
  await loginAs(profile, ana.username, ana.password);
  await profile.goto('/perfil');
  const card = profile.getByRole('region', { name: 'PIN de terminal' });
  await expect(card.getByText('Sin PIN')).toBeVisible();
  await card.getByLabel('PIN', { exact: true }).fill('1234');
  await card.getByLabel('Repita el PIN').fill('1234');
  await card.getByRole('button', { name: 'Guardar PIN' }).click();
  await expect(card.getByText(MESSAGES.terminals.pinTrivial)).toBeVisible();
  await card.getByLabel('PIN', { exact: true }).fill(ana.pin);
  await card.getByLabel('Repita el PIN').fill(ana.pin);
  await card.getByLabel('Contraseña actual').fill(ana.password);
  await card.getByRole('button', { name: 'Guardar PIN' }).click();
  await expect(card.getByText('PIN fijado')).toBeVisible();
  await own.close();

  // At the terminal, wrong PINs until the person is locked.
  const terminal = await registerTerminal(request, area);
  await becomeTerminal(page, terminal);
  await page.goto('/terminal');
  await page.getByRole('button', { name: `${ana.nombre} ${ana.apellido}`, exact: true }).click();
  const alert = page.getByRole('alert');
  for (let i = 0; i < 6; i++) {
    for (const digit of '9797') await page.getByRole('button', { name: digit, exact: true }).click();
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await expect(alert).toBeVisible();
    if (/bloqueado/.test((await alert.textContent()) ?? '')) break;
    await expect(alert).toContainText(MESSAGES.terminals.pinWrong);
  }
  await expect(alert).toContainText('Su PIN está bloqueado');
  await expect(alert).toContainText('Pida a un supervisor de su área que lo desbloquee');
  // Even the right PIN does not get in while locked.
  await page.getByRole('button', { name: 'Volver a la lista' }).click();
  await expect(page.getByRole('button', { name: `${ana.nombre} ${ana.apellido}`, exact: true })).toContainText(
    'Bloqueado',
  );

  // An administrator unlocks her from user administration.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL });
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin');
  await admin.goto(`/usuarios?usuario=${ana.username}`);
  await admin.getByRole('button', { name: `PIN de terminal de ${ana.username}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Desbloquear PIN' }).click();
  await expect(admin.getByText(`PIN de ${ana.nombre} ${ana.apellido} desbloqueado`)).toBeVisible();
  await adminContext.close();

  await tapIn(page, ana);
  await expect(page.getByTestId('terminal-person')).toHaveText(`${ana.nombre} ${ana.apellido}`);
});
