// Targets 1 and 2: the board and the paginated lists against a Fastify + pg
// baseline that replays the exact SQL the API sent for each scenario, and the
// trigram indexes behind the searches.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/database.mjs';
import { api, compare, login, probe } from '../lib/http.mjs';
import { apiEnv, startServer, stopServer } from '../lib/processes.mjs';
import { check, details, figure } from '../lib/results.mjs';
import { withClient } from '../../scripts/lib/database.mjs';
import { apiDir, benchDir, log, sleep, workDir } from '../lib/settings.mjs';

/** Absolute bounds (ms) a user feels, issue 21: any page of a paged list, the reports list, its charts. */
const LIST_P95_MS = 20;
const REPORTS_P95_MS = 100;
const STATS_P95_MS = 200;
/** Issue 33: a machine's page (with its 90-day timeline) and the downtime report. */
const ASSET_PAGE_P95_MS = 30;
const DOWNTIME_P95_MS = 100;
/**
 * A whole year across the 5,000 machines reads about 125,000 state intervals and 83,000
 * occurrences (docs/DECISIONS.md, «Downtime and maintenance figures»): its own bound, not the
 * screen's period's.
 */
const DOWNTIME_YEAR_P95_MS = 250;
/** Issue 35: a person's month of time entries, and the hours and lead/cycle time reports. */
const PERSON_MONTH_P95_MS = 20;
const HOURS_P95_MS = 100;
/** The machine whose page is measured: machine 0 has a task, reports, and is stopped now (bench/seed.sql). */
export const BENCH_MACHINE = 'EQ-00000';

/** supervisor1's board, both of its areas. */
const boardPath = (ids) => `/api/assigned-tasks/${ids.sup}?area=${ids.supAreas.join(',')}`;

/**
 * The board, the paged lists (users, tasks, schedules) and the reports at page 1, a deep page and
 * a search; the reports also with the screen's default filter (the current month) and their charts.
 */
function scenarioList(ids, deep) {
  const month = `start_date=${ids.month.start}&end_date=${ids.month.end}`;
  return [
    { key: 'board', target: 1, who: 'sup', path: boardPath(ids) },
    { key: 'users_p1', target: 2, who: 'admin', path: '/api/users?page=1' },
    { key: 'users_deep', target: 2, who: 'admin', path: `/api/users?page=${deep.users}`, page: deep.users },
    { key: 'users_search', target: 2, who: 'admin', path: '/api/users?nombre=jose', search: true },
    { key: 'tasks_p1', target: 2, who: 'admin', path: '/api/tasks?page=1' },
    { key: 'tasks_deep', target: 2, who: 'admin', path: `/api/tasks?page=${deep.tasks}`, page: deep.tasks },
    { key: 'tasks_search', target: 2, who: 'admin', path: '/api/tasks?titulo=revision%20de%20sierra', search: true },
    { key: 'schedules_p1', target: 2, who: 'admin', path: '/api/scheduled-task?page=1' },
    { key: 'schedules_deep', target: 2, who: 'admin', path: `/api/scheduled-task?page=${deep.schedules}`, page: deep.schedules },
    { key: 'reports_p1', target: 2, who: 'admin', path: '/api/reports?page=1' },
    { key: 'reports_deep', target: 2, who: 'admin', path: `/api/reports?page=${deep.reports}`, page: deep.reports },
    { key: 'reports_search', target: 2, who: 'admin', path: '/api/reports?title=inspeccion%20de%20camion', search: true },
    { key: 'reports_month_p1', target: 2, who: 'admin', path: `/api/reports?page=1&${month}` },
    {
      key: 'reports_month_deep',
      target: 2,
      who: 'admin',
      path: `/api/reports?page=${deep.reportsMonth}&${month}`,
      page: deep.reportsMonth,
    },
    { key: 'stats_month', target: 2, who: 'admin', path: `/api/reports/stats?${month}` },
    { key: 'stats_all', target: 2, who: 'admin', path: '/api/reports/stats' },
    { key: 'comments', target: 2, who: 'admin', path: `/api/assigned-tasks/${deep.commented}/comments` },
    { key: 'asset_page', target: 10, who: 'admin', path: `/api/assets/${BENCH_MACHINE}` },
    { key: 'assets_p1', target: 10, who: 'admin', path: '/api/assets?page=1' },
    { key: 'assets_deep', target: 10, who: 'admin', path: `/api/assets?page=${deep.assets}`, page: deep.assets },
    { key: 'assets_search', target: 10, who: 'admin', path: '/api/assets?page=1&q=lijadora', search: true },
    { key: 'downtime_month', target: 10, who: 'admin', path: `/api/reports/downtime?${month}` },
    {
      key: 'downtime_year',
      target: 10,
      who: 'admin',
      path: `/api/reports/downtime?start_date=${ids.yearAgo}&end_date=${ids.month.end}&sort=mtbf_horas&order=asc`,
    },
    { key: 'downtime_area', target: 10, who: 'sup', path: `/api/reports/downtime?${month}&area_uuids=${ids.supAreas[0]}` },
    {
      key: 'time_person_month',
      target: 12,
      who: 'sup',
      path: `/api/time-entries?usuario_uuid=${ids.worker}&desde=${encodeURIComponent(ids.lastMonth.start)}&hasta=${encodeURIComponent(ids.lastMonth.end)}&limit=100`,
    },
    { key: 'timesheet_week', target: 12, who: 'sup', path: `/api/timesheet?usuario_uuid=${ids.worker}` },
    { key: 'hours_month', target: 12, who: 'admin', path: `/api/reports/hours?${month}` },
    { key: 'hours_area', target: 12, who: 'sup', path: `/api/reports/hours?${month}&area_uuids=${ids.supAreas[0]}` },
    { key: 'flow_month', target: 12, who: 'admin', path: `/api/reports/flow?${month}` },
  ];
}

