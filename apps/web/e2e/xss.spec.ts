/**
 * Stored XSS: 100 hostile payloads (rich-text descriptions, links with
 * javascript:/data:/vbscript: URLs, plain-text descriptions, titles and
 * comments) written straight into the database, as old or tampered data would
 * be, then rendered in Chromium on the board, the drawer and the tasks list.
 * Every payload, if it ever ran, would open a dialog or set `window.__xss`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { apiToken, expect, loginAs, test, type DemoUser } from './fixtures';
import { card, seedTask } from './board-helpers';

const shots = join(import.meta.dirname, '.artifacts', 'screenshots');
const RUN = Math.random().toString(36).slice(2, 7);

const JS = 'window.__xss=(window.__xss||0)+1';
/** Markup and script fragments, each of which runs JS or opens a dialog if rendered as HTML. */
const HTML_PAYLOADS = [
  `<script>${JS}</script>`,
  `<img src=x onerror="${JS}">`,
  `<svg onload="${JS}"></svg>`,
  `<iframe src="javascript:parent.__xss=1"></iframe>`,
  `"><script>alert(1)</script>`,
  `'><img src=1 onerror=alert(document.domain)>`,
  `<body onload=alert(1)>`,
  `<a href="javascript:${JS}">clic</a>`,
  `<details open ontoggle="${JS}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${JS}">`,
  `<input autofocus onfocus="${JS}">`,
  `<video><source onerror="${JS}"></video>`,
  `<object data="javascript:${JS}"></object>`,
  `<embed src="data:text/html,<script>parent.__xss=1</script>">`,
  `<div style="background:url(javascript:alert(1))">`,
  `{{constructor.constructor('${JS}')()}}`,
  `\${alert(1)}`,
  `<scr<script>ipt>${JS}</scr</script>ipt>`,
  `<IMG SRC=JaVaScRiPt:alert(1)>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
];
/** URLs that must never become a link or an image source. */
const BAD_URLS = [
  `javascript:${JS}`,
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript&colon;alert(1)',
  `data:text/html,<script>${JS}</script>`,
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'VBScript:MsgBox("x")',
  'file:///etc/passwd',
  '//evil.example/x.js',
];

interface Payload {
  kind: 'rich-text' | 'link' | 'image' | 'plain' | 'title' | 'comment';
  value: string;
}

/** 100 payloads: every fragment and URL in several carriers. */
function payloads(): Payload[] {
  const out: Payload[] = [];
  for (const h of HTML_PAYLOADS) {
    out.push({ kind: 'rich-text', value: h });
    out.push({ kind: 'plain', value: h });
    out.push({ kind: 'comment', value: h });
  }
  for (const u of BAD_URLS) {
    out.push({ kind: 'link', value: u });
    out.push({ kind: 'image', value: u });
  }
  for (const h of HTML_PAYLOADS.slice(0, 12)) out.push({ kind: 'title', value: h });
  return out.slice(0, 100);
}

/** The database behind this run's API: the one holding a task with a title only this run knows. */
async function findDatabase(marker: string): Promise<pg.Client> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'gestar_web_%'`,
  );
  await admin.end();
  for (const { datname } of rows) {
    const url = new URL(server);
    url.pathname = `/${datname}`;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      await client.connect();
      const found = await client.query('SELECT 1 FROM tareas WHERE titulo = $1', [marker]);
      if (found.rowCount) return client;
    } catch {
      // Another run's database that is being dropped: not ours.
    }
    await client.end().catch(() => undefined);
  }
  throw new Error('No se encontró la base de datos de esta corrida');
}

test.describe.configure({ mode: 'serial' });

