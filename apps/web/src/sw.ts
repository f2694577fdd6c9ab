/// <reference lib="webworker" />
/**
 * Gestar's one service worker, at the site root (scope `/`):
 * - keeps the app shell that the build lists (Workbox's precache), so the app opens without a
 *   network; every page of the app is `index.html`, and nothing under `/api/` is ever answered
 *   from here;
 * - on a browser's first visit it takes the page at once and only then downloads the shell (the
 *   page asks for it, see app/offline-ready.ts), saying when it has all of it: until then a page
 *   opened without a network is Gestar's own «Sin conexión» page, never the browser's;
 * - waits after an update until the page asks for it ("Actualizar"): a form being filled is
 *   never reloaded under a person's hands; an update downloads the new shell before it waits;
 * - shows background push (SPEC section 2.2): Firebase delivers Web Push messages whose data is
 *   the FCM JSON ({ notification: { title, body }, data }). With a visible tab the tab shows the
 *   message as a toast; otherwise the system shows a notification, and clicking it opens the app.
 */
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

const shell = new PrecacheController();
shell.addToCacheList(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** True once every file of the shell is kept (then for good: a worker's list never changes). */
let complete = false;

async function missingFiles(): Promise<[url: string, cacheKey: string][]> {
  const cache = await caches.open(shell.strategy.cacheName);
  const kept = new Set((await cache.keys()).map((r) => r.url));
  return [...shell.getURLsToCacheKeys()].filter(([, key]) => !kept.has(key));
}

async function isComplete(): Promise<boolean> {
  if (!complete) complete = (await missingFiles()).length === 0;
  return complete;
}

let downloading: Promise<boolean> | null = null;

/**
 * Downloads the files of the shell not kept yet, one at a time; true when all are kept. A failure
 * (the network cut meanwhile) leaves what was kept, and the next request goes on from there.
 */
function downloadShell(): Promise<boolean> {
  downloading ??= (async () => {
    if (await isComplete()) return true;
    const cache = await caches.open(shell.strategy.cacheName);
    for (const [url, key] of await missingFiles()) {
      // A file named by its revision (index.html, the icons) is asked past the browser's cache.
      const response = await fetch(url, { credentials: 'same-origin', cache: key === url ? 'default' : 'reload' });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      // A redirected answer cannot be given to a page's navigation: keep its body under a plain one.
      const kept = response.redirected ? new Response(await response.blob(), { headers: response.headers }) : response;
      await cache.put(key, kept);
    }
    complete = true;
    return true;
  })().catch(() => {
    downloading = null;
    return false;
  });
  return downloading;
}

self.addEventListener('install', (event) => {
  // An update: the shell is downloaded now, while the version in use keeps serving the page.
  if (self.registration.active) {
    void shell.install(event);
    return;
  }
  // The first worker: nothing to wait for. It takes the page at once and downloads the shell then.
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  // Files of an earlier version are deleted; the first worker also takes the open tabs at once.
  void shell.activate(event);
  event.waitUntil(self.clients.claim());
});

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Gestar's page for a page opened without a network before the shell is kept. */
function offlinePage(url: string): Response {
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1c7ed6">
<title>Sin conexión · Gestar</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212529; background: #f8f9fa; }
  main { max-width: 32rem; margin: 15vh auto 0; padding: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  p { line-height: 1.5; margin: 0 0 1rem; }
  a { display: inline-block; padding: 0.6rem 1.2rem; border-radius: 0.5rem; background: #1864ab; color: #fff; font-weight: 600; text-decoration: none; }
  a:focus-visible { outline: 2px solid #1864ab; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p><strong>Gestar</strong></p>
  <h1>Sin conexión</h1>
  <p>Gestar todavía se está preparando para funcionar sin conexión en este dispositivo, y ahora no hay red.</p>
  <p>Vuelva a conectarse y recargue la página. Cuando vea el aviso «Lista para usar sin conexión», podrá abrir Gestar aunque no haya red.</p>
  <a href="${escapeHtml(url)}">Reintentar</a>
</main>
</body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
    },
  });
}

// A page of the app: the kept index.html once the whole shell is kept; before that the network,
// and Gestar's own «Sin conexión» page when there is none. A path with an extension is a file,
// never a page (the API answers a missing one with 404). Registered first: the precache's own
// route would otherwise answer `/` with a missing index.html.
const keptIndex = shell.createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      if (await isComplete()) return keptIndex(options);
      try {
        return await fetch(options.request);
      } catch {
        return offlinePage(options.request.url);
      }
    },
    { denylist: [/^\/api\//, /\.[a-z0-9]+$/i] },
  ),
);
// The shell's files, from the precache (or the network while they are still being downloaded).
registerRoute(new PrecacheRoute(shell));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // The page asks to have the shell kept and is told when it is (app/offline-ready.ts).
  if (type === 'PREPARE_OFFLINE') {
    const reply = event.ports[0];
    event.waitUntil(downloadShell().then((ready) => reply?.postMessage({ type: 'OFFLINE_READY', ready })));
  }
});

const DEFAULT_TITLE = 'Nueva notificación';

interface PushPayload {
  notification?: { title?: string; body?: string };
  data?: { titulo?: string; mensaje?: string; tarea_asignada_uuid?: string };
}

function readPayload(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    return event.data.json() as PushPayload;
  } catch {
    return { notification: { body: event.data.text() } };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const notification = payload.notification ?? {};
  const data = payload.data ?? {};
  const titulo = notification.title || data.titulo || DEFAULT_TITLE;
  const mensaje = notification.body || data.mensaje || '';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((w) => w.visibilityState === 'visible');
      if (visible.length > 0) {
        for (const w of visible) w.postMessage({ source: 'gestar-push', titulo, mensaje });
        return undefined;
      }
      return self.registration.showNotification(titulo, {
        body: mensaje,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: '/' },
      });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
