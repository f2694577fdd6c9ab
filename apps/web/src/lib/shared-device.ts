/**
 * Sign-in on a shared device («Dispositivo compartido», issue 34 section 5): the session ends after
 * the installation's idle minutes without the person touching the screen (the server refuses it
 * too, SessionStateRepository.isOpen), and «Salir» or that end leave nothing of the person on the
 * device: no kept changes (the outbox), no offline copy of what was read, no cached API answer,
 * nothing in localStorage but the device's own settings.
 */
import { AUTH_ROUTES } from '@gestar/contracts';
import { apiRequest } from './api-client';
import { getSession, type Session } from './session';

/** The last time the person touched the screen, shared by the tabs of this browser. */
const ACTIVITY_KEY = 'gestar.actividad';
/** Whether the sign-in screen ticks «Dispositivo compartido» by itself: a setting of the device. */
export const SHARED_DEVICE_KEY = 'gestar.dispositivoCompartido';
/** What localStorage keeps after a shared session: the device's settings, nothing of a person. */
const DEVICE_KEYS = new Set([SHARED_DEVICE_KEY, 'gestar-sin-conexion-lista']);
/**
 * At most this often the screen tells the server the person is there (POST /api/auth/activity),
 * on their next touch: the server's count of idle minutes never starts more than this before the screen's.
 */
export const HEARTBEAT_MS = 30_000;

/** The idle minutes of a shared-device session, or null for any other. */
export function sharedIdleMinutes(session: Session = getSession()): number | null {
  return session.payload?.compartido?.minutos_inactividad ?? null;
}

/** Deletes the Cache Storage of API answers (the service worker's own shell of the app stays). */
async function clearResponseCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
}

/** Everything a person leaves on this device goes; only the device's settings stay. */
export async function wipeDevice(): Promise<void> {
  const [{ clearOutbox }, { clearOfflineCache }] = await Promise.all([import('./outbox'), import('./offline-cache')]);
  await Promise.all([clearOutbox(), clearOfflineCache(), clearResponseCaches().catch(() => undefined)]);
  try {
    for (const key of Object.keys(localStorage)) if (!DEVICE_KEYS.has(key)) localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing was kept there either.
  }
}

function lastActivity(): number {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * At start: a shared session left open on this device (the tab closed, the device asleep) that has
 * been idle longer than its minutes is wiped before anything shows. Answers whether it was.
 */
export async function wipeIfIdleAtStart(now = Date.now()): Promise<boolean> {
  const minutes = sharedIdleMinutes();
  if (minutes === null) return false;
  const last = lastActivity();
  if (last > 0 && now - last < minutes * 60_000) return false;
  await wipeDevice();
  return true;
}

/** Person's input that counts as being at the screen. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * While a shared session is open: counts the minutes since the person last touched the screen
 * (in any tab), tells the server they are there at most every HEARTBEAT_MS, and calls `onIdle`
 * once when the minutes are up. Answers the function that stops it.
 */
export function watchSharedIdle(minutes: number, onIdle: () => void): () => void {
  const idleMs = minutes * 60_000;
  let last = Date.now();
  let lastBeat = Date.now();
  let stored = 0;
  const keep = (at: number) => {
    stored = at;
    try {
      localStorage.setItem(ACTIVITY_KEY, String(at));
    } catch {
      // Storage refused: this tab still counts.
    }
  };
  keep(last);
  const note = () => {
    last = Date.now();
    if (last - stored > 2000) keep(last);
    if (last - lastBeat >= HEARTBEAT_MS) {
      lastBeat = last;
      void apiRequest(AUTH_ROUTES.activity).catch(() => undefined);
    }
  };
  for (const type of INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    for (const type of INPUT_EVENTS) window.removeEventListener(type, note, { capture: true });
  };
  const timer = setInterval(() => {
    if (Date.now() - Math.max(last, lastActivity()) < idleMs) return;
    stop();
    onIdle();
  }, 1000);
  return stop;
}