/** Comments on one open assigned task of supervisor1's areas, so it has 10,000: its uuid. */
async function tenThousandComments(dbUrl) {
  return withClient(dbUrl, async (c) => {
    const { rows } = await c.query(
      `SELECT ta.uuid, ta.empleado_uuid FROM tareas_asignadas ta WHERE NOT ta.archivada ORDER BY ta.fecha_asignacion DESC LIMIT 1`,
    );
    const { uuid, empleado_uuid } = rows[0];
    await c.query(
      `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto, fecha_creacion, updated_at)
       SELECT $1, $2, 'Comentario ' || g, now() - make_interval(secs => 10000 - g), now() - make_interval(secs => 10000 - g)
       FROM generate_series(1, 10000 - (SELECT count(*)::int FROM comentarios WHERE tarea_asignada_uuid = $1)) g`,
      [uuid, empleado_uuid],
    );
    await c.query('ANALYZE comentarios');
    return uuid;
  });
}

/**
 * A recording instance of the API (bench/lib/sql-recorder.cjs preloaded) answers each scenario
 * once warm: its statements become the scenario's baseline. Writes them for the baseline server
 * and returns { scenarios, recorded, file, boardCards }.
 */
export async function recordScenarios(ctx) {
  const sqlLog = join(workDir, 'sql.jsonl');
  writeFileSync(sqlLog, '');
  const recPort = await freePort();
  const rec = await startServer(
    [join(apiDir, 'dist', 'main.js')],
    apiEnv(ctx.db.url, recPort, {
      NODE_OPTIONS: `--require ${join(benchDir, 'lib', 'sql-recorder.cjs')}`,
      BENCH_SQL_LOG: sqlLog,
      BENCH_API_DIR: apiDir,
    }),
    `http://127.0.0.1:${recPort}/api/health`,
    'API (grabación)',
  );
  const recBase = `http://127.0.0.1:${recPort}`;
  const tokens = { admin: await login(recBase, 'admin'), sup: await login(recBase, 'supervisor1') };
  const deepPage = async (path) => {
    const body = await (await api(recBase, tokens.admin, path)).json();
    return Math.max(1, Math.min(500, body.totalPages ?? body.meta?.totalPages ?? 1));
  };
  const month = `start_date=${ctx.ids.month.start}&end_date=${ctx.ids.month.end}`;
  const scenarios = scenarioList(ctx.ids, {
    users: await deepPage('/api/users?page=1'),
    tasks: await deepPage('/api/tasks?page=1'),
    schedules: await deepPage('/api/scheduled-task?page=1'),
    reports: await deepPage('/api/reports?page=1'),
    reportsMonth: await deepPage(`/api/reports?page=1&${month}`),
    commented: await tenThousandComments(ctx.db.url),
    assets: await deepPage('/api/assets?page=1'),
  });
  const recorded = {};
  for (const s of scenarios) {
    const token = tokens[s.who];
    const first = await api(recBase, token, s.path);
    if (first.status !== 200) throw new Error(`${s.path}: ${first.status} ${await first.text()}`);
    s.bodyBytes = (await first.arrayBuffer()).byteLength;
    await sleep(100);
    const before = statSync(sqlLog).size;
    const res = await api(recBase, token, s.path);
    await res.arrayBuffer();
    await sleep(150);
    // `before` counts bytes: slice the bytes, not the decoded text (a statement may hold accents).
    const lines = readFileSync(sqlLog)
      .subarray(before)
      .toString('utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    recorded[s.key] = lines;
    log(`SQL de ${s.key}: ${lines.length} sentencias, respuesta de ${s.bodyBytes} bytes`);
  }
  const cards = await boardCards(recBase, tokens.sup, ctx.ids);
  await stopServer(rec.child);
  const file = join(workDir, 'scenarios.json');
  writeFileSync(file, JSON.stringify(recorded, null, 1));
  return { scenarios, recorded, file, boardCards: cards };
}

/** How many cards supervisor1's board answers. */
export async function boardCards(base, supToken, ids) {
  return (await (await api(base, supToken, boardPath(ids))).json()).length;
}

/** The plans of the searches' LIKE statements: at this size, and when a scan is not an option. */
async function explainSearches(dbUrl, scenarios, recorded) {
  return withClient(dbUrl, async (c) => {
    const out = {};
    for (const s of scenarios.filter((x) => x.search)) {
      for (const st of recorded[s.key].filter((x) => /LIKE/i.test(x.text))) {
        const plan = (await c.query(`EXPLAIN ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
        await c.query('BEGIN');
        await c.query('SET LOCAL enable_seqscan = off');
        const forced = (await c.query(`EXPLAIN ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']).join('\n');
        await c.query('ROLLBACK');
        const idx = (p) => [...p.matchAll(/Bitmap Index Scan on (\S*trgm\S*)/g)].map((m) => m[1]);
        (out[s.key] ??= []).push({
          sql: st.text.replace(/\s+/g, ' ').slice(0, 300),
          planIndexes: idx(plan),
          usableIndexes: idx(forced),
          plan,
          forced,
        });
      }
    }
    return out;
  });
}

/** Waits (up to 120 s) until no other statement is running on the database. */
async function quietDatabase(dbUrl) {
  await withClient(dbUrl, async (c) => {
    for (let i = 0; i < 240; i++) {
      const { rows } = await c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      if (rows[0].n === 0) return;
      await sleep(500);
    }
    log('Aviso: la base siguió ocupada 120 s antes de la medición de a una petición');
  });
}

/** Figures 1 and 2, once the baseline server (`ctx.baseUrl`) and the API (`ctx.apiBase`) are up. */
export async function httpFigures(ctx, { scenarios: all, recorded }, { floorOnly = false } = {}) {
  const scenarios = floorOnly ? all.filter((s) => FLOOR_KEYS.includes(s.key)) : all;
  // Trigram indexes behind the searches: the plan at this size, and the plan when a scan is not an option.
  const explains = await explainSearches(ctx.db.url, scenarios, recorded);
  const http = {};
  for (const s of scenarios) {
    const token = s.who === 'sup' ? ctx.supToken : ctx.adminToken;
    const { api: a, baseline: b } = await compare(
      `${ctx.apiBase}${s.path}`,
      { authorization: `Bearer ${token}` },
      `${ctx.baseUrl}/s/${s.key}`,
    );
    // Statements of the loaded run that outlived their clients would stand in the probe's way.
    await quietDatabase(ctx.db.url);
    const one = await probe(`${ctx.apiBase}${s.path}`, { authorization: `Bearer ${token}` });
    http[s.key] = { api: a, baseline: b, one, path: s.path, statements: recorded[s.key].length, bodyBytes: s.bodyBytes };
    log(
      `${s.key}: API ${a.rps.toFixed(1)} req/s p99 ${a.p99Ms} ms | baseline ${b.rps.toFixed(1)} req/s p99 ${b.p99Ms} ms | one at a time p95 ${one.p95Ms.toFixed(1)} ms`,
    );
  }
  details.http = http;
  details.explains = explains;
  if (!floorOnly) generalFigures(http, scenarios, explains);
  assetFigures(scenarios, http, explains);
  details.downtimePlans = await explainRecorded(
    ctx.db.url,
    recorded,
    ['downtime_month', 'downtime_year', 'downtime_area'],
    /equipo_estados/,
  );
  timeFigures(http);
  details.timePlans = await explainRecorded(
    ctx.db.url,
    recorded,
    ['time_person_month', 'timesheet_week', 'hours_month', 'hours_area', 'flow_month'],
    /intervalos_tiempo|historial_tareas_asignadas|primer_cambio_estado/,
  );
}

/** The scenarios of the machines (issue 33) and of time on task (issue 35): `npm run bench -- floor`. */
const FLOOR_KEYS = [
  'asset_page',
  'assets_p1',
  'assets_deep',
  'assets_search',
  'downtime_month',
  'downtime_year',
  'downtime_area',
  'time_person_month',
  'timesheet_week',
  'hours_month',
  'hours_area',
  'flow_month',
];

/** Figures 1 and 2: the board, the paged lists and their searches, the comments, the report charts. */
function generalFigures(http, scenarios, explains) {
  const b = http.board;
  figure({
    target: 1,
    name: `Board (${ctx.boardCards} cards, each with its checklist progress) req/s`,
    value: b.api.rps,
    unit: 'req/s',
    baseline: b.baseline.rps,
    ratio: { value: b.api.rps / b.baseline.rps, op: '>=', limit: 0.9 },
    bound: { what: 'p95 one at a time', value: b.one.p95Ms, op: '<=', limit: 250, unit: 'ms' },
  });
  figure({
    target: 1,
    name: 'Board p99 latency at 10 connections',
    value: b.api.p99Ms,
    unit: 'ms',
    baseline: b.baseline.p99Ms,
    ratio: { value: b.api.p99Ms / b.baseline.p99Ms, op: '<=', limit: 1.3 },
    bound: { what: 'p99 one at a time', value: b.one.p99Ms, op: '<=', limit: 300 },
  });
  const lists = [
    { res: 'users', p95: LIST_P95_MS, search: true },
    { res: 'tasks', p95: LIST_P95_MS, search: true },
    { res: 'schedules', p95: LIST_P95_MS, search: false },
    { res: 'reports', p95: REPORTS_P95_MS, search: true },
    { res: 'reports_month', p95: REPORTS_P95_MS, search: false, label: 'reports (current month)' },
  ];
  for (const { res, p95, search, label: name = res } of lists) {
    const page = scenarios.find((s) => s.key === `${res}_deep`).page;
    for (const v of ['p1', 'deep', ...(search ? ['search'] : [])]) {
      const h = http[`${res}_${v}`];
      const label = v === 'p1' ? 'page 1' : v === 'deep' ? `page ${page}` : 'search';
      figure({
        target: 2,
        name: `${name} ${label} mean latency vs raw pg`,
        value: h.api.meanMs,
        unit: 'ms',
        baseline: h.baseline.meanMs,
        ratio: { value: h.api.meanMs / h.baseline.meanMs, op: '<=', limit: 1.3 },
        bound: { what: 'p95 one at a time', value: h.one.p95Ms, op: '<=', limit: p95 },
      });
    }
    const p1 = http[`${res}_p1`].api;
    const deep = http[`${res}_deep`].api;
    const deepOne = http[`${res}_deep`].one;
    figure({
      target: 2,
      name: `${name} page ${page} vs page 1`,
      value: deep.meanMs,
      unit: 'ms',
      baseline: p1.meanMs,
      ratio: { value: deep.meanMs / p1.meanMs, op: '<=', limit: 1.3 },
      bound: { what: 'p95 one at a time', value: deepOne.p95Ms, op: '<=', limit: p95 },
      note: page < 500 ? `only ${page} pages at this size` : null,
    });
    if (!search) continue;
    // The plan the API's own statements get, with their own values, must reach the trigram index
    // (a LIMITed page may rightly walk the ORDER BY index: one statement using it is enough).
    const ex = explains[`${res}_search`] ?? [];
    const chosen = [...new Set(ex.flatMap((e) => e.planIndexes))];
    check({
      target: 2,
      name: `${name} accent-insensitive search uses a trigram index`,
      pass: chosen.length > 0,
      goal: 'in the plan the API runs',
      note: `plan: ${chosen.length ? chosen.join(', ') : 'no trigram index'}; usable when forced: ${[...new Set(ex.flatMap((e) => e.usableIndexes))].join(', ') || 'none'}`,
    });
  }
  const c = http.comments;
  figure({
    target: 2,
    name: 'Comments: first page of a task with 10,000, mean latency vs raw pg',
    value: c.api.meanMs,
    unit: 'ms',
    baseline: c.baseline.meanMs,
    ratio: { value: c.api.meanMs / c.baseline.meanMs, op: '<=', limit: 1.3 },
    bound: { what: 'p95 one at a time', value: c.one.p95Ms, op: '<=', limit: LIST_P95_MS },
  });
  for (const [key, name] of [
    ['stats_month', 'Report charts (current month)'],
    ['stats_all', 'Report charts (no date filter)'],
  ]) {
    const h = http[key];
    figure({
      target: 2,
      name: `${name} mean latency vs raw pg`,
      value: h.api.meanMs,
      unit: 'ms',
      baseline: h.baseline.meanMs,
      ratio: { value: h.api.meanMs / h.baseline.meanMs, op: '<=', limit: 1.3 },
      bound: { what: 'p95 one at a time', value: h.one.p95Ms, op: '<=', limit: STATS_P95_MS },
      note: h.api.requests ? null : 'no answer came back within a run at 10 connections',
    });
  }
}

/**
 * Issue 33 §6: the machine's page one at a time, the catalog's pages and search, the downtime
 * report (the screen's month, a whole year sorted by MTBF, one area as its supervisor); each
 * with its absolute bound beside the ratio to the same SQL on raw pg.
 */
function assetFigures(scenarios, http, explains) {
  const ex = explains.assets_search ?? [];
  const chosen = [...new Set(ex.flatMap((e) => e.planIndexes))];
  check({
    target: 10,
    name: 'Machines catalog accent-insensitive search uses a trigram index',
    pass: chosen.length > 0,
    goal: 'in the plan the API runs',
    note: `plan: ${chosen.length ? chosen.join(', ') : 'no trigram index'}`,
  });
  const deepPage = scenarios.find((s) => s.key === 'assets_deep').page;
  const rows = [
    ['asset_page', `Machine page (${BENCH_MACHINE}, with its 90-day timeline)`, ASSET_PAGE_P95_MS],
    ['assets_p1', 'Machines catalog page 1', LIST_P95_MS],
    ['assets_deep', `Machines catalog page ${deepPage}`, LIST_P95_MS],
    ['assets_search', 'Machines catalog search', LIST_P95_MS],
    ['downtime_month', 'Downtime report, current month, every machine', DOWNTIME_P95_MS],
    ['downtime_year', 'Downtime report, the last year, sorted by MTBF', DOWNTIME_YEAR_P95_MS],
    ['downtime_area', 'Downtime report, current month, one area (supervisor)', DOWNTIME_P95_MS],
  ];
  latencyFigures(http, 10, rows);
}

/**
 * Issue 35 §4 (ten intervals per assigned task): a person's month of entries as a supervisor reads
 * it, their week, the hours report (the screen's month, every area and one area) and the lead and
 * cycle time; each with its absolute bound beside the ratio to the same SQL on raw pg.
 */
function timeFigures(http) {
  const rows = [
    ['time_person_month', 'Time entries: a person’s last month (page of 100 and the total)', PERSON_MONTH_P95_MS],
    ['timesheet_week', 'Timesheet: a person’s week by task and day', PERSON_MONTH_P95_MS],
    ['hours_month', 'Hours report and charts, current month, every area', HOURS_P95_MS],
    ['hours_area', 'Hours report and charts, current month, one area (supervisor)', HOURS_P95_MS],
    ['flow_month', 'Lead and cycle time, current month, every area', HOURS_P95_MS],
  ];
  latencyFigures(http, 12, rows);
}

/**
 * EXPLAIN ANALYZE of the recorded statements of the scenarios `keys` whose text matches `pattern`,
 * for the JSON: the time reports' (intervals, history, first status change) and the downtime
 * report's (the state intervals: its figures and the page's chart).
 */
async function explainRecorded(dbUrl, recorded, keys, pattern) {
  return withClient(dbUrl, async (c) => {
    const out = {};
    for (const key of keys) {
      out[key] = [];
      for (const st of (recorded[key] ?? []).filter((x) => pattern.test(x.text))) {
        const plan = (await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${st.text}`, st.values)).rows.map((r) => r['QUERY PLAN']);
        out[key].push({ sql: st.text.replace(/\s+/g, ' ').slice(0, 200), plan: plan.join('\n') });
      }
    }
    return out;
  });
}

/** One figure per `[key, name, p95 bound]`: mean latency against raw pg, with its absolute p95 bound. */
function latencyFigures(http, target, rows) {
  for (const [key, name, p95] of rows) {
    const h = http[key];
    figure({
      target,
      name: `${name} mean latency vs raw pg`,
      value: h.api.meanMs,
      unit: 'ms',
      baseline: h.baseline.meanMs,
      ratio: { value: h.api.meanMs / h.baseline.meanMs, op: '<=', limit: 1.3 },
      bound: { what: 'p95 one at a time', value: h.one.p95Ms, op: '<=', limit: p95 },
    });
  }
}
