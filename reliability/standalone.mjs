// The scenarios that bring their own databases and API processes: each module's
// default export runs with `{ cluster }` (the private PostgreSQL of the run),
// records its checks and writes its part of the report with `section()`. They
// run after the others, in this order, and the report shows them in it.
export const STANDALONE = {
  mail: () => import('./scenarios/mail.mjs'),
  directory: () => import('./scenarios/directory.mjs'),
  disk: () => import('./scenarios/disk.mjs'),
  kills: () => import('./scenarios/kills.mjs'),
  replay: () => import('./scenarios/replay.mjs'),
  clock: () => import('./scenarios/clock.mjs'),
  soak: () => import('./scenarios/soak.mjs'),
};

export const STANDALONE_ORDER = Object.keys(STANDALONE);
