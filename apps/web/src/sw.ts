/// <reference lib="webworker" />
/**
 * Gestar's one service worker, at the site root (scope `/`):
 * - precaches the app shell that the build lists (Workbox), so the app opens without a network;
 *   every page of the app is `index.html`, and nothing under `/api/` is ever answered from here;
 * - waits after an update until the page asks for it ("Actualizar"): a form being filled is
 *   never reloaded under a person's hands;
 * - shows background push (SPEC section 2.2): Firebase delivers Web Push messages whose data is
 *   the FCM JSON ({ notification: { title, body }, data }). With a visible tab the tab shows the
 *   message as a toast; otherwise the system shows a notification, and clicking it opens the app.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A path with an extension is a file, never a page (the API answers a missing one with 404).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /\.[a-z0-9]+$/i] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker of a browser takes the open tabs at once (there is nothing to wait for).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