test('100 hostile payloads render as text: no dialog, no script, no dangerous link', async ({ page, request }) => {
  test.setTimeout(420_000);
  const marker = await seedTask(request, { titulo: `XSS marcador ${RUN}` });
  const db = await findDatabase(marker.titulo);
  const list = payloads();
  expect(list).toHaveLength(100);
  const titles: string[] = [];
  try {
    const ids = await db.query<{ area: string; tipo: string; operario: string; estado: string; admin: string }>(
      `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS area, (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo,
              (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario, (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin,
              (SELECT uuid FROM estados ORDER BY "order" LIMIT 1) AS estado`,
    );
    const ref = ids.rows[0]!;
    // Ten tasks carry the payloads between them (block-list descriptions, titles, comments) and two more
    // store the plain-text ones as plain-string descriptions, the other stored format: twelve drawers show all hundred.
    const groups = Array.from({ length: 10 }, (_, i) => list.filter((p, j) => j % 10 === i && p.kind !== 'plain'));
    const plain = list.filter((p) => p.kind === 'plain').map((p) => p.value);
    const descriptions = groups.map((group) =>
      JSON.stringify(
        group.flatMap((p): Record<string, unknown>[] => {
          if (p.kind === 'rich-text') return [{ type: 'paragraph', children: [{ text: p.value, bold: true }] }];
          if (p.kind === 'link')
            return [{ type: 'link', url: p.value, children: [{ text: `enlace ${p.value.slice(0, 20)}` }] }];
          if (p.kind === 'image') return [{ type: 'image', url: p.value, children: [{ text: '' }] }];
          return [];
        }),
      ),
    );
    const tasks = [
      ...groups.map((group, g) => ({ group, descripcion: descriptions[g]!, g })),
      { group: [] as Payload[], descripcion: plain.slice(0, 10).join('\n'), g: 10 },
      { group: [] as Payload[], descripcion: plain.slice(10).join('\n'), g: 11 },
    ];
    for (const { group, descripcion, g } of tasks) {
      const title = group.find((p) => p.kind === 'title')?.value;
      const titulo = `XSS ${RUN} ${g}${title ? ` ${title}` : ''}`;
      const t = await db.query<{ uuid: string }>(
        `INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid) VALUES ($1, $2, $3, $4, $5) RETURNING uuid`,
        [titulo, descripcion, ref.tipo, ref.area, ref.admin],
      );
      const tarea = t.rows[0]!.uuid;
      await db.query('INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) VALUES ($1, $2)', [tarea, ref.operario]);
      const at = await db.query<{ uuid: string }>(
        `INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid) VALUES ($1, $2, $3, current_date + 1, $4) RETURNING uuid`,
        [tarea, ref.operario, ref.estado, ref.admin],
      );
      const comments = group.filter((p) => p.kind === 'comment').map((p) => p.value);
      // Every drawer shows at least one comment, hostile where the group has one.
      for (const c of comments.length ? comments : ['<b>sin</b> comentario hostil']) {
        await db.query('INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto) VALUES ($1, $2, $3)', [
          at.rows[0]!.uuid,
          ref.operario,
          c,
        ]);
      }
      titles.push(titulo);
    }
  } finally {
    await db.end();
  }

  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  const popups: string[] = [];
  page.on('popup', (p) => popups.push(p.url()));

  const executed = () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? 0);
  const dangerous = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('a[href], img[src], iframe, object, embed, script:not([src])')]
        .filter((el) => {
          const url = (el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('data') ?? '')
            .replace(/\s/g, '')
            .split('')
            .filter((ch) => ch.charCodeAt(0) > 0x1f)
            .join('')
            .toLowerCase();
          return (
            el.tagName === 'IFRAME' ||
            el.tagName === 'OBJECT' ||
            el.tagName === 'EMBED' ||
            el.tagName === 'SCRIPT' ||
            /^(javascript|data:text|vbscript|file):/.test(url) ||
            url.startsWith('data:image/svg')
          );
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );

  for (const who of ['operario', 'admin'] as DemoUser[]) {
    if (who !== 'operario') {
      await page.getByRole('button', { name: 'Salir' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
    }
    await loginAs(page, who);
    // The board, with every hostile card on it.
    for (const titulo of titles) await expect(card(page, titulo)).toBeVisible({ timeout: 20_000 });
    expect(await dangerous()).toEqual([]);
    // Each drawer: description, comments and history of the hostile task.
    for (const titulo of titles) {
      await card(page, titulo).getByRole('button', { name: 'Ver detalles' }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('heading', { name: titulo })).toBeVisible();
      await expect(drawer.getByTestId('comment').first()).toBeVisible();
      // Markup shows as the text it is.
      await expect(drawer.getByTestId('rich-text-view')).not.toBeEmpty();
      expect(await dangerous()).toEqual([]);
      await drawer.getByRole('button', { name: 'Cerrar' }).last().click();
      await expect(drawer).toBeHidden();
    }
    if (who === 'admin') await page.screenshot({ path: join(shots, 'xss-board-1280.png') });
  }

  // The tasks list and its details dialog, as the administrator.
  await page.goto('/tareas');
  for (const titulo of titles) {
    const search = page.getByRole('textbox', { name: 'Buscar tareas' });
    await search.fill(titulo);
    const row = page.getByRole('row').filter({ hasText: titulo });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.getByRole('button', { name: `Ver detalles de ${titulo}` }).click();
    const details = page.getByRole('dialog', { name: 'Detalles de la Tarea' });
    await expect(details.getByTestId('rich-text-view')).toBeVisible();
    expect(await dangerous()).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  }
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, 'xss-tasks-1280.png') });

  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(await executed()).toBe(0);
});

test('the API refuses dangerous link and image URLs in a description', async ({ request }) => {
  const token = await apiToken(request, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  const task = await seedTask(request, { titulo: `XSS api ${RUN}` });
  const current = (await (await request.get(`/api/tasks/${task.tareaUuid}`, { headers })).json()) as {
    tipo_tarea_uuid: string;
    area_uuid: string;
    usuarios_tareas: { uuid: string }[];
  };
  for (const url of BAD_URLS) {
    for (const type of ['link', 'image']) {
      const res = await request.put(`/api/tasks/${task.tareaUuid}`, {
        headers,
        data: {
          titulo: task.titulo,
          tipo_tarea_uuid: current.tipo_tarea_uuid,
          area_uuid: current.area_uuid,
          usuarios_asignados: current.usuarios_tareas.map((u) => u.uuid),
          descripcion: JSON.stringify([{ type, url, children: [{ text: 'x' }] }]),
        },
      });
      expect({ url, type, status: res.status() }).toEqual({ url, type, status: 400 });
    }
  }
});
