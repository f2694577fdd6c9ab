// The PDF baseline: the API's own renderer code, but a new browser launched
// (and closed) for every render. Renders the same report HTML BENCH_PDF_RUNS times.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const dist = join(process.env.BENCH_API_DIR, 'dist');
require(join(process.env.BENCH_API_DIR, 'node_modules', 'reflect-metadata'));
const { PdfRendererService } = require(join(dist, 'modules/reports/export/pdf-renderer.service.js'));
const { reportHtml } = require(join(dist, 'modules/reports/export/report-html.js'));
const { toExportRow } = require(join(dist, 'modules/reports/export/cells.js'));

(async () => {
  const tz = process.env.APP_TIMEZONE;
  const rows = JSON.parse(readFileSync(process.env.BENCH_PDF_ROWS, 'utf8')).map((r) => toExportRow(r, tz));
  const html = reportHtml({
    companyName: 'Gestar',
    generatedOn: new Date().toISOString().slice(0, 10),
    filters: { estados: [], areas: [], colaboradores: [] },
    rows,
  });
  const runs = Number(process.env.BENCH_PDF_RUNS);
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const renderer = new PdfRendererService({ chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    bytes += (await renderer.render(html)).length;
    await renderer.onModuleDestroy();
  }
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, runs, bytes }));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
