// Targets 1 and 2: the board and the paginated lists against a Fastify + pg
// baseline that replays the exact SQL the API sent for each scenario, and the
// trigram indexes behind the searches.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/database.mjs';
import { api, compare, login } from '../lib/http.mjs';
import { apiEnv, startServer, stopServer } from '../lib/processes.mjs';
import { details, figure, figures } from '../lib/results.mjs';
import { withClient } from '../../scripts/lib/database.mjs';
import { apiDir, benchDir, log, sleep, workDir } from '../lib/settings.mjs';

/** The board and three lists (users, tasks, reports) at page 1, a deep page and a search. */
function scenarioList(ids, deep) {
  return [
    { key: 'board', target: 1, who: 'sup', path: `/api/assigned-tasks/${ids.sup}?area=${ids.supAreas.join(',')}` },
    { key: 'users_p1', target: 2, who: 'admin', path: '/api/users?page=1' },
    { key: 'users_deep', target: 2, who: 'admin', path: `/api/users?page=${deep.users}`, page: deep.users },
    { key: 'users_search', target: 2, who: 'admin', path: '/api/users?nombre=jose', search: true },
    { key: 'tasks_p1', target: 2, who: 'admin', path: '/api/tasks?page=1' },
    { key: 'tasks_deep', target: 2, who: 'admin', path: `/api/tasks?page=${deep.tasks}`, page: deep.tasks },
    { key: 'tasks_search', target: 2, who: 'admin', path: '/api/tasks?titulo=revision', search: true },
    { key: 'reports_p1', target: 2, who: 'admin', path: '/api/reports?page=1' },
    { key: 'reports_deep', target: 2, who: 'admin', path: `/api/reports?page=${deep.reports}`, page: deep.reports },
    { key: 'reports_search', target: 2, who: 'admin', path: '/api/reports?title=inspeccion', search: true },
  ];
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
  const scenarios = scenarioList(ctx.ids, {
    users: await deepPage('/api/users?page=1'),
    tasks: await deepPage('/api/tasks?page=1'),
    reports: await deepPage('/api/reports?page=1'),
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
  return (await (await api(base, supToken, scenarioList(ids, {})[0].path)).json()).length;
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

/** Figures 1 and 2, once the baseline server (`ctx.baseUrl`) and the API (`ctx.apiBase`) are up. */
export async function httpFigures(ctx, { scenarios, recorded }) {
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
    http[s.key] = { api: a, baseline: b, path: s.path, statements: recorded[s.key].length, bodyBytes: s.bodyBytes };
    log(
      `${s.key}: API ${a.rps.toFixed(1)} req/s p99 ${a.p99Ms} ms | baseline ${b.rps.toFixed(1)} req/s p99 ${b.p99Ms} ms`,
    );
  }
  details.http = http;
  details.explains = explains;
  const b = http.board;
  figure(
    1,
    `Board (${ctx.boardCards} cards, each with its checklist progress) req/s`,
    b.api.rps,
    b.baseline.rps,
    b.api.rps / b.baseline.rps,
    '>=',
    0.7,
    'req/s',
  );
  figure(1, 'Board p99 latency', b.api.p99Ms, b.baseline.p99Ms, b.api.p99Ms / b.baseline.p99Ms, '<=', 1.5, 'ms');
  for (const res of ['users', 'tasks', 'reports']) {
    const page = scenarios.find((s) => s.key === `${res}_deep`).page;
    for (const v of ['p1', 'deep', 'search']) {
      const h = http[`${res}_${v}`];
      const label = v === 'p1' ? 'page 1' : v === 'deep' ? `page ${page}` : 'search';
      figure(
        2,
        `${res} ${label} mean latency vs raw pg`,
        h.api.meanMs,
        h.baseline.meanMs,
        h.api.meanMs / h.baseline.meanMs,
        '<=',
        1.3,
        'ms',
      );
    }
    const p1 = http[`${res}_p1`].api.meanMs;
    const deep = http[`${res}_deep`].api.meanMs;
    figure(
      2,
      `${res} page ${page} vs page 1`,
      deep,
      p1,
      deep / p1,
      '<=',
      1.5,
      'ms',
      page < 500 ? `only ${page} pages at this size` : undefined,
    );
    const ex = explains[`${res}_search`] ?? [];
    // The statement that filters the whole table (the count) must reach the trigram index; a LIMITed
    // page may rightly walk the ORDER BY index instead and filter as it goes.
    const usable = ex.some((e) => e.usableIndexes.length > 0 || e.planIndexes.length > 0);
    const chosen = ex.flatMap((e) => e.planIndexes);
    figures.push({
      target: 2,
      name: `${res} accent-insensitive search uses a trigram index`,
      value: null,
      baseline: null,
      unit: '',
      ratio: null,
      goal: 'index usable',
      pass: usable,
      note: `${[...new Set(ex.flatMap((e) => e.usableIndexes))].join(', ') || 'none'}; planner at this size: ${chosen.length ? chosen.join(', ') : 'seq scan'}`,
    });
  }
}
