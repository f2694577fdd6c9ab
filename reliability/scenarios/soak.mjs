// A day of load without drift: SOAK_MINUTES (30) of an open-loop mixed load (fixed rates per call
// kind, started on a schedule whatever the answers take) with 200 live streams open the whole
// time, sampling the API's resident memory, open file descriptors and database connections and
// each kind's latency every 10 s. `SOAK_MINUTES=480 npm run reliability -- soak` is the 8-hour run.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { percentile, query, sleep, startApi } from '../lib.mjs';
import { check, log, logDir, root, section } from '../checks.mjs';
import { soakSvg } from '../soak-chart.mjs';

export const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? 30);

/**
 * Drift allowed in a kind's p99: 20 %, or this much for the fastest kinds, where 20 % is a few ms; for the
 * photos and the exports (300 and 150 calls in a 5-minute window, where p99 is the 3rd or 2nd slowest
 * call and one pause of a shared machine moves it) RARE_FLOOR_MS.
 */
const P99_FLOOR_MS = 15;
const RARE_FLOOR_MS = 50;
/** Requests started per second, by kind: 40.5 per second in all, well below what 2 shared cores serve. */
const KINDS = [
  { key: 'board', label: 'tablero', rate: 16, color: '#1f77b4' },
  { key: 'status', label: 'cambio de estado', rate: 7, color: '#ff7f0e' },
  { key: 'comment', label: 'comentario', rate: 6, color: '#2ca02c' },
  { key: 'create', label: 'tarea nueva', rate: 2, color: '#d62728' },
  { key: 'photo', label: 'foto', rate: 1, color: '#9467bd', floorMs: RARE_FLOOR_MS },
  { key: 'page', label: 'página de comentarios', rate: 8, color: '#8c564b' },
  { key: 'export', label: 'exportación XLSX', rate: 0.5, color: '#e377c2', floorMs: RARE_FLOOR_MS },
];
const STREAMS = 200;
const STREAM_SESSIONS = ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz'].flatMap((u) => [u, u, u, u]);
const SAMPLE_MS = 10_000;
/** Tasks whose status and comments the load changes (operario's, in Carpintería). */
const OWN_TASKS = 60;
/** Finished and archived tasks in Carpintería: the report export's rows with OWN_TASKS and the demo's. */
const ARCHIVED_TASKS = 300;
/** Comments of the task whose comments are paged, and how deep a reader pages before starting over. */
const PAGED_COMMENTS = 2000;
const PAGE_DEPTH = 10;
/** Attachments an assigned task takes (ATTACHMENTS_MAX_PER_TASK). */
const PHOTOS_PER_TASK = 20;
const CALL_TIMEOUT_MS = 30_000;
/** A kind with this many calls still unanswered skips the next one (counted as an error). */
const MAX_IN_FLIGHT = 200;
const RSS_GROWTH_MAX = 0.1;
/** Descriptors other than client connections: the pool's sockets come and go (10), image worker pipes. */
const FD_SPREAD_MAX = 15;
const FD_DRIFT_MAX = 5;
const CONN_DRIFT_MAX = 2;
const POOL_SIZE = 10;
/** The pool, the events' LISTEN connection and the job runner's (pg-boss `max: 4`). */
const CONN_MAX = POOL_SIZE + 1 + 4;

const dueDate = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
const kb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const fdCount = (pid) => readdirSync(`/proc/${pid}/fd`).length;
/** CPU seconds (user + system) the process has used. */
const cpuSeconds = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
/**
 * The API's inbound TCP connections (the streams and the load's keep-alive connections, which
 * follow how many calls are in flight) and the bytes the kernel holds unsent on them (a stream
 * whose reader lags shows there first).
 */
const inbound = (port) => {
  try {
    const lines = execFileSync('ss', ['-tnH', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim());
    return { n: lines.length, sendQ: lines.reduce((a, l) => a + (Number(l.trim().split(/\s+/)[1]) || 0), 0) };
  } catch {
    return { n: 0, sendQ: 0 };
  }
};
const median = (xs) => percentile(xs, 50);
const round = (n, d = 0) => (n == null ? null : Number(n.toFixed(d)));

/** One call: status, latency, parsed JSON (or the byte length of anything else). Never throws. */
async function call(base, method, path, { token, body, form, headers = {}, timeoutMs = CALL_TIMEOUT_MS } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  if (body !== undefined) h['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: h,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    let json = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(buf.toString('utf8'));
      } catch {
        json = null;
      }
    }
    return { status: res.status, body: json, bytes: buf.length, ms: performance.now() - started };
  } catch (err) {
    return { status: 0, body: String(err?.cause?.code ?? err?.name ?? err), bytes: 0, ms: performance.now() - started };
  }
}

/** A session as a client that is not a browser keeps it: access token, refresh token, expiry. */
async function signIn(base, username) {
  const r = await call(base, 'POST', '/api/auth/login', {
    body: { username, password: 'demo1234' },
    headers: { 'X-Refresh-Token': 'body' },
  });
  if (r.status !== 200 || !r.body?.refreshToken)
    throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
  return { username, token: r.body.token, refreshToken: r.body.refreshToken, exp: tokenExp(r.body.token) };
}
const tokenExp = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;

