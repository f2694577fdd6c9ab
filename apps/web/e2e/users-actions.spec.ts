/**
 * /usuarios offers only what the API will allow (contracts' userManageRefusal),
 * says why when it refuses, and reactivates what a delete deactivated.
 */
import { MESSAGES, type UserResponse } from '@gestar/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, expect, loginAs, test } from './fixtures';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Usuarios' });
const row = (page: Page, username: string) =>
  usersTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

interface Lookup {
  uuid: string;
  nombre: string;
}

/** Admin-side helpers: a user of a role and areas, its deactivation, a role change. */
async function adminApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const lookup = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: Lookup[] }).data;
  const roles = await lookup('/api/roles?limit=100');
  const areas = await lookup('/api/areas?limit=100');
  const roleUuid = (nombre: string) => roles.find((r) => r.nombre === nombre)!.uuid;
  const areaUuid = (nombre: string) => areas.find((a) => a.nombre === nombre)!.uuid;
  return {
    async create(rol: string, areaNames: string[], apellido = 'Prueba'): Promise<UserResponse> {
      const username = `ua_${Math.random().toString(36).slice(2, 9)}`;
      const res = await request.post('/api/users', {
        headers,
        data: {
          username,
          password: 'claveInicial1',
          nombre: 'Usuaria',
          apellido,
          rol_uuid: roleUuid(rol),
          usuario_areas_uuid: areaNames.map(areaUuid),
        },
      });
      expect(res.status()).toBe(201);
      return (await res.json()) as UserResponse;
    },
    async deactivate(user: UserResponse) {
      expect((await request.delete(`/api/users/${user.uuid}`, { headers })).status()).toBe(200);
    },
    async setRole(user: UserResponse, rol: string) {
      const res = await request.put(`/api/users/${user.uuid}`, {
        headers,
        data: { nombre: user.nombre, apellido: user.apellido, rol_uuid: roleUuid(rol), usuario_areas_uuid: user.usuario_areas_uuid },
      });
      expect(res.status()).toBe(200);
    },
  };
}

/** Opens /usuarios filtered to one username, so the row is on the first page whatever other tests create. */
async function showUser(page: Page, username: string) {
  await page.getByRole('textbox', { name: 'Filtrar por usuario' }).fill(username);
  await expect(row(page, username)).toBeVisible();
}

async function openUsers(page: Page, who: 'admin' | 'supervisor') {
  await loginAs(page, who);
  await page.goto('/usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Usuarios' })).toBeVisible();
}

