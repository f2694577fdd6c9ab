// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { isTypingTarget, shortcutFor } from './keyboard';

const keys = { '/': 'buscar', '?': 'atajos' } as const;

function press(key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('single-key shortcuts', () => {
  it('answer the key\'s action on the page', () => {
    expect(shortcutFor(press('/'), keys)).toBe('buscar');
    expect(shortcutFor(press('?'), keys)).toBe('atajos');
    expect(shortcutFor(press('a'), keys)).toBeUndefined();
    // Only the keys given, not what every object has.
    expect(shortcutFor(press('toString'), keys)).toBeUndefined();
  });

  it('leave the key alone while the person types in a field', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      const field = document.createElement(tag);
      expect(isTypingTarget(field)).toBe(true);
      expect(shortcutFor(press('/', field), keys)).toBeUndefined();
    }
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    document.body.append(editor);
    expect(shortcutFor(press('/', editor), keys)).toBeUndefined();
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
  });

  it('leave combinations to the browser, and keys already handled', () => {
    for (const mod of ['ctrlKey', 'metaKey', 'altKey'] as const) expect(shortcutFor(press('/', document.body, { [mod]: true }), keys)).toBeUndefined();
    const handled = press('/');
    handled.preventDefault();
    expect(shortcutFor(handled, keys)).toBeUndefined();
  });
});
