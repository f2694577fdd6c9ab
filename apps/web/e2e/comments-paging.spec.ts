/** A task with many comments opens at once: the box to write first, then the newest 20, older ones on demand. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, expect, loginAs, test } from './fixtures';
import { assignedUuid, seedTask } from './board-helpers';

test.describe.configure({ timeout: 180_000 });
const shots = join(fileURLToPath(new URL('.', import.meta.url)), '.artifacts', 'screenshots');

test('a task with 1,000 comments opens its drawer with 20 and loads 20 more on request', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  const token = await apiToken(request, 'operario');
  const headers = { Authorization: `Bearer ${token}` };
  const me = ((await (await request.post('/api/auth/login', { data: { username: 'operario', password: 'demo1234' } })).json()) as { user: { uuid: string } }).user.uuid;
  const occ = await assignedUuid(request, me, titulo);
  // 1,000 comments through the API, 25 at a time, in order.
  for (let start = 1; start <= 1000; start += 25) {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        request.post(`/api/assigned-tasks/${occ}/comments`, { headers, data: { texto: `Nota ${String(start + i).padStart(4, '0')}` } }),
      ),
    );
  }

  await loginAs(page, 'operario');
  // The board that the sign-in opened stops asking for anything before the link is counted.
  await page.goto('about:blank');
  const pages: string[] = [];
  // Another test's change to this operario's tasks refreshes the board and the open drawer alike
  // (live events): each such refresh asks for the board and the first page once more.
  let boardReads = 0;
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() !== 'GET') return;
    if (u.pathname === `/api/assigned-tasks/${occ}/comments`) pages.push(u.search);
    if (u.pathname === `/api/assigned-tasks/${me}`) boardReads++;
  });
  const opened = Date.now();
  await page.goto(`/?tarea=${occ}`);
  const drawer = page.getByRole('dialog');
  const comments = drawer.getByTestId('comment');
  await expect(comments).toHaveCount(20, { timeout: 30_000 });
  const openMs = Date.now() - opened;
  // Newest first (the last batch of 25, 976 to 1000, was written after every other), the box above them.
  const numbers = async () =>
    (await comments.allTextContents()).map((t) => Number(/Nota (\d{4})/.exec(t)?.[1]));
  expect((await numbers()).every((n) => n >= 976)).toBe(true);
  const box = await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).boundingBox();
  const first = await comments.first().boundingBox();
  expect(box!.y).toBeLessThan(first!.y);
  // One first page per board read: opening the link asks for it once.
  expect(boardReads).toBeGreaterThan(0);
  expect(pages).toEqual(Array.from({ length: boardReads }, () => ''));
  const before = pages.length;

  await drawer.getByRole('button', { name: 'Ver comentarios anteriores' }).click();
  await expect(comments).toHaveCount(40);
  expect(pages.slice(before).filter((p) => p !== '')).toHaveLength(1);
  expect(pages.slice(before).find((p) => p !== '')).toMatch(/^\?antes=[0-9a-f-]{36}$/);
  const forty = await numbers();
  expect(new Set(forty).size).toBe(40);
  expect(forty.every((n) => n >= 951)).toBe(true);
  await page.screenshot({ path: join(shots, 'drawer-comments-1280.png') });
  test.info().annotations.push({ type: 'drawer', description: `abierto con 20 comentarios en ${openMs} ms` });
});