test.describe('users: actions the API allows', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a supervisor is offered Editar only on users it may edit; never on an administrator', async ({ page, request }) => {
    const api = await adminApi(request);
    const adminHere = await api.create('Administrador', ['Carpintería']);
    const operarioHere = await api.create('Operario', ['Carpintería']);
    const alsoElsewhere = await api.create('Operario', ['Tapicería', 'Logística']);
    await openUsers(page, 'supervisor');

    // The seeded administrator shares Carpintería with the supervisor.
    await showUser(page, 'admin');
    await expect(row(page, 'admin').getByRole('button')).toHaveCount(0);
    await showUser(page, adminHere.username);
    await expect(row(page, adminHere.username).getByRole('button')).toHaveCount(0);
    await showUser(page, alsoElsewhere.username);
    await expect(row(page, alsoElsewhere.username).getByRole('button')).toHaveCount(0);
    await showUser(page, operarioHere.username);
    await expect(row(page, operarioHere.username).getByRole('button', { name: `Editar usuario ${operarioHere.username}` })).toBeVisible();
    // No delete:user in its role.
    await expect(row(page, operarioHere.username).getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
    await showUser(page, 'supervisor');
    await expect(row(page, 'supervisor').getByRole('button', { name: 'Editar usuario supervisor' })).toBeVisible();
  });

  test('an edit the API refuses says why (the user became an administrator meanwhile)', async ({ page, request }) => {
    const api = await adminApi(request);
    const target = await api.create('Operario', ['Tapicería'], 'Ascendida');
    await openUsers(page, 'supervisor');
    await showUser(page, target.username);
    await row(page, target.username).getByRole('button', { name: `Editar usuario ${target.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
    await expect(edit.getByRole('textbox', { name: 'Apellido', exact: true })).toHaveValue('Ascendida');
    await api.setRole(target, 'Administrador');
    await edit.getByRole('textbox', { name: 'Apellido', exact: true }).fill('Cambiada');
    const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/users/${target.uuid}`));
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    expect((await refused).status()).toBe(403);
    await expect(edit.getByRole('alert')).toHaveText(MESSAGES.errors.userRoleAboveEdit);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    // Reloaded, the row no longer offers Editar.
    await page.reload();
    await showUser(page, target.username);
    await expect(row(page, target.username).getByRole('button')).toHaveCount(0);
  });

  test('an administrator reactivates a deleted user: toast, Activo, and its actions back', async ({ page, request }) => {
    const api = await adminApi(request);
    const gone = await api.create('Operario', ['Logística']);
    await api.deactivate(gone);
    await openUsers(page, 'admin');
    await showUser(page, gone.username);
    const r = row(page, gone.username);
    await expect(r).toContainText('Inactivo');
    await expect(r.getByRole('button')).toHaveText(['Reactivar']);
    const put = page.waitForRequest((req) => req.method() === 'PUT' && req.url().endsWith(`/api/users/${gone.uuid}`));
    await r.getByRole('button', { name: `Reactivar usuario ${gone.username}` }).click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ activo: true, rol_uuid: gone.rol_uuid, usuario_areas_uuid: gone.usuario_areas_uuid });
    expect(body).not.toHaveProperty('password');
    await expect(page.getByText(MESSAGES.success.userReactivated)).toBeVisible();
    await expect(r).toContainText('Activo');
    await expect(r.getByRole('button', { name: `Editar usuario ${gone.username}` })).toBeVisible();
    await expect(r.getByRole('button', { name: `Eliminar usuario ${gone.username}` })).toBeVisible();
    // The reactivated user can log in again.
    const login = await request.post('/api/auth/login', { data: { username: gone.username, password: 'claveInicial1' } });
    expect(login.ok()).toBe(true);
  });

  test('a supervisor reactivates an operario of its areas, not an administrator', async ({ page, request }) => {
    const api = await adminApi(request);
    const operario = await api.create('Operario', ['Carpintería']);
    const admin = await api.create('Administrador', ['Carpintería']);
    await api.deactivate(operario);
    await api.deactivate(admin);
    await openUsers(page, 'supervisor');
    await showUser(page, admin.username);
    await expect(row(page, admin.username)).toContainText('Inactivo');
    await expect(row(page, admin.username).getByRole('button')).toHaveCount(0);
    await showUser(page, operario.username);
    await row(page, operario.username).getByRole('button', { name: `Reactivar usuario ${operario.username}` }).click();
    await expect(page.getByText(MESSAGES.success.userReactivated)).toBeVisible();
    await expect(row(page, operario.username)).toContainText('Activo');
  });

  test('the users help says what deleting and reactivating do, and why a supervisor cannot edit an administrator', async ({ page }) => {
    await loginAs(page, 'supervisor');
    await page.goto('/ayuda/usuarios');
    const main = page.getByRole('main');
    await expect(main.getByText('Un usuario inactivo muestra «Reactivar» a quien puede editarlo')).toBeVisible();
    await expect(main.getByText(`la respuesta es «${MESSAGES.errors.userRoleAboveEdit}»`)).toBeVisible();
  });

  test('a failed delete shows its error once, inside the dialog', async ({ page, request }) => {
    const api = await adminApi(request);
    const target = await api.create('Operario', ['Logística']);
    await openUsers(page, 'admin');
    await showUser(page, target.username);
    const refusal = 'No se puede eliminar este usuario ahora';
    await page.route(`**/api/users/${target.uuid}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ statusCode: 409, message: refusal, error: 'Conflict' }) })
        : route.continue(),
    );
    await row(page, target.username).getByRole('button', { name: `Eliminar usuario ${target.username}` }).click();
    const confirm = page.getByRole('dialog', { name: /^Eliminar Usuario/ });
    await confirm.getByRole('textbox').fill('ELIMINAR');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(refusal);
    // Give a toast the time to appear: there must be none.
    await page.waitForTimeout(500);
    await expect(page.getByText(refusal)).toHaveCount(1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  });
});
