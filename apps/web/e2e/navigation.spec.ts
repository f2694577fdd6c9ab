import { APP_TAGLINE, APP_VERSION, COMPANY_NAME, PRODUCT_NAME } from '@gestar/contracts';
import { expandAllGroups, expect, loginAs, sideMenu, test } from './fixtures';
import type { Page, Route } from '@playwright/test';

const GROUPS = ['Tareas', 'Solicitudes', 'Administración', 'Configuración'];

async function visibleMenu(page: import('@playwright/test').Page) {
  const menu = sideMenu(page);
  await expect(menu).toBeVisible();
  await expandAllGroups(menu);
  const groups = await menu.locator('button[aria-expanded]').allInnerTexts();
  const links = await menu.getByRole('link').allInnerTexts();
  return { groups: groups.map((g) => g.trim()), links: links.map((l) => l.trim()) };
}

test.describe('shell and menu (SPEC 2.2)', () => {
  test('admin sees the three groups and every item', async ({ page }) => {
    await loginAs(page, 'admin');
    const { groups, links } = await visibleMenu(page);
    expect(groups).toEqual(GROUPS);
    expect(links).toEqual([
      'Tablero',
      'Tareas',
      'Programación',
      'Equipos',
      'Reportar un problema',
      'Mis solicitudes',
      'Solicitudes',
      'Usuarios',
      'Reportes',
      'Auditoría',
      'Entregas de avisos',
      'Terminales',
      'Estados',
      'Áreas',
      'Puestos de trabajo',
      'Tipos de tarea',
      'Calendario laboral',
      'Escanear',
      'Perfil',
      'Notificaciones',
      'Ayuda',
    ]);
    await expect(page.locator('footer')).toHaveText(
      `${PRODUCT_NAME} · ${APP_TAGLINE} · ${COMPANY_NAME} · v${APP_VERSION}`,
    );
    await expect(page.getByRole('link', { name: 'Ana' })).toHaveAttribute('href', '/perfil');
  });

  test('supervisor sees only what its permissions open', async ({ page }) => {
    await loginAs(page, 'supervisor');
    const { groups, links } = await visibleMenu(page);
    // Configuración shows only the calendar, which a supervisor reads (issue 19).
    expect(groups).toEqual(['Tareas', 'Solicitudes', 'Administración', 'Configuración']);
    expect(links).toEqual([
      'Tablero',
      'Tareas',
      'Programación',
      'Equipos',
      'Reportar un problema',
      'Mis solicitudes',
      'Solicitudes',
      'Usuarios',
      'Reportes',
      'Terminales',
      'Calendario laboral',
      'Escanear',
      'Perfil',
      'Notificaciones',
      'Ayuda',
    ]);
    await page.goto('/estados');
    await expect(page).toHaveURL(/\/not-authorized$/);
    await page.goto('/usuarios');
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  });

  test('operario sees Tareas > Tablero and Equipos, Solicitudes > Reportar and Mis solicitudes, Escanear, Perfil and Ayuda only; /usuarios lands on /not-authorized', async ({
    page,
  }) => {
    await loginAs(page, 'operario');
    const { groups, links } = await visibleMenu(page);
    expect(groups).toEqual(['Tareas', 'Solicitudes']);
    expect(links).toEqual([
      'Tablero',
      'Equipos',
      'Reportar un problema',
      'Mis solicitudes',
      'Escanear',
      'Perfil',
      'Ayuda',
    ]);

    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/not-authorized$/);
    await expect(page.getByRole('heading', { name: 'Acceso no autorizado' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a group opens by itself for the current page and collapses on click', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/estados');
    await expect(page.getByRole('heading', { name: 'Gestión de Estados' })).toBeVisible();
    const menu = sideMenu(page);
    const config = menu.getByRole('button', { name: 'Configuración' });
    await expect(config).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Estados' })).toHaveAttribute('data-active', 'true');
    await expect(menu.getByRole('button', { name: 'Administración' })).toHaveAttribute('aria-expanded', 'false');

    await config.click();
    await expect(config).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Estados' })).toBeHidden();
  });

  test('every screen opens from the menu with its title', async ({ page }) => {
    test.slow(); // eleven screens, each its own chunk
    await loginAs(page, 'admin');
    const menu = sideMenu(page);
    await expandAllGroups(menu);
    const screens: [string, string, string][] = [
      ['Tareas', '/tareas', 'Lista de Tareas'],
      ['Programación', '/programacion-tareas', 'Programación de tarea'],
      ['Equipos', '/equipos', 'Equipos'],
      ['Usuarios', '/usuarios', 'Gestión de Usuarios'],
      ['Reportes', '/reportes', 'Reportes'],
      ['Auditoría', '/auditoria', 'Auditoría'],
      ['Entregas de avisos', '/entregas-avisos', 'Entregas de avisos'],
      ['Terminales', '/terminales', 'Terminales'],
      ['Estados', '/estados', 'Gestión de Estados'],
      ['Áreas', '/areas', 'Gestión de Áreas'],
      ['Puestos de trabajo', '/puestos-trabajo', 'Gestión de Puestos de Trabajo'],
      ['Tipos de tarea', '/tipo-tarea', 'Gestión de Tipos de Tareas'],
      ['Notificaciones', '/notificaciones', 'Gestión de Notificaciones'],
      ['Escanear', '/escanear', 'Escanear'],
      ['Perfil', '/perfil', 'Mi Perfil'],
      ['Ayuda', '/ayuda', 'Ayuda'],
    ];
    for (const [item, path, title] of screens) {
      await menu.getByRole('link', { name: item, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    }
    await page.goto('/usuarios');
    await expect(page.getByText('Administra los usuarios del sistema')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Más sobre usuarios' })).toHaveAttribute('href', '/ayuda/usuarios');
  });

  test('an unknown path redirects to /', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/no-existe/para-nada');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hola, Ana' })).toBeVisible();
  });

  /** The admin's /perfil, with its user reads held until `release()`, then answered by `answer`. */
  async function profileWithHeldReads(page: Page, answer: (route: Route) => Promise<void>): Promise<() => void> {
    await loginAs(page, 'admin');
    await page.goto('/perfil');
    await expect(page.getByText('Jefe de planta')).toBeVisible();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/*', async (route) => {
      await gate;
      await answer(route);
    });
    return release;
  }

  test("'Refrescar' invalidates cached data and reads 'Cargando...' while it loads", async ({ page }) => {
    const release = await profileWithHeldReads(page, (route) => route.continue());
    await page.getByRole('button', { name: 'Refrescar' }).click();
    await expect(page.getByRole('button', { name: 'Cargando...' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Refrescar' })).toBeEnabled();
  });

  test("'Salir' logs out, clears the session and protected pages go to /login", async ({ page }) => {
    await loginAs(page, 'supervisor');
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => [
      localStorage.getItem('auth'),
      localStorage.getItem('token'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored).toEqual([null, null, null]);
    await page.goto('/perfil');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a request still in flight at 'Salir' does not load /login a second time", async ({ page }) => {
    // The server has ended the session by the time this answer comes back.
    const release = await profileWithHeldReads(page, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, message: 'No autorizado' }),
      }),
    );
    await page.getByRole('button', { name: 'Refrescar' }).click();
    await page.getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    const refresh = page.waitForRequest('**/api/auth/refresh', { timeout: 2_000 }).catch(() => null);
    release();
    expect(await refresh, 'no refresh of an ended session').toBeNull();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad)).toBe(true);
  });

  test('help is public; a logged-out visitor gets an Ingresar link', async ({ page }) => {
    test.slow(); // ten pages
    await page.goto('/ayuda');
    await expect(page.getByRole('heading', { name: 'Ayuda', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ingresar' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Salir' })).toHaveCount(0);
    for (const path of [
      'usuarios',
      'tareas',
      'reportes',
      'areas',
      'estados',
      'tipo-tarea',
      'notificaciones',
      'programacion',
      'puestos-trabajo',
    ]) {
      await page.goto(`/ayuda/${path}`);
      await expect(page).toHaveURL(new RegExp(`/ayuda/${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Volver a la ayuda' })).toBeVisible();
    }
    const menu = sideMenu(page);
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Ayuda']);
  });

  test('/unauthorized explains the missing permission with a way back', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByRole('heading', { name: 'Permisos insuficientes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});

test.describe('phone width (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the burger dropdown replaces the side drawer', async ({ page }) => {
    await loginAs(page, 'supervisor');
    await expect(sideMenu(page)).toBeHidden();
    // The whole top bar fits: refresh (as an icon), the first name and 'Salir'.
    await expect(page.getByRole('button', { name: 'Refrescar' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('link', { name: 'Sergio' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: 'Salir' })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const burger = page.getByRole('button', { name: 'Abrir menú' });
    await expect(burger).toBeVisible();
    await burger.click();
    const dropdown = page.getByRole('navigation', { name: 'Menú', exact: true });
    await expect(dropdown).toBeVisible();
    await expect(dropdown.getByRole('button', { name: 'Administración' })).toBeVisible();
    await dropdown.getByRole('link', { name: 'Perfil' }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(dropdown).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
  });
});
