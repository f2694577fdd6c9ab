/** The service worker in the browser tests: waiting until it controls the page and keeps the whole app. */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Waits until the service worker controls the page (the first load claims it). */
export async function controlling(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

/** Asks the service worker, as the app does (app/offline-ready.ts), whether the whole app is kept. */
export async function offlineReady(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event: MessageEvent<{ ready?: boolean }>) => resolve(event.data?.ready === true);
      registration.active!.postMessage({ type: 'PREPARE_OFFLINE' }, [channel.port2]);
    });
  });
}

/** Waits until the service worker controls the page and keeps the whole app for use offline. */
export async function controlled(page: Page): Promise<void> {
  await controlling(page);
  await expect.poll(() => offlineReady(page), { timeout: 30_000 }).toBe(true);
}
