/**
 * For the unit tests of what lives in the browser (the offline copy, the outbox): a fresh
 * IndexedDB and fresh modules for each test, a signed-in person, and the network on or off.
 */
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

/** Two people who may use the same phone. */
export const ANA = 'a1a1a1a1-0000-4000-8000-000000000001';
export const BETO = 'b2b2b2b2-0000-4000-8000-000000000002';

/** A token the session can read (its signature is the server's business). */
export function tokenOf(uuid: string): string {
  const payload = {
    sub: uuid,
    sid: uuid,
    username: uuid.slice(0, 4),
    role: { uuid, nombre: 'Operario', permisos: ['read:assigned-task'] },
    exp: 4_102_444_800,
  };
  const encoded = btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${encoded}.firma`;
}

/** Signs `uuid` in through the session module of this test (`session`: its fresh import). */
export async function signIn(session: typeof import('../lib/session'), uuid: string): Promise<void> {
  await session.startSession({
    user: { uuid, nombre: 'Persona', apellido: uuid.slice(0, 4), username: uuid.slice(0, 4), descripcion_puesto: null },
    token: tokenOf(uuid),
  });
}

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

/** Turns the network off or on (`navigator.onLine`, and the window's event). */
export function setOnline(value: boolean): void {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** A new, empty IndexedDB and new copies of the app's modules (their state starts over). */
export function freshBrowser(): void {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  localStorage.clear();
  online = true;
}
