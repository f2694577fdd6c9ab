// Web figures: initial JS+CSS gzip of a Vite build, an empty Vite app with the
// same dependencies built at run time, and Chromium runs (LCP, focus storm).
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { run } from '../../scripts/lib/run.mjs';

/** Gzip bytes of what index.html loads before any lazy route: entry script, modulepreloads, stylesheets. */
export function initialGzip(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = new Set();
  for (const m of html.matchAll(
    /<(?:script[^>]*\ssrc|link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*\shref)="([^"]+)"/g,
  ))
    refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g)) refs.add(m[1]);
  let js = 0;
  let css = 0;
  const files = [];
  for (const ref of refs) {
    if (!/\.(js|css)$/.test(ref)) continue;
    const size = gzipSync(readFileSync(join(distDir, ref.replace(/^\//, ''))), { level: 9 }).length;
    if (ref.endsWith('.css')) css += size;
    else js += size;
    files.push({ file: ref, gzip: size });
  }
  return { js, css, total: js + css, files };
}

/**
 * What the service worker precaches (the list the build wrote into dist/sw.js): entries, bytes
 * on disk and gzip, the download of a first visit's install.
 */
export function precacheSize(distDir) {
  const sw = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
  let bytes = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = readFileSync(join(distDir, url));
    bytes += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { entries: urls.size, bytes, gzip };
}

/**
 * Builds an app that only mounts the web's providers (React, router, Query, Mantine + its CSS, zod)
 * and renders a title, chunked like apps/web/vite.config.ts.
 */
export async function buildEmptyVite({ root, workDir, env }) {
  const dir = join(workDir, 'vite-empty');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src'), { recursive: true });
  // Resolve the same dependency versions as apps/web.
  symlinkSync(join(root, 'apps', 'web', 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="UTF-8" /><title>Vacía</title></head><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>`,
  );
  writeFileSync(
    join(dir, 'src', 'main.tsx'),
    `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MantineProvider, Title } from '@mantine/core';
import { z } from 'zod';
import '@mantine/core/styles.css';

const Name = z.object({ name: z.string() });
const router = createBrowserRouter([{ path: '/', element: <Title>{Name.parse({ name: 'Vacía' }).name}</Title> }]);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
`,
  );
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig({
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\\\/]node_modules[\\\\/](react|react-dom|scheduler|react-router)[\\\\/]/ },
            { name: 'query', test: /[\\\\/]node_modules[\\\\/].*@tanstack/ },
            { name: 'zod', test: /[\\\\/]node_modules[\\\\/]zod[\\\\/]/ },
          ],
        },
      },
    },
  },
});
`,
  );
  const vite = join(root, 'apps', 'web', 'node_modules', '.bin', 'vite');
  const code = await run(vite, ['build', '--config', join(dir, 'vite.config.mjs')], { cwd: dir, env });
  if (code !== 0) throw new Error('la app Vite vacía no compiló');
  return join(dir, 'dist');
}

/**
 * Logs in through the login form, then reloads the board and reads the last
 * 'largest-contentful-paint' entry; then counts /api requests over 10 focus changes.
 */
export async function browserFigures({ root, baseUrl, username, password, chromium, focusChanges = 10, dbUrl = null }) {
  const apiRequire = createRequire(join(root, 'apps', 'api', 'package.json'));
  const puppeteer = apiRequire('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluateOnNewDocument(() => {
      window.__lcp = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__lcp.push({ t: e.startTime, size: e.size, tag: e.element?.tagName ?? null });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Element Timing on what the board owns: each card's title and each column's heading get an
      // `elementtiming` name as they are inserted (a mutation observer runs before the next paint),
      // and their first paint is recorded with the column they belong to.
      window.__paints = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__paints.push({
            t: e.renderTime || e.loadTime,
            id: e.identifier,
            column: e.element?.closest('[data-testid^="column-"]')?.getAttribute('data-testid') ?? null,
          });
      }).observe({ type: 'element', buffered: true });
      const mark = (root) => {
        if (!(root instanceof Element)) return;
        for (const el of root.querySelectorAll('article[aria-label] p[class^="_title_"]')) el.setAttribute('elementtiming', 'tarjeta');
        for (const el of root.querySelectorAll('section[data-testid^="column-"] > div:first-child p'))
          el.setAttribute('elementtiming', 'columna');
      };
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) mark(n.parentElement ?? n);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0', timeout: 60000 });
    await page.locator('input[autocomplete="username"]').fill(username);
    await page.locator('input[autocomplete="current-password"]').fill(password);
    await page.click('button[type="submit"]');
    await page
      .waitForFunction(() => location.pathname !== '/login', { timeout: 60000 })
      .catch(async () => {
        await page.screenshot({ path: join(root, 'bench', 'results', 'login-failed.png') });
        throw new Error(`no se pudo iniciar sesión como ${username} en la web`);
      });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 60000, concurrency: 2 }).catch(() => undefined);

    // A fresh load of the board with the session in place: this is the LCP measured.
    const apiOnLoad = [];
    const onReq = (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && u.pathname !== '/api/events')
        apiOnLoad.push(`${r.method()} ${u.pathname}${u.search}`);
    };
    page.on('request', onReq);
    const loadStart = Date.now();
    // networkidle2, not 0: the live-events stream (SSE) stays open for good.
    await page.reload({ waitUntil: 'networkidle2', timeout: 120000 });
    const loadMs = Date.now() - loadStart;
    // LCP is final at the first input; a short pause lets late paints be reported.
    await new Promise((r) => setTimeout(r, 500));
    const lcp = await page.evaluate(() => window.__lcp);
    const paint = await page.evaluate(() => {
      const paints = window.__paints;
      const visible = [...document.querySelectorAll('section[data-testid^="column-"]')].filter((c) => {
        const r = c.getBoundingClientRect();
        return r.width > 0 && r.left < innerWidth && r.right > 0;
      });
      const last = visible.at(-1)?.getAttribute('data-testid') ?? null;
      const first = (list) => (list.length ? Math.min(...list.map((p) => p.t)) : null);
      const cards = paints.filter((p) => p.id === 'tarjeta');
      const lastHeading = first(paints.filter((p) => p.id === 'columna' && p.column === last));
      const lastCard = first(cards.filter((p) => p.column === last));
      return {
        firstCardMs: first(cards),
        lastColumn: last,
        lastColumnMs: lastHeading === null ? null : Math.max(lastHeading, lastCard ?? 0),
        visibleColumns: visible.length,
        cardsPainted: cards.length,
      };
    });
    const cards = await page.evaluate(
      () => document.querySelectorAll('[data-testid*="card"], [class*="card" i]').length,
    );
    page.off('request', onReq);
    const distinct = new Set(apiOnLoad.filter((r) => r.startsWith('GET ')));

    const onFocus = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/api/') && u.pathname !== '/api/events')
        onFocus.push(`${r.method()} ${u.pathname}${u.search}`);
    });
    for (let i = 0; i < focusChanges; i++) {
      await page.evaluate(() => {
        const set = (state) => {
          Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
          Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
          document.dispatchEvent(new Event('visibilitychange'));
        };
        window.dispatchEvent(new Event('blur'));
        set('hidden');
        set('visible');
        window.dispatchEvent(new Event('focus'));
      });
      await new Promise((r) => setTimeout(r, 300));
    }
    await page.waitForNetworkIdle({ idleTime: 300, timeout: 30000, concurrency: 2 }).catch(() => undefined);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    await page.screenshot({ path: join(root, 'bench', 'results', 'board.png') });
    // The focus figure is complete here: the measurements below make requests of their own.
    const focusRequestList = [...onFocus];
    const dragInpMs = await dragInteraction(page);
    const drawer = dbUrl ? await drawerWithComments(page, { root, baseUrl, dbUrl, username }) : null;
    return {
      dragInpMs,
      drawerOpenMs: drawer?.ms ?? null,
      drawerComments: drawer?.comments ?? null,
      lcpMs: lcp.length ? lcp[lcp.length - 1].t : null,
      paint,
      lcpEntries: lcp,
      loadMs,
      cards,
      distinctQueries: distinct.size,
      queriesOnLoad: [...distinct],
      focusRequests: focusRequestList.length,
      focusRequestList,
    };
  } finally {
    await browser.close();
  }
}

