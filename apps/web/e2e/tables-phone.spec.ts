/** At 390 px the users, tasks, schedules and reports tables are cards: nothing to scroll sideways, actions in reach. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

const SCREENS: [string, string, string][] = [
  ['/usuarios', 'Usuarios', 'users'],
  ['/tareas', 'Tareas', 'tasks'],
  ['/programacion-tareas', 'Programaciones', 'schedules'],
  ['/reportes', 'Reporte', 'reports'],
];

test('the four tables become cards at 390 px', async ({ page }) => {
  await loginAs(page, 'admin');
  for (const [path, tableName, shot] of SCREENS) {
    await page.goto(path);
    const table = page.getByRole('table', { name: tableName });
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow.locator('td').first()).toBeVisible({ timeout: 15_000 });
    // No sideways scrolling, of the page or of the table's box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    const box = await table.boundingBox();
    expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
    // Each cell is a line with its column's name.
    const labelled = await firstRow.locator('td[data-label]').count();
    expect(labelled, path).toBeGreaterThan(2);
    // The row's actions are on screen, without scrolling sideways.
    const buttons = firstRow.getByRole('button');
    for (let i = 0; i < (await buttons.count()); i++) {
      const b = await buttons.nth(i).boundingBox();
      expect(b!.x, path).toBeGreaterThanOrEqual(0);
      expect(b!.x + b!.width, path).toBeLessThanOrEqual(390);
    }
    await page.screenshot({ path: join(shots, `table-cards-${shot}-390.png`), fullPage: true });
  }
});
