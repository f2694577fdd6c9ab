/** The web-only settings of SPEC.md section 9 (moved out of the contracts with their values). */
import { expect, test } from '@playwright/test';
import * as ui from '../src/lib/ui-settings';

test.describe('web settings of SPEC.md section 9', () => {
  for (const [name, value] of [
    ['TOAST_DURATION_MS', 3000],
    ['USERS_SKELETON_ROWS', 3],
    ['QUERY_GC_TIME_MS', 300_000],
    ['EDITOR_HISTORY_DEPTH', 100],
    ['DRAWER_ANIMATION_MS', 300],
    ['SUBMENU_ANIMATION_MS', 300],
    ['SUBMENU_MAX_HEIGHT', '24rem'],
    ['PAGINATION_SIBLINGS', 2],
    ['TOKEN_REFRESH_EVENT', 'TokenRefresh'],
  ] as const) {
    test(`${name} = ${value}`, () => {
      expect((ui as Record<string, unknown>)[name]).toBe(value);
    });
  }

  test('has the structured settings', () => {
    expect(ui.CACHE_TIMES).toEqual({
      assignedTasks: 60_000,
      reports: 60_000,
      statuses: 300_000,
      scheduledTasks: 300_000,
      taskTypes: 300_000,
      tasks: 300_000,
      users: 300_000,
      roles: 300_000,
      areas: 300_000,
      areasWithUsers: 300_000,
      jobPositions: 300_000,
      areasOfUser: 1_800_000,
      usersOfAreasOfUser: 1_800_000,
      // A machine's state changes on the floor: its catalog and page are kept a minute, like the board.
      assets: 60_000,
    });
    expect(ui.QUERY_RETRY).toEqual({ count: 3, minDelayMs: 1000, maxDelayMs: 30_000 });
    expect(ui.STORAGE_KEYS).toEqual({ auth: 'auth', token: 'token', clockSkew: 'gestar.desfase-reloj' });
  });
});
