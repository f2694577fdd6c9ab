/** Single-key shortcuts of a screen ('/' to search, '?' for the list). */
import { useEffect, useRef } from 'react';

/** True while typing in a field: single-key shortcuts are then left alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The action for a key pressed alone, outside a field, not already handled: `keys[event.key]`,
 * or undefined. Ctrl, Meta and Alt combinations belong to the browser.
 */
export function shortcutFor<T>(event: KeyboardEvent, keys: Readonly<Record<string, T>>): T | undefined {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) {
    return undefined;
  }
  return Object.hasOwn(keys, event.key) ? keys[event.key] : undefined;
}

/** Runs `keys[key]` for each shortcut pressed on the page while mounted (the key's default is prevented). */
export function useShortcuts(keys: Readonly<Record<string, () => void>>): void {
  const current = useRef(keys);
  useEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = shortcutFor(event, current.current);
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
