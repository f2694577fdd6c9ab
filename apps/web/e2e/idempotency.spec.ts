/** Writes carry an Idempotency-Key: the same change sent again (a retry, a replayed outbox) is written once. */
import { IDEMPOTENCY_HEADER } from '@gestar/contracts';
import { expect, loginAs, test } from './fixtures';
import { card, seedTask } from './board-helpers';

test.describe.configure({ timeout: 120_000 });

test('a comment sent twice with its key is written once', async ({ page, request }) => {
  const { titulo } = await seedTask(request);
  await loginAs(page, 'operario');
  await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click({ timeout: 15_000 });
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Una sola vez');
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/api\/assigned-tasks\/[^/]+\/comments$/.test(new URL(r.url()).pathname)),
    drawer.getByRole('button', { name: 'Agregar comentario' }).click(),
  ]);
  const first = await sent.response();
  expect(first?.status()).toBe(201);
  const headers = sent.headers();
  const key = headers[IDEMPOTENCY_HEADER.toLowerCase()];
  expect(key).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Comentario agregado correctamente')).toBeVisible();

  // The same request again, as a retry after a lost answer would send it.
  const again = await request.post(sent.url(), {
    headers: { Authorization: headers.authorization!, [IDEMPOTENCY_HEADER]: key!, 'Content-Type': 'application/json' },
    data: sent.postData() ?? '',
  });
  expect(again.status()).toBe(201);
  expect(again.headers()['idempotency-replayed']).toBe('true');
  expect(await again.json()).toEqual(await first!.json());

  // Another change gets another key.
  await drawer.getByRole('textbox', { name: 'Nuevo comentario' }).fill('Otra vez');
  const [second] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && /\/comments$/.test(new URL(r.url()).pathname)),
    drawer.getByRole('button', { name: 'Agregar comentario' }).click(),
  ]);
  expect(second.headers()[IDEMPOTENCY_HEADER.toLowerCase()]).not.toBe(key);
  await expect(drawer.getByTestId('comment').filter({ hasText: 'Otra vez' })).toBeVisible();

  // The drawer's deep link (?tarea=) reopens it after the reload, with what the server holds.
  expect(new URL(page.url()).searchParams.get('tarea')).toBeTruthy();
  await page.reload();
  await expect(page.getByRole('dialog').getByTestId('comment').filter({ hasText: 'Otra vez' })).toBeVisible();
  await expect(page.getByRole('dialog').getByTestId('comment').filter({ hasText: 'Una sola vez' })).toHaveCount(1);
});
