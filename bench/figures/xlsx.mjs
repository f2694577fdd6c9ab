// Target 3, XLSX: the export of the supervisor's two areas (100,000 rows at
// full scale) over HTTP, with the API's peak memory, against the rows read
// first and then only the xlsx library writing the same cells.
import { join } from 'node:path';
import { api, slowGet } from '../lib/http.mjs';
import { runNodeJson, sampleRss } from '../lib/processes.mjs';
import { details, figure } from '../lib/results.mjs';
import { apiDir, benchDir, TZ, XLSX_LIMIT_MS } from '../lib/settings.mjs';

export async function xlsxFigures({ apiBase, apiPid, adminToken, ids, db }) {
  const exportAreas = ids.supAreas;
  const xlsxPath = `/api/reports/xlsx?area_uuids=${exportAreas.join(',')}`;
  await (await api(apiBase, adminToken, '/api/reports/xlsx?title=zzzz')).arrayBuffer();
  const xlsx = await sampleRss(apiPid, async () => {
    const t0 = performance.now();
    const bytes = await slowGet(`${apiBase}${xlsxPath}`, adminToken, XLSX_LIMIT_MS);
    return { ms: performance.now() - t0, bytes };
  });
  const xlsxBase = await runNodeJson(join(benchDir, 'lib', 'xlsx-baseline.cjs'), {
    ...process.env,
    DATABASE_URL: db.url,
    BENCH_API_DIR: apiDir,
    BENCH_AREAS: JSON.stringify(exportAreas),
    APP_TIMEZONE: TZ,
  });
  details.xlsx = { api: xlsx, baseline: xlsxBase };
  figure({
    target: 3,
    name: `XLSX export of ${xlsxBase.rows} rows`,
    value: xlsx.value.ms,
    unit: 'ms',
    baseline: xlsxBase.ms,
    ratio: { value: xlsx.value.ms / xlsxBase.ms, op: '<=', limit: 1.5 },
    bound: { op: '<=', limit: 10_000 },
  });
  const growthMb = (xlsx.peakKb - xlsx.startKb) / 1024;
  figure({
    target: 3,
    name: 'XLSX export peak RSS growth',
    value: growthMb,
    unit: 'MB',
    bound: { op: '<', limit: 250 },
    note: `RSS ${Math.round(xlsx.startKb / 1024)} -> peak ${Math.round(xlsx.peakKb / 1024)} MB`,
  });
}
