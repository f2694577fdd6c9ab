/**
 * SPEC section 2.16: the help index and its nine guides are public, and every
 * help link of every screen (page headers, the menu, the login screen, the
 * guides' own cross-links) reaches a guide that exists, at its anchor.
 */
import { ALL_PERMISSIONS } from '@gestar/contracts';
import type { Page } from '@playwright/test';
import { HELP_TOPICS } from '../src/features/help/help-topics';
import { expect, loginAs, test } from './fixtures';

/** The help page each screen's header links to (SPEC sections 2.6 to 2.14). */
const SCREEN_HELP: Record<string, string> = {
  '/': '/ayuda/tareas',
  '/tareas': '/ayuda/tareas',
  '/programacion-tareas': '/ayuda/programacion',
  '/usuarios': '/ayuda/usuarios',
  '/estados': '/ayuda/estados',
  '/areas': '/ayuda/areas',
  '/puestos-trabajo': '/ayuda/puestos-trabajo',
  '/tipo-tarea': '/ayuda/tipo-tarea',
  '/reportes': '/ayuda/reportes',
  '/notificaciones': '/ayuda/notificaciones',
};

async function helpLinks(page: Page): Promise<string[]> {
  return page
    .locator('a[href^="/ayuda"]')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
}

/** Opens a help href and checks the guide (and its anchor, if any) exists. */
async function expectHelpTarget(page: Page, href: string): Promise<void> {
  const [path, anchor] = href.split('#');
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname, href).toBe(path);
  const known = path === '/ayuda' || HELP_TOPICS.some((t) => t.path === path);
  expect(known, `${href} es una guía conocida`).toBe(true);
  if (anchor) {
    const section = page.locator(`[id="${anchor}"]`);
    await expect(section, `${href}: la sección existe`).toHaveCount(1);
    await expect(section).toBeInViewport();
  }
}

test.describe('help without logging in', () => {
  test('the index shows the nine guides and the roles, each card opening its guide', async ({ page }) => {
    await page.goto('/ayuda');
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
    for (const topic of HELP_TOPICS) {
      await expect(page.locator(`a[href="${topic.path}"]`)).toContainText(topic.title);
    }
    await expect(page.getByText('acceso total.')).toBeVisible();
    await page.locator('a[href="/ayuda/programacion"]').click();
    await expect(page).toHaveURL(/\/ayuda\/programacion$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programación de tarea' })).toBeVisible();
  });

  for (const topic of HELP_TOPICS) {
    test(`${topic.path} loads without a session and has anchor sections`, async ({ page }) => {
      await page.goto(topic.path);
      expect(new URL(page.url()).pathname).toBe(topic.path);
      await expect(page.getByRole('heading', { level: 1, name: topic.title })).toBeVisible();
      const index = page.getByRole('navigation', { name: 'En esta página' });
      await expect(index).toBeVisible();
      const anchors = await index.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      expect(anchors.length).toBeGreaterThanOrEqual(3);
      for (const anchor of anchors) {
        expect(anchor).toMatch(/^#[a-z-]+$/);
        await expect(page.locator(`section[id="${anchor.slice(1)}"]`)).toHaveCount(1);
      }
      await expect(page.getByRole('link', { name: 'Volver a la ayuda' })).toHaveAttribute('href', '/ayuda');
    });
  }

  test('the tasks guide covers the details panel and comments, reachable by anchor', async ({ page }) => {
    await page.goto('/ayuda/tareas#comentarios');
    await expect(page.getByRole('heading', { name: 'Comentarios', exact: true })).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'El panel de detalles' })).toBeAttached();
    await expect(page.getByText('Solo el autor de un comentario ve los íconos')).toBeAttached();
  });

  test('the job-positions guide links back to /ayuda', async ({ page }) => {
    await page.goto('/ayuda/puestos-trabajo');
    await page.getByRole('link', { name: 'Volver a la ayuda' }).click();
    await expect(page).toHaveURL(/\/ayuda$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible();
  });

  test('the users guide lists every role and permission from the contracts', async ({ page }) => {
    await page.goto('/ayuda/usuarios#permisos');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Supervisor' })).toBeVisible();
    const row = table.getByRole('row', { name: /Supervisar los tableros de sus áreas/ });
    await expect(row.getByRole('cell')).toHaveText(['Supervisar los tableros de sus áreas', /sus áreas/, 'Sí', 'Sí', 'No']);
  });

  test('no guide shows a raw permission code, only its Spanish name', async ({ page }) => {
    test.slow(); // ten pages
    for (const path of ['/ayuda', ...HELP_TOPICS.map((t) => t.path)]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      const text = await page.locator('body').innerText();
      for (const code of ALL_PERMISSIONS) expect(text, `${path} shows ${code}`).not.toContain(code);
    }
    await page.goto('/ayuda/areas');
    await expect(page.getByText('«Crear áreas»')).toBeVisible();
  });

  test('every link between guides, and the login screen’s, reaches an existing guide and anchor', async ({ page }) => {
    test.setTimeout(120_000);
    const hrefs = new Set<string>();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
    for (const href of await helpLinks(page)) hrefs.add(href);
    for (const path of ['/ayuda', ...HELP_TOPICS.map((t) => t.path)]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      for (const href of await helpLinks(page)) hrefs.add(href.startsWith('#') ? `${path}${href}` : href);
    }
    expect(hrefs.size).toBeGreaterThan(10);
    for (const href of hrefs) await expectHelpTarget(page, href);
  });
});

test('every screen’s help link, as admin, reaches the right guide', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAs(page, 'admin');
  const found = new Set<string>();
  for (const [screen, help] of Object.entries(SCREEN_HELP)) {
    await page.goto(screen);
    const link = page.locator(`main a[href="${help}"]`);
    await expect(link, `${screen} enlaza a ${help}`).toBeVisible({ timeout: 15_000 });
    for (const href of await helpLinks(page)) found.add(href);
    // Followed inside the app, as a user would: the guide opens with the session kept.
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${help}$`));
    const title = HELP_TOPICS.find((t) => t.path === help)!.title;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('link', { name: 'Salir' }).or(page.getByRole('button', { name: 'Salir' })),
    ).toBeVisible();
    found.delete(help);
  }
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  for (const href of await helpLinks(page)) found.add(href);
  for (const href of found) await expectHelpTarget(page, href);
});