/** A small real photo (640 x 480 JPEG, about 40 kB), made once with the API's own sharp. */
async function makePhoto() {
  const sharp = createRequire(join(root, 'apps', 'api', 'package.json'))('sharp');
  const w = 640;
  const h = 480;
  const px = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let i = 0; i < px.length; i += 3) {
    const p = i / 3;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    px[i] = ((p % w) * 255) / w;
    px[i + 1] = (Math.floor(p / w) * 255) / h;
    px[i + 2] = seed & 0x3f;
  }
  return sharp(px, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function fixtures(url, photoTasks) {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS carp, (SELECT uuid FROM areas WHERE nombre = 'Tapicería') AS tap,
            (SELECT uuid FROM areas WHERE nombre = 'Logística') AS log,
            (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo, (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario,
            (SELECT uuid FROM usuarios WHERE username = 'mlopez') AS mlopez, (SELECT uuid FROM usuarios WHERE username = 'jruiz') AS jruiz,
            (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin, (SELECT uuid FROM usuarios WHERE username = 'supervisor') AS supervisor`,
  );
  const statuses = await query(url, 'SELECT uuid, categoria FROM estados ORDER BY "order"');
  const assigned = (n, area, who, title) =>
    query(
      url,
      `WITH t AS (
         INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
         SELECT $7 || ' ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
       ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, $5 FROM t)
       INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
       SELECT uuid, $5, $6, current_date + 1, $3 FROM t RETURNING uuid`,
      [ids.tipo, area, ids.admin, n, who, statuses[0].uuid, title],
    ).then((rows) => rows.map((r) => r.uuid));
  const own = await assigned(OWN_TASKS, ids.carp, ids.operario, 'Prueba larga');
  const [paged] = await assigned(1, ids.carp, ids.operario, 'Prueba larga con muchos comentarios');
  await query(
    url,
    `INSERT INTO comentarios (tarea_asignada_uuid, usuario_uuid, texto, fecha_creacion)
     SELECT $1, CASE WHEN g % 2 = 0 THEN $2::uuid ELSE $3::uuid END, 'Comentario anterior ' || g, now() - g * interval '1 minute'
     FROM generate_series(1, $4) g`,
    [paged, ids.operario, ids.supervisor, PAGED_COMMENTS],
  );
  const archived = await assigned(ARCHIVED_TASKS, ids.carp, ids.operario, 'Prueba larga terminada');
  const done = statuses.find((s) => s.categoria === 'completada') ?? statuses.at(-1);
  await query(
    url,
    `UPDATE tareas_asignadas SET estado_uuid = $2, archivada = true, fecha_completada = now() - interval '3 days',
            fecha_archivado = now() - interval '2 days', fecha_asignacion = now() - interval '5 days', calificacion = 4
     WHERE uuid = ANY($1)`,
    [archived, done.uuid],
  );
  const photos = await assigned(photoTasks, ids.log, ids.jruiz, 'Prueba larga con fotos');
  return { ids, statuses: statuses.map((s) => s.uuid), own, paged, photos };
}

/** Rows the load writes, for the reconciliation at the end. */
async function counts(url, own) {
  const [r] = await query(
    url,
    `SELECT (SELECT count(*)::int FROM comentarios) AS comentarios, (SELECT count(*)::int FROM tareas) AS tareas,
            (SELECT count(*)::int FROM adjuntos) AS adjuntos,
            (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'estado' AND tarea_asignada_uuid = ANY($1)) AS estados`,
    [own],
  );
  return r;
}
const presentIn = async (url, table, uuids) =>
  uuids.length ? (await query(url, `SELECT count(*)::int AS n FROM ${table} WHERE uuid = ANY($1)`, [uuids]))[0].n : 0;

/**
 * The live streams: each opened as the browser does (a ticket, then GET /api/events?ticket=),
 * counted while open, and reopened by the client with a fresh token before the one it was
 * opened with expires (the server ends a stream at that moment), at a random time so that
 * the reopenings spread. A stream that ends otherwise is a drop: counted and reopened.
 */
function streamPool(api, sessions, stats) {
  const streams = [];
  let stopping = false;
  const open = (s) =>
    new Promise((resolve) => {
      const session = s.session;
      void call(api.base, 'POST', '/api/events/ticket', { token: session.token }).then((t) => {
        if (t.status !== 200) {
          stats.ticketErrors++;
          if (stats.samples.length < 5)
            stats.samples.push(`ticket -> ${t.status} ${JSON.stringify(t.body).slice(0, 120)}`);
          return resolve(false);
        }
        let buffer = '';
        let ready = false;
        const req = http.get(
          {
            host: '127.0.0.1',
            port: api.port,
            agent: false,
            path: `/api/events?ticket=${encodeURIComponent(t.body.ticket)}`,
          },
          (res) => {
            if (res.statusCode !== 200) {
              stats.openErrors++;
              res.resume();
              return resolve(false);
            }
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              buffer += chunk;
              let cut;
              while ((cut = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, cut);
                buffer = buffer.slice(cut + 2);
                const type = /^event: (.*)$/m.exec(block)?.[1];
                if (!type) continue;
                if (type !== 'ready') {
                  stats.events++;
                  continue;
                }
                ready = true;
                stats.open++;
                // Reopened by the client between 9 and 1 minutes before the token's expiry.
                const exp = session.exp;
                const from = Math.max(Date.now() + 60_000, exp - 9 * 60_000);
                const at = from + Math.random() * Math.max(0, exp - 60_000 - from);
                s.timer = setTimeout(() => {
                  s.rotating = true;
                  stats.rotations++;
                  req.destroy();
                }, at - Date.now());
                s.timer.unref();
                resolve(true);
              }
            });
            res.on('close', () => {
              clearTimeout(s.timer);
              if (!ready) return resolve(false);
              stats.open--;
              if (s.req !== req) return;
              s.req = null;
              if (stopping) return;
              const asked = s.rotating;
              s.rotating = false;
              if (!asked) {
                stats.drops++;
                if (stats.samples.length < 5)
                  stats.samples.push(`flujo de ${session.username} cerrado por el servidor`);
              }
              setTimeout(() => void reopen(s), asked ? 0 : 1000).unref();
            });
          },
        );
        req.on('error', () => resolve(false));
        s.req = req;
      });
    });
  const reopen = async (s) => {
    for (let attempt = 0; !stopping; attempt++) {
      if (await open(s)) return;
      await sleep(Math.min(10_000, 500 * 2 ** attempt));
    }
  };
  return {
    async start() {
      for (let i = 0; i < STREAMS; i++) {
        const s = { session: sessions[i % sessions.length], req: null, timer: null, rotating: false };
        streams.push(s);
        await reopen(s);
        if (i % 10 === 9) await sleep(200);
      }
    },
    stop() {
      stopping = true;
      for (const s of streams) {
        clearTimeout(s.timer);
        s.req?.destroy();
      }
    },
  };
}

export default async function soak({ cluster }) {
  const minutes = SOAK_MINUTES;
  const warmupMin = Math.min(5, minutes / 4);
  const windowMin = Math.min(5, (minutes - warmupMin) / 2);
  const base = [warmupMin, warmupMin + windowMin];
  const end = [minutes - windowMin, minutes];
  log(
    `Prueba larga: ${minutes} min de carga a ritmo fijo (${KINDS.map((k) => `${k.label} ${k.rate}/s`).join(', ')}) con ${STREAMS} flujos de eventos abiertos`,
  );
  const db = 'rel_soak';
  const url = cluster.url(db);
  await cluster.createDatabase(db);
  const uploads = join(root, '.data', 'reliability-soak-uploads');
  rmSync(uploads, { recursive: true, force: true });
  const api = await startApi(root, {
    databaseUrl: url,
    // A day as in production: the job runner (scheduled tasks, reminders, sweeps) runs in the process.
    env: { UPLOADS_DIR: uploads, SCHEDULER_ENABLED: 'true', DB_POOL_SIZE: String(POOL_SIZE) },
    logDir,
    name: 'api-soak',
  });
  const pid = api.child.pid;
  try {
    await api.waitHealthy(120_000);
    const photoRate = KINDS.find((k) => k.key === 'photo').rate;
    const fx = await fixtures(url, Math.ceil((minutes * 60 * photoRate) / PHOTOS_PER_TASK) + 5);
    const photo = await makePhoto();
    const before = await counts(url, fx.own);

    // Sessions: one per person for the load, four per person for the streams; refreshed before they expire.
    const load = {};
    for (const u of ['admin', 'supervisor', 'operario', 'jruiz']) load[u] = await signIn(api.base, u);
    const streamSessions = [];
    for (const u of STREAM_SESSIONS) streamSessions.push(await signIn(api.base, u));
    const refreshStats = { ok: 0, errors: 0 };
    const refresh = async (s) => {
      const r = await call(api.base, 'POST', '/api/auth/refresh-token', { body: { refreshToken: s.refreshToken } });
      if (r.status !== 200 || !r.body?.refreshToken) {
        refreshStats.errors++;
        return;
      }
      refreshStats.ok++;
      s.token = r.body.token;
      s.refreshToken = r.body.refreshToken;
      s.exp = tokenExp(r.body.token);
    };
    let refreshing = false;
    const refresher = setInterval(() => {
      if (refreshing) return;
      refreshing = true;
      void (async () => {
        for (const s of [...Object.values(load), ...streamSessions])
          if (s.exp - Date.now() < 6 * 60_000) await refresh(s);
      })().finally(() => (refreshing = false));
    }, 15_000);

    const streamStats = { open: 0, events: 0, drops: 0, rotations: 0, ticketErrors: 0, openErrors: 0, samples: [] };
    const pool = streamPool(api, streamSessions, streamStats);
    const t0Streams = Date.now();
    await pool.start();
    log(`Prueba larga: ${streamStats.open} flujos abiertos en ${((Date.now() - t0Streams) / 1000).toFixed(0)} s`);

    // Per kind: start time (ms since the load began) and latency of every answered call.
    const stats = Object.fromEntries(
      KINDS.map((k) => [
        k.key,
        { at: [], ms: [], ok: 0, errors: 0, unknown: 0, skipped: 0, inFlight: 0, lagMax: 0, samples: [] },
      ]),
    );
    const acked = { comment: [], create: [], photo: [] };
    const ownState = fx.own.map(() => ({ idx: 0, busy: false, unsure: false }));
    let ownNext = 0;
    let photoNext = 0;
    let pageAt = { antes: null, depth: 0 };
    let rotate = 0;
    const users3 = ['operario', 'supervisor', 'admin'];
    const creators = ['supervisor', 'admin'];

    /** What each kind does once; resolves to the call's result (and records what was acknowledged). */
    const actions = {
      board: () =>
        call(api.base, 'GET', `/api/assigned-tasks/${fx.ids.operario}`, { token: load[users3[rotate++ % 3]].token }),
      status: async () => {
        let i = -1;
        for (let k = 0; k < fx.own.length; k++) {
          const j = (ownNext + k) % fx.own.length;
          if (!ownState[j].busy && !ownState[j].unsure) {
            i = j;
            break;
          }
        }
        ownNext = (i + 1) % fx.own.length;
        if (i < 0) return { status: -1, body: 'ninguna tarea libre', ms: 0 };
        const st = ownState[i];
        st.busy = true;
        const next = (st.idx + 1) % fx.statuses.length;
        const r = await call(api.base, 'PUT', `/api/assigned-tasks/${fx.own[i]}`, {
          token: load[users3[rotate++ % 3]].token,
          body: { estado_uuid: fx.statuses[next] },
        });
        st.busy = false;
        if (r.status === 200) st.idx = next;
        if (r.status === 0) st.unsure = true;
        return r;
      },
      comment: async () => {
        const who = users3[rotate++ % 3];
        const r = await call(api.base, 'POST', `/api/assigned-tasks/${fx.own[rotate % fx.own.length]}/comments`, {
          token: load[who].token,
          body: { texto: `Comentario de ${who} ${Date.now()}` },
        });
        if (r.status === 201) acked.comment.push(r.body.uuid);
        return r;
      },
      create: async () => {
        const who = creators[rotate++ % 2];
        const r = await call(api.base, 'POST', '/api/tasks', {
          token: load[who].token,
          body: {
            titulo: `Prueba larga ${who} ${Date.now()}`,
            descripcion: 'Tarea creada por la prueba larga',
            tipo_tarea_uuid: fx.ids.tipo,
            area_uuid: fx.ids.tap,
            usuarios_asignados: [fx.ids.mlopez],
            fecha_vencimiento: dueDate(),
          },
        });
        if (r.status === 201) acked.create.push(r.body.uuid);
        return r;
      },
      photo: async () => {
        const n = photoNext++;
        const task = fx.photos[Math.floor(n / PHOTOS_PER_TASK)];
        const form = new FormData();
        form.append('archivo', new Blob([photo], { type: 'image/jpeg' }), `foto-${n}.jpg`);
        const r = await call(api.base, 'POST', `/api/assigned-tasks/${task}/attachments`, {
          token: load.jruiz.token,
          form,
        });
        if (r.status === 201) acked.photo.push(r.body.uuid);
        return r;
      },
      page: async () => {
        const from = pageAt;
        const q = from.antes ? `?antes=${from.antes}` : '';
        const r = await call(api.base, 'GET', `/api/assigned-tasks/${fx.paged}/comments${q}`, {
          token: load.supervisor.token,
        });
        if (r.status === 200 && pageAt === from) {
          const last = r.body.data.at(-1);
          pageAt =
            r.body.hay_mas && last && from.depth + 1 < PAGE_DEPTH
              ? { antes: last.uuid, depth: from.depth + 1 }
              : { antes: null, depth: 0 };
        }
        return r;
      },
      // What the reports page's "Exportar XLSX" does: one GET with the filters, the file in the answer.
      export: () =>
        call(api.base, 'GET', `/api/reports/xlsx?area_uuids=${fx.ids.carp}`, {
          token: load.admin.token,
          headers: { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    };
    const expected = { board: 200, status: 200, comment: 201, create: 201, photo: 201, page: 200, export: 200 };

    // The open loop: each kind starts its calls on its own schedule (phases spread), never waiting for answers.
    const t0 = Date.now();
    const stopAt = t0 + minutes * 60_000;
    const running = new Set();
    const pace = async (kind, k) => {
      const st = stats[kind.key];
      const period = 1000 / kind.rate;
      const phase = (k / KINDS.length) * Math.min(period, 1000);
      for (let i = 0; ; i++) {
        const due = t0 + phase + i * period;
        if (due >= stopAt) return;
        const wait = due - Date.now();
        if (wait > 0) await sleep(wait);
        st.lagMax = Math.max(st.lagMax, Date.now() - due);
        if (st.inFlight >= MAX_IN_FLIGHT) {
          st.skipped++;
          st.errors++;
          continue;
        }
        st.inFlight++;
        const started = Date.now() - t0;
        const p = actions[kind.key]().then((r) => {
          st.inFlight--;
          if (r.status === -1) {
            st.skipped++;
            return;
          }
          if (r.status === expected[kind.key]) {
            st.ok++;
            st.at.push(started);
            st.ms.push(r.ms);
          } else {
            st.errors++;
            if (r.status === 0) st.unknown++;
            if (st.samples.length < 5) st.samples.push(`${r.status} ${JSON.stringify(r.body).slice(0, 160)}`);
          }
        });
        running.add(p);
        void p.finally(() => running.delete(p));
      }
    };

    // Samples every 10 s: memory, descriptors, connections, CPU, and each kind's p99 over the last minute.
    const samples = [];
    let lastCpu = cpuSeconds(pid);
    let lastAt = Date.now();
    const sample = async () => {
      const now = Date.now();
      const t = (now - t0) / 60_000;
      // Client backends only: autovacuum workers of the database show there too and are not the API's.
      const conns = await query(
        cluster.url('postgres'),
        `SELECT coalesce(application_name, '') AS app, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' GROUP BY 1`,
        [db],
      ).catch(() => []);
      const cpu = cpuSeconds(pid);
      const p99 = {};
      const p50 = {};
      for (const k of KINDS) {
        const st = stats[k.key];
        const from = now - t0 - 60_000;
        const last = [];
        for (let i = st.at.length - 1; i >= 0 && i >= st.at.length - k.rate * 120; i--)
          if (st.at[i] >= from) last.push(st.ms[i]);
        p99[k.key] = last.length ? round(percentile(last, 99), 1) : null;
        p50[k.key] = last.length ? round(percentile(last, 50), 1) : null;
      }
      const fds = fdCount(pid);
      const net = inbound(api.port);
      samples.push({
        t: round(t, 3),
        rssMb: round(kb(pid) / 1024, 1),
        fds,
        inbound: net.n,
        // Files, pipes, the database's sockets, epoll and the like: what a leak of anything but a client connection grows.
        otherFds: fds - net.n,
        dbConns: conns.reduce((a, c) => a + c.n, 0),
        conns: Object.fromEntries(conns.map((c) => [c.app || '(sin nombre)', c.n])),
        cpuPct: round(((cpu - lastCpu) / ((now - lastAt) / 1000)) * 100, 0),
        streams: streamStats.open,
        sendQueueKb: round(net.sendQ / 1024, 0),
        events: streamStats.events,
        inFlight: KINDS.reduce((a, k) => a + stats[k.key].inFlight, 0),
        p50,
        p99,
      });
      lastCpu = cpu;
      lastAt = now;
    };
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    let lastLog = 0;
    const progress = setInterval(() => {
      const s = samples.at(-1);
      if (!s || s.t - lastLog < Math.max(1, minutes / 15)) return;
      lastLog = s.t;
      log(
        `Prueba larga ${s.t.toFixed(1)} min: RSS ${s.rssMb} MB, ${s.fds} descriptores, ${s.dbConns} conexiones, CPU de la API ${s.cpuPct} %, ${s.streams} flujos, p99 ${KINDS.map((k) => `${k.key} ${s.p99[k.key]}`).join(' ')}`,
      );
    }, 5_000);

    await Promise.all(KINDS.map((k, i) => pace(k, i)));
    await Promise.race([Promise.allSettled([...running]), sleep(CALL_TIMEOUT_MS + 5_000)]);
    await sample();
    clearInterval(sampler);
    clearInterval(progress);
    clearInterval(refresher);
    const openAtEnd = streamStats.open;
    pool.stop();

    // Reconciliation: every acknowledged write is in the database.
    const after = await counts(url, fx.own);
    const present = {
      comment: await presentIn(url, 'comentarios', acked.comment),
      create: await presentIn(url, 'tareas', acked.create),
      photo: await presentIn(url, 'adjuntos', acked.photo),
    };
    await api.stop();
    rmSync(uploads, { recursive: true, force: true });

    report({
      minutes,
      warmupMin,
      base,
      end,
      samples,
      stats,
      streamStats,
      openAtEnd,
      refreshStats,
      acked,
      present,
      before,
      after,
    });
  } finally {
    if (api.alive()) await api.stop();
  }
}

function inWindow(st, [from, to]) {
  const out = [];
  for (let i = 0; i < st.at.length; i++) {
    const m = st.at[i] / 60_000;
    if (m >= from && m < to) out.push(st.ms[i]);
  }
  return out;
}

function report(r) {
  const { minutes, warmupMin, base, end, samples, stats, streamStats } = r;
  const after = samples.filter((s) => s.t >= warmupMin);
  const sIn = ([from, to]) => samples.filter((s) => s.t >= from && s.t <= to + 0.5);
  const baseS = sIn(base);
  const endS = sIn(end);
  const med = (xs, f) => median(xs.map(f));

  // Memory: the median RSS of the final window against that of the window right after warm-up. RSS
  // swings by a few hundred MB between collections; the median is the level, the lowest and highest
  // samples and the slope are reported beside it.
  const rssBase = med(baseS, (s) => s.rssMb);
  const rssEnd = med(endS, (s) => s.rssMb);
  const floorBase = Math.min(...baseS.map((s) => s.rssMb));
  const floorEnd = Math.min(...endS.map((s) => s.rssMb));
  const rssGrowth = rssEnd / rssBase - 1;
  const floorGrowth = floorEnd / floorBase - 1;
  const rssMax = Math.max(...after.map((s) => s.rssMb));
  // Slope after warm-up (least squares), MB per hour: what 8 hours would add.
  const slope = (() => {
    const n = after.length;
    if (n < 2) return 0;
    const mx = after.reduce((a, s) => a + s.t, 0) / n;
    const my = after.reduce((a, s) => a + s.rssMb, 0) / n;
    const num = after.reduce((a, s) => a + (s.t - mx) * (s.rssMb - my), 0);
    const den = after.reduce((a, s) => a + (s.t - mx) ** 2, 0);
    return den ? (num / den) * 60 : 0;
  })();
  check(
    'prueba larga: la memoria residente crece menos de 10 % tras el calentamiento',
    rssGrowth < RSS_GROWTH_MAX,
    `mediana ${rssBase} MB en la ventana inicial, ${rssEnd} MB en la final (${(rssGrowth * 100).toFixed(1)} %); mínima ${floorBase} → ${floorEnd} MB (${(floorGrowth * 100).toFixed(1)} %); máxima ${rssMax} MB; pendiente ${slope.toFixed(1)} MB/h`,
  );

  const fdAfter = after.map((s) => s.fds);
  const fdBase = med(baseS, (s) => s.fds);
  const fdEnd = med(endS, (s) => s.fds);
  const otherAfter = after.map((s) => s.otherFds);
  const otherBase = med(baseS, (s) => s.otherFds);
  const otherEnd = med(endS, (s) => s.otherFds);
  const otherSpread = Math.max(...otherAfter) - Math.min(...otherAfter);
  const inboundAfter = after.map((s) => s.inbound);
  check(
    'prueba larga: descriptores de archivo estables',
    otherSpread <= FD_SPREAD_MAX && otherEnd - otherBase <= FD_DRIFT_MAX && fdEnd - fdBase <= FD_DRIFT_MAX,
    `sin contar las conexiones entrantes, entre ${Math.min(...otherAfter)} y ${Math.max(...otherAfter)} tras el calentamiento (tolerancia ${FD_SPREAD_MAX}), mediana ${otherBase} al inicio y ${otherEnd} al final; en total (con ${STREAMS} flujos y las conexiones de la carga, entre ${Math.min(...inboundAfter)} y ${Math.max(...inboundAfter)}) entre ${Math.min(...fdAfter)} y ${Math.max(...fdAfter)}, mediana ${fdBase} al inicio y ${fdEnd} al final (tolerancia +${FD_DRIFT_MAX} en ambas medianas)`,
  );

  const connAfter = after.map((s) => s.dbConns);
  const connBase = med(baseS, (s) => s.dbConns);
  const connEnd = med(endS, (s) => s.dbConns);
  const apps = {};
  for (const s of after) for (const [k, v] of Object.entries(s.conns)) apps[k] = Math.max(apps[k] ?? 0, v);
  check(
    'prueba larga: conexiones a la base dentro del pool y estables',
    Math.max(...connAfter) <= CONN_MAX && connEnd - connBase <= CONN_DRIFT_MAX,
    `entre ${Math.min(...connAfter)} y ${Math.max(...connAfter)} (tope ${CONN_MAX}: pool ${POOL_SIZE}, LISTEN 1, trabajos 4); mediana ${connBase} al inicio, ${connEnd} al final; máximas por aplicación ${JSON.stringify(apps)}`,
  );

  const rows = KINDS.map((k) => {
    const st = stats[k.key];
    const b = inWindow(st, base);
    const e = inWindow(st, end);
    const p99b = percentile(b, 99);
    const p99e = percentile(e, 99);
    const ok = e.length > 0 && b.length > 0 && (p99e <= p99b * 1.2 || p99e - p99b <= (k.floorMs ?? P99_FLOOR_MS));
    return {
      ...k,
      total: st.ok + st.errors,
      okCount: st.ok,
      errors: st.errors,
      unknown: st.unknown,
      skipped: st.skipped,
      lagMax: st.lagMax,
      samples: st.samples,
      base: { n: b.length, p50: round(percentile(b, 50), 1), p99: round(p99b, 1) },
      end: { n: e.length, p50: round(percentile(e, 50), 1), p99: round(p99e, 1) },
      all: {
        p50: round(percentile(st.ms, 50), 1),
        p99: round(percentile(st.ms, 99), 1),
        max: round(Math.max(0, ...st.ms), 1),
      },
      ok,
    };
  });
  for (const row of rows) {
    check(
      `prueba larga: p99 de ${row.label} al final dentro de 20 % (o ${row.floorMs ?? P99_FLOOR_MS} ms) del inicio`,
      row.ok,
      `${row.base.p99} ms en la ventana inicial (${row.base.n} llamadas), ${row.end.p99} ms en la final (${row.end.n})`,
    );
  }
  const errors = rows.reduce((a, r) => a + r.errors, 0);
  const total = rows.reduce((a, r) => a + r.total, 0);
  check(
    'prueba larga sin errores',
    errors === 0 && r.refreshStats.errors === 0 && streamStats.ticketErrors === 0 && streamStats.openErrors === 0,
    `${total} llamadas, ${errors} errores${
      errors
        ? ` (${rows
            .filter((x) => x.errors)
            .map((x) => `${x.key}: ${x.errors} ${x.samples.join(' | ')}`)
            .join('; ')})`
        : ''
    }; renovaciones de sesión ${r.refreshStats.ok} (${r.refreshStats.errors} fallidas); tickets fallidos ${streamStats.ticketErrors}, flujos rechazados ${streamStats.openErrors}`,
  );
  check(
    'prueba larga: los flujos de eventos siguieron abiertos',
    streamStats.drops === 0 && r.openAtEnd === STREAMS,
    `${r.openAtEnd}/${STREAMS} abiertos al final, ${streamStats.events} eventos recibidos, ${streamStats.rotations} reaperturas antes de vencer el token, ${streamStats.drops} caídas ${streamStats.samples.join(' | ')}`,
  );
  const un = Object.fromEntries(rows.map((x) => [x.key, x.unknown]));
  const ok = Object.fromEntries(rows.map((x) => [x.key, x.okCount]));
  const d = {
    comentarios: r.after.comentarios - r.before.comentarios,
    tareas: r.after.tareas - r.before.tareas,
    adjuntos: r.after.adjuntos - r.before.adjuntos,
    estados: r.after.estados - r.before.estados,
  };
  const within = (delta, acked, unknown = 0) => delta >= acked && delta <= acked + unknown;
  check(
    'prueba larga: la base concilia con las escrituras confirmadas',
    r.present.comment === ok.comment &&
      r.present.create === ok.create &&
      r.present.photo === ok.photo &&
      within(d.comentarios, ok.comment, un.comment) &&
      within(d.tareas, ok.create, un.create) &&
      within(d.adjuntos, ok.photo, un.photo) &&
      within(d.estados, ok.status, un.status),
    `comentarios ${d.comentarios}/${ok.comment} (presentes ${r.present.comment}), tareas ${d.tareas}/${ok.create} (${r.present.create}), fotos ${d.adjuntos}/${ok.photo} (${r.present.photo}), cambios de estado ${d.estados}/${ok.status}`,
  );

  // The chart and the section of the report.
  const cpuAfter = after.map((s) => s.cpuPct).filter((v) => v != null);
  const title = `Prueba larga: ${minutes} min, ${KINDS.reduce((a, k) => a + k.rate, 0)} llamadas/s y ${STREAMS} flujos de eventos`;
  const svg = soakSvg({ title, minutes, warmupMin, base, end, samples, kinds: KINDS });
  mkdirSync(logDir, { recursive: true });
  writeFileSync(join(logDir, 'soak.svg'), svg);
  writeFileSync(
    join(logDir, 'soak-samples.json'),
    JSON.stringify({ minutes, warmupMin, base, end, samples, rows }, null, 1),
  );
  // Only a soak of the documented length replaces the chart in docs/ (a short run's stays in the logs).
  const docsChart = minutes >= 30;
  if (docsChart) writeFileSync(join(root, 'docs', 'reliability-soak.svg'), svg);
  const mm = (x) => `${fmt(x[0])}–${fmt(x[1])}`;
  const md = `### Prueba larga (${minutes} min)

\`SOAK_MINUTES=${minutes} npm run reliability -- soak\` (30 min por omisión; \`SOAK_MINUTES=480 npm run reliability -- soak\`
son 8 horas, un día de trabajo). Base \`rel_soak\` propia, la API compilada con el programador de trabajos encendido
(como en producción) y pool de ${POOL_SIZE} conexiones. La carga es de **ritmo fijo** (lazo abierto): cada tipo de llamada
empieza sus peticiones según un horario, sin esperar las respuestas, para que el p99 muestre deriva y no colas de una
máquina saturada (2 núcleos compartidos por el generador, la API y PostgreSQL):
${KINDS.map((k) => `${k.label} ${k.rate}/s`).join(', ')} (${KINDS.reduce((a, k) => a + k.rate, 0)} por segundo).
Tablero del operario (lo leen operario, supervisor y administrador), cambios de estado y comentarios sobre ${OWN_TASKS}
tareas propias del operario, tareas nuevas en Tapicería, una foto JPEG real de 640 x 480 subida por el chofer a su tarea
(20 por tarea), páginas de 20 comentarios de una tarea con ${PAGED_COMMENTS} (hasta ${PAGE_DEPTH} páginas hacia atrás con
\`antes\`), y la exportación XLSX del reporte de Carpintería (${ARCHIVED_TASKS + OWN_TASKS + 1} filas y las de la demo),
como el botón "Exportar". ${STREAMS} flujos de eventos (\`/api/events\` con ticket, como el navegador) abiertos todo el
tiempo por 20 sesiones de 5 personas; cada flujo se reabre con un token nuevo antes de que venza el suyo (el servidor lo
cierra al vencer), en un momento al azar para que las reaperturas se repartan; un cierre que no pidió el cliente es una caída.

Cada 10 s: memoria residente de la API (\`VmRSS\`), descriptores abiertos (\`/proc/<pid>/fd\`), conexiones de
\`pg_stat_activity\` de la base y el p99 de cada tipo en el último minuto. Calentamiento: los primeros ${fmt(warmupMin)} min,
fuera de toda comparación. Se compara la **ventana inicial** (min ${mm(base)}, justo después del calentamiento) con la
**ventana final** (min ${mm(end)}). Objetivos: memoria (mediana de la ventana) +10 % como máximo
(el RSS sube y baja unos cientos de MB entre recolecciones); descriptores sin contar las
conexiones entrantes (que siguen a las llamadas en curso) entre mínimo y máximo a ${FD_SPREAD_MAX} o menos después del
calentamiento, y la mediana final, con ellas y sin ellas, a +${FD_DRIFT_MAX} o menos de la inicial; conexiones
hasta ${CONN_MAX} (pool ${POOL_SIZE}, la de LISTEN y 4 de los trabajos) y la mediana final a +${CONN_DRIFT_MAX} o menos; p99
final a +20 % del inicial o a ${P99_FLOOR_MS} ms o menos de diferencia (en los tipos de pocos milisegundos 20 % es ruido;
en fotos y exportaciones, con 300 y 150 llamadas por ventana de 5 min, el p99 es la 3.ª o 2.ª más lenta: ${RARE_FLOOR_MS} ms); sin
errores ni caídas de flujos; cada escritura confirmada está en la base.

![Memoria y p99 en el tiempo](reliability-soak.svg)

| tipo | por segundo | llamadas | errores | p50 / p99 inicial (ms) | p50 / p99 final (ms) | p99 de toda la corrida | máxima |
|---|---|---|---|---|---|---|---|
${rows
  .map(
    (x) =>
      `| ${x.label} | ${x.rate} | ${x.total} | ${x.errors} | ${x.base.p50} / ${x.base.p99} | ${x.end.p50} / **${x.end.p99}** | ${x.all.p99} | ${x.all.max} |`,
  )
  .join('\n')}

- Memoria residente: mediana ${rssBase} MB en la ventana inicial, ${rssEnd} MB en la final (${(rssGrowth * 100).toFixed(1)} %);
  mínima ${floorBase} → ${floorEnd} MB (${(floorGrowth * 100).toFixed(1)} %); máxima ${rssMax} MB; pendiente tras el calentamiento ${slope.toFixed(1)} MB por hora.
- Descriptores: entre ${Math.min(...fdAfter)} y ${Math.max(...fdAfter)}, mediana ${fdBase} → ${fdEnd}; de ellos, conexiones entrantes
  entre ${Math.min(...inboundAfter)} y ${Math.max(...inboundAfter)} (${STREAMS} son los flujos, el resto las conexiones keep-alive de la carga) y
  el resto (archivos, tuberías, sockets de la base) entre ${Math.min(...otherAfter)} y ${Math.max(...otherAfter)}, mediana ${otherBase} → ${otherEnd};
  cola de envío del núcleo en las conexiones de la API de ${Math.max(...after.map((s) => s.sendQueueKb))} kB como máximo.
- Conexiones a \`rel_soak\`: entre ${Math.min(...connAfter)} y ${Math.max(...connAfter)}; mediana ${connBase} → ${connEnd}; máximas por aplicación:
  ${Object.entries(apps)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}.
- Flujos: ${r.openAtEnd}/${STREAMS} abiertos al final, ${streamStats.events} eventos recibidos, ${streamStats.rotations} reaperturas con token
  nuevo, **${streamStats.drops} caídas**; ${r.refreshStats.ok} renovaciones de sesión.
- CPU de la API tras el calentamiento: mediana ${median(cpuAfter)} %, máxima ${Math.max(...cpuAfter)} % de un núcleo; atraso máximo del
  horario del generador ${Math.round(Math.max(...rows.map((x) => x.lagMax)))} ms; carga media de la máquina al terminar ${loadavg()[0].toFixed(1)}.
- Escrituras: comentarios +${d.comentarios}, tareas +${d.tareas}, fotos +${d.adjuntos}, cambios de estado +${d.estados}: igual a lo confirmado.
${docsChart ? '' : `\nCorrida corta (menos de 30 min): el gráfico queda en \`.data/reliability-logs/soak.svg\`, no en docs/.\n`}`;
  writeFileSync(join(logDir, 'soak.md'), md);
  section('soak', md);
}

const fmt = (n) => String(round(n, 2));
