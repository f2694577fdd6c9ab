/**
 * The app's shell kept for use without a network (src/sw.ts): the page asks the service worker
 * to download it and, the first time it is complete on this browser, tells the person so, once:
 * «Lista para usar sin conexión». Until then, a page opened without a network is Gestar's own
 * «Sin conexión» page. A download cut by the network goes on when the network is back.
 */
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '../lib/ui-settings';

export const OFFLINE_READY_TITLE = 'Lista para usar sin conexión';
export const OFFLINE_READY_MESSAGE = 'Gestar ya abre en este dispositivo aunque no haya red.';
/** Set once the notice has been shown on this browser. */
const SHOWN_KEY = 'gestar-sin-conexion-lista';

/** Asks the active service worker to keep the whole shell; true once it is kept. */
export async function prepareOffline(): Promise<boolean> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ ready?: boolean }>) => resolve(event.data?.ready === true);
    worker.postMessage({ type: 'PREPARE_OFFLINE' }, [channel.port2]);
  });
}

function shownBefore(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    localStorage.setItem(SHOWN_KEY, new Date().toISOString());
  } catch {
    // Storage refused (private mode): the notice may show again next time.
  }
}

let started = false;

/** Once per page: downloads the shell, retries when the network is back, announces it ready once. */
export function watchOfflineReady(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const attempt = () => {
    void prepareOffline().then((ready) => {
      if (!ready) {
        window.addEventListener('online', attempt, { once: true });
        return;
      }
      if (shownBefore()) return;
      markShown();
      notifications.show({
        color: 'green',
        title: OFFLINE_READY_TITLE,
        message: OFFLINE_READY_MESSAGE,
        autoClose: TOAST_DURATION_MS * 3,
        withCloseButton: true,
      });
    });
  };
  attempt();
}
