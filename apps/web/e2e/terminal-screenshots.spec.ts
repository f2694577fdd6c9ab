/**
 * Pictures of the shared terminal's screens (issue 34) at tablet (800x1280), desktop and phone
 * widths, for a person to look at: e2e/.artifacts/screenshots/terminal-<name>-<width>.png.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';
import { card } from './board-helpers';
import { assignTask, becomeTerminal, newArea, newPerson, registerTerminal, tapIn } from './terminal-helpers';

const outDir = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

const VIEWPORTS = [
  { width: 800, height: 1280 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`terminal screenshots at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport, hasTouch: true });

    test('tiles, PIN pad, terminal board, wall board, terminals administration', async ({ page, browser, request }) => {
      test.slow();
      const shot = (p: typeof page, name: string) =>
        p.screenshot({ path: join(outDir, `terminal-${name}-${viewport.width}.png`), fullPage: true });
      const area = await newArea(request);
      const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elena', 'Fabián', 'Gisela', 'Hernán', 'Inés', 'Julián'];
      const people = [];
      for (const [i, nombre] of names.entries())
        people.push(await newPerson(request, area, nombre, `25${80 + i}`.padEnd(4, '7')));
      const ana = people[0]!;
      const title = `Lijar tablero de la mesa ${viewport.width}`;
      await assignTask(request, area, ana, title);
      await assignTask(request, area, people[1]!, `Pintar estante ${viewport.width}`);
      const terminal = await registerTerminal(request, area);

      await becomeTerminal(page, terminal);
      await page.goto('/terminal');
      await expect(page.getByRole('button', { name: `${ana.nombre} ${ana.apellido}` })).toBeVisible();
      await shot(page, 'tiles');

      await page.getByRole('button', { name: `${ana.nombre} ${ana.apellido}` }).click();
      for (const digit of '99') await page.getByRole('button', { name: digit, exact: true }).click();
      await shot(page, 'pin');

      await page.getByRole('button', { name: 'Volver a la lista' }).click();
      await tapIn(page, ana);
      await expect(card(page, title)).toBeVisible();
      await shot(page, 'board');

      await page.getByRole('button', { name: 'Terminar' }).click();
      await page.getByRole('button', { name: 'Tablero del área' }).click();
      await expect(page.getByTestId('pared-hoy')).toContainText(title);
      await shot(page, 'wall');

      const adminContext = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
      const admin = await adminContext.newPage();
      await loginAs(admin, 'admin');
      await admin.goto('/terminales');
      await expect(admin.getByRole('heading', { name: 'Terminales' })).toBeVisible();
      await expect(admin.getByText(terminal.nombre)).toBeVisible();
      await shot(admin, 'admin');
      await admin.goto('/terminales/registrar');
      await expect(admin.getByRole('button', { name: 'Registrar terminal' })).toBeVisible();
      await shot(admin, 'register');
      await admin.goto('/perfil');
      await expect(admin.getByRole('heading', { name: 'PIN de terminal' })).toBeVisible();
      await shot(admin, 'profile-pin');
      await adminContext.close();
    });
  });
}