/**
 * A mouse drag of the board's first card onto another column: the interaction to next paint is
 * the longest 'event' timing entry of that interaction (Event Timing API, as INP counts it).
 */
async function dragInteraction(page) {
  await page.evaluate(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.interactionId) window.__events.push({ name: e.name, duration: e.duration });
    }).observe({ type: 'event', buffered: false, durationThreshold: 16 });
  });
  const boxes = await page.evaluate(() => {
    const card = document.querySelector('article[aria-label]');
    const columns = [...document.querySelectorAll('[data-testid^="column-"]')];
    const home = card?.closest('[data-testid^="column-"]');
    const target = columns.find((c) => c !== home);
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + Math.min(40, r.width / 2), y: r.y + Math.min(30, r.height / 2) };
    };
    return card && target ? { from: box(card), to: box(target) } : null;
  });
  if (!boxes) return null;
  await page.mouse.move(boxes.from.x, boxes.from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(boxes.from.x + ((boxes.to.x - boxes.from.x) * i) / 12, boxes.from.y + ((boxes.to.y - boxes.from.y) * i) / 12);
  }
  await page.mouse.up();
  await page.waitForNetworkIdle({ idleTime: 300, timeout: 30000, concurrency: 2 }).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
  const events = await page.evaluate(() => window.__events);
  // Below the 16 ms threshold nothing is reported: the interaction painted within a frame.
  return events.length ? Math.max(...events.map((e) => e.duration)) : 16;
}

