/**
 * Push notifications in the browser (SPEC section 2.2, DECISIONS section 6).
 *
 * - On login (a login hook, registered when this module loads) the browser's
 *   notification permission is requested; if granted and the VITE_FIREBASE_*
 *   config is present, Firebase messaging (loaded on demand, so the main
 *   bundle stays small) gives a device token, registered for the user.
 * - The app's one service worker `/sw.js` (src/sw.ts, push included) is registered at the
 *   site root; it hands pushes that arrive while a tab is visible to that tab.
 * - Foreground pushes and live 'notification' events become a toast of type
 *   'notification' (stays until closed). The same notification arriving both
 *   ways is shown once.
 * Every failure here is only logged (SPEC section 7).
 */
import { DEFAULT_NOTIFICATION_TITLE, DEVICE_PLATFORM, NOTIFICATIONS_ROUTES } from '@gestar/contracts';
import type { FirebaseOptions } from 'firebase/app';
import { apiRequest } from './api-client';
import { getSession, registerLoginHook, type Session } from './session';
import { toast } from './toast';

declare global {
  interface ImportMetaEnv {
    readonly VITE_FIREBASE_API_KEY?: string;
    readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
    readonly VITE_FIREBASE_PROJECT_ID?: string;
    readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
    readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
    readonly VITE_FIREBASE_APP_ID?: string;
    /** Public VAPID key of the Firebase project's Web Push certificate. */
    readonly VITE_FIREBASE_VAPID_KEY?: string;
  }
}

export const SERVICE_WORKER_URL = '/sw.js';

interface FirebaseWebConfig {
  options: FirebaseOptions;
  vapidKey: string;
}

/** The web app's Firebase config, or null when the build has none (push off, live events still work). */
export function firebaseWebConfig(): FirebaseWebConfig | null {
  const env = import.meta.env;
  const { VITE_FIREBASE_API_KEY: apiKey, VITE_FIREBASE_PROJECT_ID: projectId } = env;
  const { VITE_FIREBASE_MESSAGING_SENDER_ID: messagingSenderId, VITE_FIREBASE_APP_ID: appId } = env;
  const vapidKey = env.VITE_FIREBASE_VAPID_KEY;
  if (!apiKey || !projectId || !messagingSenderId || !appId || !vapidKey) return null;
  return {
    options: {
      apiKey,
      projectId,
      messagingSenderId,
      appId,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
    },
    vapidKey,
  };
}

/** Registers the background worker at the site root; null where the browser cannot. */
export async function registerPushWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    return await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch (error) {
    console.error('No se pudo registrar el service worker de notificaciones', error);
    return null;
  }
}

async function deviceToken(registration: ServiceWorkerRegistration, config: FirebaseWebConfig): Promise<string | null> {
  const [{ getApps, initializeApp }, { getMessaging, getToken, isSupported }] = await Promise.all([
    import('firebase/app'),
    import('firebase/messaging'),
  ]);
  if (!(await isSupported())) return null;
  const app = getApps()[0] ?? initializeApp(config.options);
  const token = await getToken(getMessaging(app), { vapidKey: config.vapidKey, serviceWorkerRegistration: registration });
  return token || null;
}

let registeredFor: string | null = null;

/**
 * Registers this browser for push. `ask` prompts for permission (at login);
 * without it only an already granted permission is used (a reload keeps the
 * device token current without prompting).
 */
export async function enablePush(session: Session, { ask }: { ask: boolean }): Promise<void> {
  try {
    const registration = await registerPushWorker();
    if (typeof Notification === 'undefined' || !session.user) return;
    // A shared device must not go on showing a person's notifications after they leave.
    if (session.payload?.compartido) return;
    const permission = ask && Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') return;
    const config = firebaseWebConfig();
    if (!config || !registration) return;
    const token = await deviceToken(registration, config);
    const key = `${session.user.uuid}:${token ?? ''}`;
    if (!token || registeredFor === key) return;
    await apiRequest(NOTIFICATIONS_ROUTES.registerDevice, {
      body: { token, usuario_uuid: session.user.uuid, plataforma: DEVICE_PLATFORM },
    });
    registeredFor = key;
  } catch (error) {
    console.error('No se pudo registrar el dispositivo para notificaciones push', error);
  }
}

registerLoginHook((session) => enablePush(session, { ask: true }));

/** After a reload: keep the worker and the device token current, without prompting. */
export function resumePush(): void {
  void enablePush(getSession(), { ask: false });
}

type Source = 'live' | 'push';
const RECENT_MS = 30_000;
const recent = new Map<string, { source: Source; at: number }>();

/**
 * Shows a 'notification' toast, unless the same title and message just came
 * the other way (the live event and the push of one notification).
 */
export function showNotificationToast(titulo: string | undefined, mensaje: string | undefined, source: Source): void {
  const title = titulo?.trim() || DEFAULT_NOTIFICATION_TITLE;
  const body = mensaje ?? '';
  const key = `${title}\n${body}`;
  const now = Date.now();
  for (const [k, v] of recent) if (now - v.at > RECENT_MS) recent.delete(k);
  const seen = recent.get(key);
  if (seen && seen.source !== source) {
    recent.delete(key);
    return;
  }
  recent.set(key, { source, at: now });
  toast.notification(body, title);
}

/** Foreground pushes handed over by the worker; returns the unsubscribe function. */
export function onForegroundPush(handler: (titulo: string, mensaje: string) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const listener = (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (!data || typeof data !== 'object' || !('source' in data) || data.source !== 'gestar-push') return;
    const { titulo, mensaje } = data as { titulo?: unknown; mensaje?: unknown };
    handler(typeof titulo === 'string' ? titulo : '', typeof mensaje === 'string' ? mensaje : '');
  };
  navigator.serviceWorker.addEventListener('message', listener);
  return () => navigator.serviceWorker.removeEventListener('message', listener);
}
