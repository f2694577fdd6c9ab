// Target 5, web: the initial bundle against an empty Vite app with the same
// dependencies, the board's own paint (Element Timing) in Chromium, and requests on window focus.
import { join } from 'node:path';
import { browserFigures, buildEmptyVite, initialGzip, precacheSize } from '../lib/web.mjs';
import { details, figure } from '../lib/results.mjs';
import { chromium, PASSWORD, root, webDir, workDir } from '../lib/settings.mjs';

export async function webFigures({ apiBase, boardCards, db }) {
  const dbUrl = db?.url ?? null;
  const webSize = initialGzip(join(webDir, 'dist'));
  const emptyDist = await buildEmptyVite({ root, workDir, env: process.env });
  const emptySize = initialGzip(emptyDist);
  // Issue 21: at most 200 KiB up front, whatever the empty app weighs.
  figure({
    target: 5,
    name: 'Web initial JS+CSS gzip',
    value: webSize.total / 1024,
    unit: 'KiB',
    baseline: emptySize.total / 1024,
    ratio: { value: webSize.total / emptySize.total, op: '<=', limit: 1.2 },
    bound: { op: '<=', limit: 200 },
    note: `JS ${Math.round(webSize.js / 1024)} + CSS ${Math.round(webSize.css / 1024)} KiB`,
  });
  details.web = { size: webSize, empty: emptySize };
  // Issue 18: the installed app's precache, downloaded once by the service worker after the first visit.
  const precache = precacheSize(join(webDir, 'dist'));
  details.web.precache = precache;
  figure({
    target: 5,
    name: `Service worker precache (${precache.entries} files, ${Math.round(precache.bytes / 1024)} KiB on disk)`,
    value: precache.gzip / 1024,
    unit: 'KiB',
    bound: { op: '<=', limit: 1536 },
    note: 'gzip, downloaded once after the first visit',
  });
  const web = await browserFigures({ root, baseUrl: apiBase, username: 'supervisor1', password: PASSWORD, chromium, dbUrl });
  details.web.browser = web;
  // What the board owns (Element Timing), not the page's largest paint, which may be its footer.
  figure({
    target: 5,
    name: `Board (${boardCards} cards): first card painted after the navigation`,
    value: web.paint.firstCardMs,
    unit: 'ms',
    bound: { op: '<=', limit: 1000 },
    note: `${web.paint.cardsPainted} cards painted on screen; the page's last LCP entry: ${web.lcpMs === null ? '-' : Math.round(web.lcpMs)} ms`,
  });
  figure({
    target: 5,
    name: `Board (${boardCards} cards): last visible column painted (heading and first card)`,
    value: web.paint.lastColumnMs,
    unit: 'ms',
    bound: { op: '<=', limit: 1000 },
    note: `${web.paint.lastColumn ?? 'no column'}, the ${web.paint.visibleColumns}th visible`,
  });
  figure({
    target: 5,
    name: 'Requests over 10 focus changes / distinct queries',
    value: web.focusRequests,
    unit: 'requests',
    baseline: web.distinctQueries,
    ratio: { value: web.focusRequests / Math.max(1, web.distinctQueries), op: '<=', limit: 1.2 },
    bound: { op: '<=', limit: 10 },
    note: `${web.distinctQueries} distinct GET queries seen on the board reload`,
  });
  figure({
    target: 5,
    name: `Drag and drop on the board (${boardCards} cards): interaction to next paint`,
    value: web.dragInpMs,
    unit: 'ms',
    bound: { op: '<=', limit: 100 },
    note: 'Event Timing API, longest event of the drag',
  });
  figure({
    target: 5,
    name: 'Drawer of a task with 10,000 comments: link to the newest 20 on screen',
    value: web.drawerOpenMs,
    unit: 'ms',
    bound: { op: '<=', limit: 1000 },
    note: `${web.drawerComments ?? 0} comments drawn (keyset page of 20)`,
  });
}
