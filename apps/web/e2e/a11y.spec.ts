/**
 * Accessibility and the phone layout on every route (issue 8): axe-core in
 * Chromium at 1280 and 390 px reports no serious or critical violation, the
 * page never scrolls sideways at 390 px, and the screens' dialogs keep the
 * keyboard inside and close with Escape. Protected routes are visited as
 * admin. Screenshots of every route go to e2e/.artifacts/screenshots/a11y-*.
 *
 * axe is injected with `page.evaluate(source)` rather than a script tag,
 * so the page keeps its real CSP (script-src 'self').
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { HELP_TOPICS } from '../src/features/help/help-topics';
import { expect, loginAs, test } from './fixtures';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shotsDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const where = v.nodes.slice(0, 3).map((n) => n.target.join(' '));
      const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3} más)` : '';
      return `${v.id} (${v.impact}): ${v.help} -> ${where.join(', ')}${more}`;
    });
}

/**
 * Waits until the screen has drawn its content: a title, no loading skeletons
 * or spinners. (Not 'networkidle': the live-events stream never goes idle.)
 */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  await transitionsDone(page);
}

/** Every CSS transition and animation of the page has finished (a menu opening, a chart growing). */
async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

/** In-app navigation, as the menu does it: no reload, the session and live stream stay open. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

const PUBLIC_ROUTES = ['/login', '/ayuda', ...HELP_TOPICS.map((t) => t.path)];
const ADMIN_ROUTES = [
  '/',
  '/tareas',
  '/programacion-tareas',
  '/usuarios',
  '/estados',
  '/areas',
  '/puestos-trabajo',
  '/tipo-tarea',
  '/reportes',
  '/perfil',
  '/notificaciones',
  '/not-authorized',
  '/unauthorized',
];

/** The button that opens each screen's main form dialog. */
const DIALOGS: [string, string][] = [
  ['/tareas', 'Nueva Tarea'],
  ['/programacion-tareas', 'Nueva Programación'],
  ['/usuarios', 'Nuevo Usuario'],
  ['/estados', 'Nuevo Estado'],
  ['/areas', 'Nueva Área'],
  ['/puestos-trabajo', 'Nuevo Puesto'],
  ['/tipo-tarea', 'Nuevo Tipo de Tarea'],
];

const slug = (path: string) => (path === '/' ? 'inicio' : path.slice(1).replace(/\//g, '-'));

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    async function check(page: Page, path: string, inApp = false): Promise<string[]> {
      if (inApp) await navigate(page, path);
      else await page.goto(path);
      await settle(page);
      const problems = (await seriousViolations(page)).map((v) => `${path}: ${v}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > viewport.width)
        problems.push(`${path}: desplazamiento horizontal (${scrollWidth} px > ${viewport.width} px)`);
      await page.screenshot({ path: join(shotsDir, `a11y-${slug(path)}-${viewport.width}.png`), fullPage: true });
      return problems;
    }

    async function checkDialog(page: Page, path: string, button: string): Promise<string[]> {
      const problems: string[] = [];
      await navigate(page, path);
      await settle(page);
      await page.getByRole('button', { name: button, exact: true }).click({ timeout: 10_000 });
      const dialog = page.getByRole('dialog').last();
      await expect(dialog, `abre «${button}»`).toBeVisible();
      await transitionsDone(page); // the opening transition
      problems.push(...(await seriousViolations(page)).map((v) => `${path} «${button}»: ${v}`));
      await page.screenshot({ path: join(shotsDir, `a11y-${slug(path)}-dialogo-${viewport.width}.png`) });
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        if (!(await dialog.evaluate((el) => el.contains(document.activeElement)))) {
          problems.push(`${path} «${button}»: el foco salió del diálogo tras ${i + 1} Tab`);
          break;
        }
      }
      await page.keyboard.press('Escape');
      await expect(dialog, `Escape cierra «${button}»`).toBeHidden();
      return problems;
    }

    test('public routes: no serious violations, no sideways scroll', async ({ page }) => {
      test.setTimeout(120_000);
      const problems: string[] = [];
      for (const [i, path] of PUBLIC_ROUTES.entries()) problems.push(...(await check(page, path, i > 0)));
      // The API reference is a server page, outside the app's router.
      problems.push(...(await check(page, '/api/docs')));
      expect(problems).toEqual([]);
    });

    test('routes as admin: no serious violations, no sideways scroll', async ({ page }) => {
      test.setTimeout(300_000);
      await loginAs(page, 'admin');
      const problems: string[] = [];
      for (const path of ADMIN_ROUTES) problems.push(...(await check(page, path, true)));
      expect(problems).toEqual([]);
    });

    test('form dialogs: labelled inputs, focus kept inside, Escape closes', async ({ page }) => {
      test.setTimeout(300_000);
      await loginAs(page, 'admin');
      const problems: string[] = [];
      for (const [path, button] of DIALOGS) {
        // One screen's broken dialog must not hide the others': collect, then fail once.
        try {
          problems.push(...(await checkDialog(page, path, button)));
        } catch (error) {
          problems.push(`${path} «${button}»: ${(error as Error).message.split('\n')[0]}`);
          await page.keyboard.press('Escape');
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

test('/perfil while its cards load: each spinner is a named status, no serious violation', async ({ page }) => {
  await loginAs(page, 'admin');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: import('@playwright/test').Route) => {
    await held;
    await route.continue();
  };
  await page.route('**/api/auth/sessions', hold);
  await page.route('**/api/notifications/preferences', hold);
  await navigate(page, '/perfil');
  await expect(page.getByRole('status', { name: 'Cargando sesiones' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Cargando preferencias de avisos' })).toBeVisible();
  const problems = await seriousViolations(page);
  release();
  expect(problems).toEqual([]);
  await expect(page.getByRole('status', { name: 'Cargando sesiones' })).toBeHidden();
});