/**
 * The drawer of an assigned task with 10,000 comments (written straight into the database): the
 * time from the link until the newest 20 are on screen.
 */
async function drawerWithComments(page, { root, baseUrl, dbUrl, username }) {
  const { withClient } = await import('../../scripts/lib/database.mjs');
  const COUNT = 10_000;
  const occ = await withClient(dbUrl, async (c) => {
    const { rows } = await c.query(
      `SELECT ta.uuid, u.uuid AS autor FROM tareas_asignadas ta
         JOIN tareas t ON t.uuid = ta.tarea_uuid
         JOIN usuario_areas ua ON ua.area_uuid = t.area_uuid
         JOIN usuarios u ON u.uuid = ua.usuario_uuid AND u.username = $1
        WHERE NOT ta.archivada LIMIT 1`,
      [username],
    );
    if (!rows[0]) return null;
    await c.query(
      `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto, fecha_creacion, updated_at)
       SELECT $1, $2, 'Comentario de medición ' || g, now() - make_interval(secs => $3 - g), now() - make_interval(secs => $3 - g)
         FROM generate_series(1, $3) g`,
      [rows[0].uuid, rows[0].autor, COUNT],
    );
    return rows[0].uuid;
  });
  if (!occ) return null;
  const start = Date.now();
  await page.goto(`${baseUrl}/?tarea=${occ}`, { waitUntil: 'domcontentloaded', timeout: 60000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="comment"]').length >= 20, { timeout: 60000 });
  const ms = Date.now() - start;
  const shown = await page.evaluate(() => document.querySelectorAll('[data-testid="comment"]').length);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), { timeout: 10000 }).catch(() => undefined);
  await page.screenshot({ path: join(root, 'bench', 'results', 'drawer-comments.png') });
  return { ms, comments: shown };
}
