import {
  ALL_PERMISSIONS,
  AREA_WATCHER_ACCESS,
  AREA_WATCHERS,
  SUPERVISOR_PERMISSIONS,
  hasAnyPermission,
  isPermission,
} from './permissions';
import { PERMISSION_LABELS } from './permission-labels';

describe('who may watch an area', () => {
  it('is the two assigned-tasks read permissions, all areas or own areas', () => {
    expect(AREA_WATCHERS).toEqual({
      everyArea: ['read:all:assigned-tasks'],
      ownAreas: ['read:all:assigned-tasks:by-area'],
    });
    expect([...AREA_WATCHERS.everyArea, ...AREA_WATCHERS.ownAreas].every(isPermission)).toBe(true);
    expect(AREA_WATCHER_ACCESS.anyOf).toEqual(['read:all:assigned-tasks', 'read:all:assigned-tasks:by-area']);
  });
  it('lets the supervisor watch (own areas) and not the operario', () => {
    expect(hasAnyPermission(SUPERVISOR_PERMISSIONS, AREA_WATCHERS.ownAreas)).toBe(true);
    expect(hasAnyPermission(['read:task', 'read:status'], AREA_WATCHER_ACCESS.anyOf)).toBe(false);
  });
});

describe('PERMISSION_LABELS', () => {
  it('names every permission once, in Spanish words and not as a code', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...ALL_PERMISSIONS].sort());
    const labels = Object.values(PERMISSION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(label).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]+$/);
  });
});
