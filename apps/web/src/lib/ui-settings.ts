/**
 * Settings of the web app alone (timings, cache lifetimes, browser storage keys): the API
 * never reads them, so they live here and not in the contracts (SPEC.md section 9).
 */

export const TOAST_DURATION_MS = 3000;
/** Toasts shown at once; more wait in a queue (a burst of notifications never fills the screen). */
export const TOAST_LIMIT = 3;
export const USERS_SKELETON_ROWS = 3;
/** Pages shown either side of the current one in the pagination control. */
export const PAGINATION_SIBLINGS = 2;

const MINUTE_MS = 60_000;

/** How long cached query data stays fresh, in milliseconds, by data set. */
export const CACHE_TIMES = {
  assignedTasks: MINUTE_MS,
  reports: MINUTE_MS,
  statuses: 5 * MINUTE_MS,
  scheduledTasks: 5 * MINUTE_MS,
  taskTypes: 5 * MINUTE_MS,
  tasks: 5 * MINUTE_MS,
  users: 5 * MINUTE_MS,
  roles: 5 * MINUTE_MS,
  areas: 5 * MINUTE_MS,
  areasWithUsers: 5 * MINUTE_MS,
  jobPositions: 5 * MINUTE_MS,
  areasOfUser: 30 * MINUTE_MS,
  usersOfAreasOfUser: 30 * MINUTE_MS,
  /** Machines: their state changes on the floor, so a minute as the board. */
  assets: MINUTE_MS,
} as const;

/** Query cache retention (garbage-collection time). */
export const QUERY_GC_TIME_MS = 5 * MINUTE_MS;
/** How long the offline copy of a read (IndexedDB, per user) is kept: a week of shifts. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * MINUTE_MS;
/** Failed queries retry with exponential backoff between these bounds. */
export const QUERY_RETRY = { count: 3, minDelayMs: 1000, maxDelayMs: 30_000 } as const;

export const EDITOR_HISTORY_DEPTH = 100;
export const DRAWER_ANIMATION_MS = 300;
export const SUBMENU_ANIMATION_MS = 300;
export const SUBMENU_MAX_HEIGHT = '24rem';

/** localStorage keys of the browser session. */
export const STORAGE_KEYS = {
  auth: 'auth',
  token: 'token',
  /** The server's clock minus this device's (ms), measured when the token arrived. */
  clockSkew: 'gestar.desfase-reloj',
} as const;
/** Window event dispatched with the new access token after a refresh. */
export const TOKEN_REFRESH_EVENT = 'TokenRefresh';
