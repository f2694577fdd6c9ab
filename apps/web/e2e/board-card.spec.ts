/**
 * The board card (SPEC section 2.4): due-date labels at the company's midnight, the 75-character
 * preview, a task whose status the board does not know, the phone tabs' counts, and the area
 * filter asking only after 500 ms.
 */
import { addDaysToCalendarDate, companyMidnight, DEBOUNCE_MS, DESCRIPTION_PREVIEW_LENGTH } from '@gestar/contracts';
import { dueState } from '../src/features/assigned-tasks/components/due-date';
import { expect, loginAs, test } from './fixtures';
import { card, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

test('due labels turn at the company midnight: yesterday, today, tomorrow, in two days, none', () => {
  const day = '2026-03-10';
  const midnight = companyMidnight(day); // 00:00 of March 10 in the company zone
  const justBefore = new Date(midnight.getTime() - 1000);
  const justAfter = new Date(midnight.getTime() + 1000);
  const at = (offset: number) => addDaysToCalendarDate(day, offset);
  // One second after midnight it is March 10.
  expect([at(-1), at(0), at(1), at(2)].map((d) => dueState(d, justAfter))).toEqual(['overdue', 'soon', 'soon', 'later']);
  // One second before, it is still March 9: March 9 is today, the 10th tomorrow, the 11th in two days.
  expect([at(-1), at(0), at(1)].map((d) => dueState(d, justBefore))).toEqual(['soon', 'soon', 'later']);
  expect(dueState(at(-2), justBefore)).toBe('overdue');
  expect(dueState(null, justAfter)).toBeNull();
  expect(dueState(undefined, justAfter)).toBeNull();
});

test('the card previews the first 75 characters of the description, then "..."', async ({ page, request }) => {
  const text = 'Lijar las patas y el respaldo con grano 120, limpiar el polvo y dar dos manos de barniz al agua.';
  expect(text.length).toBeGreaterThan(DESCRIPTION_PREVIEW_LENGTH);
  const { titulo } = await seedTask(request, { descripcion: JSON.stringify([{ type: 'paragraph', children: [{ text }] }]) });
  await loginAs(page, 'operario');
  await expect(card(page, titulo)).toContainText(`${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`, { timeout: 15_000 });
  await expect(card(page, titulo)).not.toContainText(text.slice(DESCRIPTION_PREVIEW_LENGTH, DESCRIPTION_PREVIEW_LENGTH + 10));
});

test('a task whose status the board does not know is not shown', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  const ghost = { uuid: '00000000-0000-4000-8000-00000000beef', nombre: 'Desconocido', color: '#000000', order: 999, categoria: 'en_curso' };
  // The board's answer with this task moved to a status the statuses list does not have.
  await page.route(/\/api\/assigned-tasks\/[0-9a-f-]{36}(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const res = await route.fetch();
    const body = (await res.json()) as { tarea: { titulo: string }; estado_uuid: string; estado: Record<string, unknown> }[];
    if (!Array.isArray(body)) return route.fulfill({ response: res });
    for (const t of body) {
      if (t.tarea.titulo !== titulo) continue;
      t.estado_uuid = ghost.uuid;
      t.estado = { ...t.estado, ...ghost };
    }
    return route.fulfill({ response: res, json: body });
  });
  await loginAs(page, 'operario');
  await expect(page.getByTestId('column-Pendiente').getByRole('article').first()).toBeVisible({ timeout: 15_000 });
  await expect(card(page, titulo)).toHaveCount(0);
  await expect(page.getByTestId('column-Desconocido')).toHaveCount(0);
});

test('a column with more cards than a screenful draws every one of them', async ({ page, request }) => {
  // The board draws a screenful of each column first and the rest right after.
  const titles: string[] = [];
  for (let i = 0; i < 14; i++) titles.push((await seedTask(request)).titulo);
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs(page, 'operario');
  const pending = page.getByTestId('column-Pendiente');
  await expect(pending.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
  // Other tests add cards meanwhile: the badge and the cards are read together until they agree.
  await expect
    .poll(async () => {
      const badge = Number(await pending.locator('.mantine-Badge-root').first().textContent());
      const drawn = await pending.getByRole('article').count();
      return drawn === badge ? drawn : -1;
    })
    .toBeGreaterThan(14);
  for (const titulo of titles) await expect(card(page, titulo)).toHaveCount(1);
});

test('on a phone each tab counts the cards it holds', async ({ page, request }) => {
  await seedTask(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'operario');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: 15_000 });
  for (let i = 0; i < (await tabs.count()); i++) {
    const tab = tabs.nth(i);
    await tab.click();
    // Read together: other tests may give this operario a task meanwhile, and the live update moves both.
    await expect
      .poll(async () => {
        const shown = Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
        const drawn = await page.getByRole('tabpanel').getByRole('article').count();
        return drawn === shown ? drawn : -1;
      })
      .toBeGreaterThanOrEqual(0);
  }
});

test(`the area filter asks the server only after ${DEBOUNCE_MS} ms`, async ({ page }) => {
  await loginAs(page, 'supervisor');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 15_000 });
  const asked: number[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() === 'GET' && /^\/api\/assigned-tasks\/[0-9a-f-]{36}$/.test(u.pathname) && u.searchParams.has('area')) asked.push(Date.now());
  });
  await page.getByRole('combobox', { name: 'Áreas' }).click();
  const picked = Date.now();
  await page.getByRole('option', { name: 'Carpintería' }).click();
  await expect.poll(() => asked.length, { timeout: 5000 }).toBeGreaterThan(0);
  expect(asked[0]! - picked).toBeGreaterThanOrEqual(DEBOUNCE_MS - 50);
});
