// The load of the load, outage and SIGTERM scenarios: clients that read the
// board, change the status of their own assigned task, comment and create
// tasks, counting what the API acknowledged.
import { http, login, query } from './lib.mjs';

/** How long a load client waits for an answer before it counts the call as an error. */
const CLIENT_TIMEOUT_MS = 60_000;

/** A due date every check accepts: tomorrow in any zone of the Americas. */
const dueDate = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);

/** Per-client fixtures: an own assigned task (Carpintería, operario) whose status only that client changes. */
async function loadFixtures(url, clients) {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM areas WHERE nombre = 'Carpintería') AS carp, (SELECT uuid FROM areas WHERE nombre = 'Tapicería') AS tap,
            (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo, (SELECT uuid FROM usuarios WHERE username = 'operario') AS operario,
            (SELECT uuid FROM usuarios WHERE username = 'mlopez') AS mlopez, (SELECT uuid FROM usuarios WHERE username = 'admin') AS admin`,
  );
  const statuses = (await query(url, 'SELECT uuid FROM estados ORDER BY "order"')).map((r) => r.uuid);
  const own = await query(
    url,
    `WITH t AS (
       INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
       SELECT 'Carga ' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
     ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, $5 FROM t)
     INSERT INTO tareas_asignadas (tarea_uuid, empleado_uuid, estado_uuid, fecha_vencimiento, asignado_por_uuid)
     SELECT uuid, $5, $6, current_date + 1, $3 FROM t RETURNING uuid`,
    [ids.tipo, ids.carp, ids.admin, clients, ids.operario, statuses[0]],
  );
  return { ids, statuses, own: own.map((r) => r.uuid) };
}

/** Rows of the tables the load writes. */
export async function tableCounts(url) {
  const [r] = await query(
    url,
    `SELECT (SELECT count(*)::int FROM comentarios) AS comentarios, (SELECT count(*)::int FROM tareas) AS tareas,
            (SELECT count(*)::int FROM tareas_asignadas) AS asignadas,
            (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'estado') AS estados,
            (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'comentario') AS hist_comentarios`,
  );
  return r;
}

/** How many of the acknowledged `uuids` are rows of `table` (comentarios or tareas). */
export async function present(url, table, uuids) {
  if (!uuids.length) return 0;
  return (await query(url, `SELECT count(*)::int AS n FROM ${table} WHERE uuid = ANY($1)`, [uuids]))[0].n;
}

/**
 * One client: a loop of board reads, status changes and comments on its own
 * assigned task, and task creations (roles that may create), until `until()`.
 */
async function client(api, { token, user, canCreate, ownAt, statuses, ids, boardOf }, stats, until) {
  let statusIdx = 0;
  // After a status change without an answer the current status is unknown: that client stops changing it.
  let statusUnsure = false;
  while (!until()) {
    const r = Math.random();
    let op;
    if (r < 0.4) op = 'board';
    else if (r < 0.65) op = statusUnsure ? 'board' : 'status';
    else if (r < 0.85) op = 'comment';
    else op = canCreate ? 'create' : 'board';
    const t0 = Date.now();
    stats.inFlight++;
    let res;
    try {
      if (op === 'board')
        res = await http(api.base, 'GET', `/api/assigned-tasks/${boardOf}`, { token, timeoutMs: CLIENT_TIMEOUT_MS });
      else if (op === 'status') {
        const next = (statusIdx + 1) % statuses.length;
        res = await http(api.base, 'PUT', `/api/assigned-tasks/${ownAt}`, {
          token,
          body: { estado_uuid: statuses[next] },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
        if (res.status === 200) statusIdx = next;
      } else if (op === 'comment') {
        res = await http(api.base, 'POST', `/api/assigned-tasks/${ownAt}/comments`, {
          token,
          body: { texto: `Comentario de ${user} ${t0}` },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
      } else
        res = await http(api.base, 'POST', '/api/tasks', {
          token,
          body: {
            titulo: `Carga creada ${user} ${t0}`,
            descripcion: 'Tarea creada por la prueba de carga',
            tipo_tarea_uuid: ids.tipo,
            area_uuid: ids.tap,
            usuarios_asignados: [ids.mlopez],
            fecha_vencimiento: dueDate(),
          },
          timeoutMs: CLIENT_TIMEOUT_MS,
        });
    } catch (err) {
      res = { status: 0, body: String(err?.cause?.code ?? err?.name ?? err), ms: Date.now() - t0 };
    } finally {
      stats.inFlight--;
    }
    stats.calls.push({ op, t0, t1: Date.now(), status: res.status, ms: res.ms });
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) {
      stats.errors++;
      // No answer: the write may or may not have happened (and a status change leaves the known status unsure).
      if (res.status === 0) stats.unknown[op] = (stats.unknown[op] ?? 0) + 1;
      if (res.status === 0 && op === 'status') statusUnsure = true;
      if (stats.samples.length < 5)
        stats.samples.push(`${op} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      continue;
    }
    stats.ok[op] = (stats.ok[op] ?? 0) + 1;
    if (op === 'comment') stats.comments.push(res.body.uuid);
    if (op === 'create') stats.tasks.push(res.body.uuid);
  }
}

/** `n` clients (admin, supervisor and operario in turn) on `api` until `until()`: { stats, done }. */
export async function startClients(api, url, n, until) {
  const fx = await loadFixtures(url, n);
  const users = ['admin', 'supervisor', 'operario'];
  const tokens = {};
  for (const u of users) tokens[u] = (await login(api.base, u)).token;
  const stats = { calls: [], errors: 0, samples: [], ok: {}, unknown: {}, comments: [], tasks: [], inFlight: 0 };
  const runs = Array.from({ length: n }, (_, i) => {
    const user = users[i % users.length];
    return client(
      api,
      {
        token: tokens[user],
        user,
        canCreate: user !== 'operario',
        ownAt: fx.own[i],
        statuses: fx.statuses,
        ids: fx.ids,
        boardOf: fx.ids.operario,
      },
      stats,
      until,
    );
  });
  return { stats, done: Promise.all(runs) };
}
