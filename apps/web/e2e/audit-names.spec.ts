/**
 * Administración > Auditoría as a person reads it (issue 36, section 4): the edited user by name
 * with a link to it, the fields by their Spanish labels with names before and after, the device in
 * a few words, one record's history, and the wrong current passwords.
 */
import { mkdirSync } from 'node:fs';
import { apiToken, expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
const shots = '/tmp/shots-audit';
mkdirSync(shots, { recursive: true });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test('the audit screen names the edited user, its role before and after, and its history', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const roles = (await (await request.get('/api/roles?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const areas = (await (await request.get('/api/areas?limit=100', { headers })).json()) as { data: { uuid: string; nombre: string }[] };
  const rol = (n: string) => roles.data.find((r) => r.nombre === n)!.uuid;
  const carpinteria = areas.data.find((a) => a.nombre === 'Carpintería')!.uuid;
  const username = `lsosa_${Math.random().toString(36).slice(2, 7)}`;
  const created = await request.post('/api/users', {
    headers,
    data: { username, password: 'claveInicial1', nombre: 'Lucía', apellido: 'Sosa', rol_uuid: rol('Operario'), usuario_areas_uuid: [carpinteria] },
  });
  expect(created.status()).toBe(201);
  const user = (await created.json()) as { uuid: string };
  const edited = await request.put(`/api/users/${user.uuid}`, {
    headers,
    data: { nombre: 'Lucía', apellido: 'Sosa', rol_uuid: rol('Supervisor'), usuario_areas_uuid: [carpinteria] },
  });
  expect(edited.status()).toBe(200);
  // The user types a wrong current password on its profile.
  const own = { Authorization: `Bearer ${await apiToken(request, username, 'claveInicial1')}` };
  const wrong = await request.post(`/api/users/${user.uuid}/change-password`, {
    headers: own,
    data: { currentPassword: 'otra-cosa', newPassword: 'claveNueva123' },
  });
  expect(wrong.status()).toBe(400);
  const who = `Lucía Sosa (${username})`;

  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(page, 'admin');
  await page.goto('/auditoria');
  const table = page.getByRole('table', { name: 'Registro de auditoría' });
  const edit = table.getByRole('row').filter({ hasText: 'Rol: Operario → Supervisor' }).filter({ hasText: who });
  await expect(edit).toHaveCount(1);
  await expect(edit).toContainText('Edición');
  await expect(edit.getByRole('link', { name: who, exact: true })).toHaveAttribute('href', `/usuarios?usuario=${username}`);
  // The administrator's own sign-in: the method with its accent, the browser in a few words.
  const signIn = table.getByRole('row').filter({ hasText: 'Método: Contraseña' }).first();
  await expect(signIn).toContainText(/Chrome en (Windows|Linux|macOS) · /);
  await expect(signIn).not.toContainText('Mozilla');
  // Nothing on the page is a uuid or a column name.
  const text = (await table.textContent()) ?? '';
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(/rol_uuid|area_uuid|activo: true|origen: local|metodo:/);
  await page.screenshot({ path: `${shots}/audit-1366.png`, fullPage: true });

  // Everything that happened to this user, through the entry's link.
  await edit.getByRole('link', { name: `Historial de ${who}` }).click();
  await expect(page).toHaveURL(new RegExp(`/auditoria\\?recurso_uuid=${user.uuid}$`));
  await expect(page.getByRole('status').filter({ hasText: `Historial de ${who}` })).toBeVisible();
  const rows = table.getByRole('row').filter({ hasNotText: 'Fecha y hora' });
  await expect(rows.filter({ hasText: 'Contraseña actual incorrecta' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Creación' })).toHaveCount(1);
  for (const row of await rows.all()) await expect(row).toContainText(who);
  await page.screenshot({ path: `${shots}/audit-history-1366.png`, fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const cards = page.getByRole('article');
  await expect(cards.filter({ hasText: 'Rol: Operario → Supervisor' })).toHaveCount(1);
  await expect(cards.first()).toContainText(who);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/audit-history-390.png`, fullPage: true });

  // The name leads to the user.
  await cards.filter({ hasText: 'Rol: Operario → Supervisor' }).getByRole('link', { name: who, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/usuarios\\?usuario=${username}$`));
  await expect(page.getByText(username).first()).toBeVisible();

  await page.goto('/auditoria');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/audit-390.png`, fullPage: true });
});
