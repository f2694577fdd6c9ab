// Target 5, web: the initial bundle against an empty Vite app with the same
// dependencies, the board's LCP in Chromium, and requests on window focus.
import { join } from 'node:path';
import { browserFigures, buildEmptyVite, initialGzip, precacheSize } from '../lib/web.mjs';
import { details, figure } from '../lib/results.mjs';
import { chromium, PASSWORD, root, webDir, workDir } from '../lib/settings.mjs';

export async function webFigures({ apiBase, boardCards, db }) {
  const dbUrl = db?.url ?? null;
  const webSize = initialGzip(join(webDir, 'dist'));
  const emptyDist = await buildEmptyVite({ root, workDir, env: process.env });
  const emptySize = initialGzip(emptyDist);
  figure(
    5,
    'Web initial JS+CSS gzip',
    webSize.total / 1024,
    emptySize.total / 1024,
    webSize.total / emptySize.total,
    '<=',
    1.2,
    'KiB',
    `JS ${Math.round(webSize.js / 1024)} + CSS ${Math.round(webSize.css / 1024)} KiB`,
  );
  details.web = { size: webSize, empty: emptySize };
  // Issue 18: the installed app's precache, downloaded once by the service worker after the first visit.
  const precache = precacheSize(join(webDir, 'dist'));
  details.web.precache = precache;
  figure(
    5,
    `Service worker precache (${precache.entries} files, ${Math.round(precache.bytes / 1024)} KiB on disk)`,
    precache.gzip / 1024,
    webSize.total / 1024,
    precache.gzip / 1024 / 1024,
    '<=',
    1.5,
    'KiB',
    'gzip; ratio in MiB, bound 1.5 MiB; baseline: the initial JS+CSS',
  );
  const web = await browserFigures({ root, baseUrl: apiBase, username: 'supervisor1', password: PASSWORD, chromium, dbUrl });
  details.web.browser = web;
  figure(
    5,
    `Board LCP in Chromium (${boardCards} cards in the API answer)`,
    web.lcpMs,
    null,
    web.lcpMs === null ? null : web.lcpMs / 1000,
    '<=',
    2.5,
    'ms',
    'ratio in seconds',
  );
  figure(
    5,
    'Requests over 10 focus changes / distinct queries',
    web.focusRequests,
    web.distinctQueries,
    web.focusRequests / Math.max(1, web.distinctQueries),
    '<=',
    1.2,
    'requests',
    `${web.distinctQueries} distinct GET queries seen on the board reload`,
  );
  figure(
    5,
    `Drag and drop on the board (${boardCards} cards): interaction to next paint`,
    web.dragInpMs,
    null,
    web.dragInpMs === null ? null : web.dragInpMs / 100,
    '<=',
    1,
    'ms',
    'ratio to the 100 ms bound (Event Timing API, longest event of the drag)',
  );
  figure(
    5,
    'Drawer of a task with 10,000 comments: link to the newest 20 on screen',
    web.drawerOpenMs,
    null,
    web.drawerOpenMs === null ? null : web.drawerOpenMs / 1000,
    '<=',
    1,
    'ms',
    `ratio to the 1,000 ms bound; ${web.drawerComments ?? 0} comments drawn (keyset page of 20)`,
  );
}
