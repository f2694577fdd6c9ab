/**
 * This device as a shared terminal (issue 34): the terminal's own credential, its area, name and
 * idle minutes, kept in localStorage under a key of its own, apart from the person's session
 * (`auth` / `token`), so that ending a person's session, or clearing it after a refused refresh,
 * never ends the terminal.
 */
import { useSyncExternalStore } from 'react';

export const TERMINAL_STORAGE_KEY = 'gestar.terminal';
/** When the screen was last touched while a person was signed in at the terminal (idle across a reload). */
export const TERMINAL_ACTIVITY_KEY = 'gestar.terminal.actividad';
/** The replay credential of the person signed in at the terminal (their offline changes keep it). */
export const TERMINAL_REPLAY_KEY = 'gestar.terminal.reenvio';
/** Default idle minutes of a terminal (DECISIONS section 9). */
export const DEFAULT_IDLE_MINUTES = 2;

export interface TerminalDevice {
  uuid: string;
  nombre: string;
  area: { uuid: string; nombre: string };
  minutos_inactividad: number;
  /** The terminal's credential (sent as `Authorization: Terminal …` is the API's business). */
  credencial: string;
}

function isDevice(value: unknown): value is TerminalDevice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const area = v.area as Record<string, unknown> | undefined;
  return (
    typeof v.uuid === 'string' &&
    typeof v.nombre === 'string' &&
    typeof v.credencial === 'string' &&
    typeof v.minutos_inactividad === 'number' &&
    !!area &&
    typeof area.uuid === 'string' &&
    typeof area.nombre === 'string'
  );
}

function read(): TerminalDevice | null {
  try {
    const raw = localStorage.getItem(TERMINAL_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isDevice(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: TerminalDevice | null = typeof localStorage === 'undefined' ? null : read();
const listeners = new Set<() => void>();

function publish(next: TerminalDevice | null): void {
  current = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getTerminal(): TerminalDevice | null {
  return current;
}

/** Whether this device is a terminal (outside React). */
export function isTerminal(): boolean {
  return current !== null;
}

export function useTerminal(): TerminalDevice | null {
  return useSyncExternalStore(subscribe, getTerminal, getTerminal);
}

export function saveTerminal(device: TerminalDevice): void {
  localStorage.setItem(TERMINAL_STORAGE_KEY, JSON.stringify(device));
  publish(device);
}

/** Settings changed on the server (idle minutes, name): kept, the credential stays. */
export function updateTerminal(changes: Partial<Omit<TerminalDevice, 'uuid' | 'credencial'>>): void {
  if (!current) return;
  saveTerminal({ ...current, ...changes });
}

/** The terminal was revoked (or given up here): the device is an ordinary browser again. */
export function forgetTerminal(): void {
  localStorage.removeItem(TERMINAL_STORAGE_KEY);
  localStorage.removeItem(TERMINAL_ACTIVITY_KEY);
  localStorage.removeItem(TERMINAL_REPLAY_KEY);
  publish(null);
}

/** The signed-in person's replay credential, kept with each change they make offline. */
export function getReplayCredential(): string | null {
  return localStorage.getItem(TERMINAL_REPLAY_KEY);
}

export function setReplayCredential(token: string | null): void {
  if (token) localStorage.setItem(TERMINAL_REPLAY_KEY, token);
  else localStorage.removeItem(TERMINAL_REPLAY_KEY);
}

export function noteActivity(at = Date.now()): void {
  try {
    localStorage.setItem(TERMINAL_ACTIVITY_KEY, String(at));
  } catch {
    // A full storage only loses the reload case.
  }
}

export function lastActivity(): number | null {
  const raw = localStorage.getItem(TERMINAL_ACTIVITY_KEY);
  const value = raw === null ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea === localStorage && (event.key === null || event.key === TERMINAL_STORAGE_KEY))
      publish(read());
  });
}
