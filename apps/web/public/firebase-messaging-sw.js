/*
 * Background push for Gestar (SPEC section 2.2, DECISIONS section 6), served
 * from the site root as JavaScript. Firebase delivers Web Push messages whose
 * data is the FCM JSON ({ notification: { title, body }, data }); this worker
 * needs no Firebase code of its own (nothing loaded from another host, so the
 * CSP stays 'self'). With a visible tab, the tab shows the message as a toast;
 * otherwise the system shows a notification, and clicking it opens the app.
 */
const DEFAULT_TITLE = 'Nueva notificación';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { notification: { body: event.data.text() } };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const notification = payload.notification || {};
  const data = payload.data || {};
  const titulo = notification.title || data.titulo || DEFAULT_TITLE;
  const mensaje = notification.body || data.mensaje || '';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((w) => w.visibilityState === 'visible');
      if (visible.length > 0) {
        for (const w of visible) w.postMessage({ source: 'gestar-push', titulo, mensaje });
        return undefined;
      }
      return self.registration.showNotification(titulo, { body: mensaje, icon: '/favicon.svg', data: { url: '/' } });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    }),
  );
});
