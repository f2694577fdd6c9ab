// Target 3, PDF: a small report (one day of one area) rendered by the API's
// warm shared browser, against a browser launched per render; and the API's
// resident memory over the renders.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '../lib/http.mjs';
import { rssKb, runNodeJson } from '../lib/processes.mjs';
import { details, figure } from '../lib/results.mjs';
import { apiDir, benchDir, chromium, PDF_COLD_RENDERS, PDF_RENDERS, TZ, workDir } from '../lib/settings.mjs';

export async function pdfFigures({ apiBase, apiPid, adminToken, ids }) {
  const pdfQuery = `area_uuids=${ids.supAreas[0]}&start_date=${ids.someDay}&end_date=${ids.someDay}`;
  const pdfRows = (await (await api(apiBase, adminToken, `/api/reports?${pdfQuery}&limit=100`)).json()).data;
  for (let i = 0; i < 3; i++) {
    const res = await api(apiBase, adminToken, `/api/reports/pdf?${pdfQuery}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
  }
  const rssBeforePdf = rssKb(apiPid);
  const tPdf = performance.now();
  for (let i = 0; i < PDF_RENDERS; i++)
    await (await api(apiBase, adminToken, `/api/reports/pdf?${pdfQuery}`)).arrayBuffer();
  const warmMs = performance.now() - tPdf;
  const rssAfterPdf = rssKb(apiPid);
  const pdfRowsFile = join(workDir, 'pdf-rows.json');
  writeFileSync(pdfRowsFile, JSON.stringify(pdfRows));
  const cold = await runNodeJson(join(benchDir, 'lib', 'pdf-cold.cjs'), {
    ...process.env,
    BENCH_API_DIR: apiDir,
    BENCH_PDF_ROWS: pdfRowsFile,
    BENCH_PDF_RUNS: String(PDF_COLD_RENDERS),
    APP_TIMEZONE: TZ,
    CHROMIUM_PATH: chromium,
  });
  details.pdf = { warmMs, renders: PDF_RENDERS, cold, rssBeforePdf, rssAfterPdf };
  const warmTput = PDF_RENDERS / (warmMs / 1000);
  const coldTput = cold.runs / (cold.ms / 1000);
  figure({
    target: 3,
    name: `PDF (${pdfRows.length} rows) warm shared browser throughput`,
    value: warmTput,
    unit: 'PDF/s',
    baseline: coldTput,
    ratio: { value: warmTput / coldTput, op: '>=', limit: 5 },
    bound: { op: '>=', limit: 3 },
    note: 'baseline: a browser launched per render',
  });
  const pdfGrowth = (rssAfterPdf - rssBeforePdf) / rssBeforePdf;
  figure({
    target: 3,
    name: `API RSS growth over ${PDF_RENDERS} PDF renders`,
    value: (rssAfterPdf - rssBeforePdf) / 1024,
    unit: 'MB',
    baseline: rssBeforePdf / 1024,
    ratio: { value: pdfGrowth * 100, op: '<=', limit: 10 },
    bound: { op: '<=', limit: 50 },
    note: `ratio in % of the RSS before: ${Math.round(rssBeforePdf / 1024)} -> ${Math.round(rssAfterPdf / 1024)} MB`,
  });
}
