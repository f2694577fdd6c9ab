import { describe, expect, it } from 'vitest';
import { isActivePath } from './navigation';

describe('isActivePath', () => {
  it('marks the item of the page and of the pages below it', () => {
    expect(isActivePath('/equipos', '/equipos')).toBe(true);
    expect(isActivePath('/equipos', '/equipos/SIE-01')).toBe(true);
    expect(isActivePath('/equipos', '/equiposx')).toBe(false);
  });
  it('the board only on the home page', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/tareas')).toBe(false);
  });
  it('only the closest item when one path holds another', () => {
    expect(isActivePath('/solicitudes/nueva', '/solicitudes/nueva')).toBe(true);
    expect(isActivePath('/solicitudes', '/solicitudes/nueva')).toBe(false);
    expect(isActivePath('/solicitudes', '/solicitudes')).toBe(true);
  });
});
