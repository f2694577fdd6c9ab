// What the replay and clock scenarios share: a device that sends the writes it kept offline the
// way the web app's outbox does (apps/web/src/lib/outbox.ts): in order, each with its own
// Idempotency-Key, again with the same key until an answer is definitive, and each timer event with
// `X-Device-Time` (the device's clock when that attempt is sent).
import { randomUUID } from 'node:crypto';
import { http, login, query, sleep } from './lib.mjs';

/** A due date every check accepts: tomorrow in any zone of the Americas. */
export const dueDate = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);

/** The ids of the demo data the scenarios use. */
export async function demoIds(url) {
  const [ids] = await query(
    url,
    `SELECT (SELECT uuid FROM tipos_tarea ORDER BY nombre LIMIT 1) AS tipo,
            (SELECT json_object_agg(nombre, uuid) FROM areas) AS areas,
            (SELECT json_object_agg(username, uuid) FROM usuarios) AS users,
            (SELECT json_object_agg(categoria, uuid) FROM estados) AS estados`,
  );
  return ids;
}

/** The person's area in the demo data. */
export const AREA_OF = {
  admin: 'Carpintería',
  supervisor: 'Carpintería',
  operario: 'Carpintería',
  mlopez: 'Tapicería',
  jruiz: 'Logística',
};

/**
 * A task with `steps` checklist steps assigned to `person` (created by admin): its occurrence's uuid
 * and its steps' uuids.
 */
export async function assignedTask(api, url, adminToken, ids, person, titulo, steps = 0) {
  const res = await http(api.base, 'POST', '/api/tasks', {
    token: adminToken,
    body: {
      titulo,
      descripcion: 'Tarea de la prueba de fiabilidad',
      tipo_tarea_uuid: ids.tipo,
      area_uuid: ids.areas[AREA_OF[person]],
      usuarios_asignados: [ids.users[person]],
      fecha_vencimiento: dueDate(),
      ...(steps ? { checklist: Array.from({ length: steps }, (_, i) => ({ texto: `Paso ${i + 1}` })) } : {}),
    },
  });
  if (res.status !== 201) throw new Error(`crear tarea: ${res.status} ${JSON.stringify(res.body)}`);
  const [occ] = await query(url, 'SELECT uuid FROM tareas_asignadas WHERE tarea_uuid = $1 AND empleado_uuid = $2', [
    res.body.uuid,
    ids.users[person],
  ]);
  const items = (
    await query(url, 'SELECT uuid FROM tarea_asignada_checklist WHERE tarea_asignada_uuid = $1 ORDER BY orden', [
      occ.uuid,
    ])
  ).map((r) => r.uuid);
  return { occ: occ.uuid, items };
}

/** The outbox's kinds and their routes. */
const ROUTE = {
  comentario: (w) => ['POST', `/api/assigned-tasks/${w.occ}/comments`],
  estado: (w) => ['PUT', `/api/assigned-tasks/${w.occ}`],
  paso: (w) => ['PUT', `/api/assigned-tasks/${w.occ}/checklist/${w.item}`],
  cronometro_iniciar: () => ['POST', '/api/time-entries/start'],
  cronometro_reanudar: () => ['POST', '/api/time-entries/resume'],
  cronometro_pausar: () => ['POST', '/api/time-entries/pause'],
  cronometro_finalizar: () => ['POST', '/api/time-entries/finish'],
};
/** The kinds the outbox sends with `X-Device-Time`. */
export const TIMER_KINDS = new Set([
  'cronometro_iniciar',
  'cronometro_reanudar',
  'cronometro_pausar',
  'cronometro_finalizar',
]);

/** A write kept offline: `{ kind, occ, item?, body }` gets its Idempotency-Key. */
export const kept = (w) => ({ key: randomUUID(), ...w });

/** Counters of what the devices saw, shared by the devices of one scenario. */
export function deviceStats() {
  return { attempts: 0, byStatus: {}, retries: 0, replayed: 0, server500: [], refused: [], gaveUp: [] };
}

/**
 * One device: its person's token and its clock (`offsetMs` ahead of the real time, negative
 * behind). `send(w)` is the outbox's sending of one kept write: again with the same key after no
 * answer, a 5xx, a 401 or a 429 (the outbox tries again later; here after `retryMs`), until a 2xx
 * or another 4xx (definitive: the outbox drops the change with a notice). Answers the last answer.
 */
export async function device(
  api,
  username,
  { offsetMs = 0, stats, retryMs = 250, giveUpMs = 120_000, deviceTimeKinds = TIMER_KINDS },
) {
  const { token } = await login(api.base, username);
  const clock = () => Date.now() + offsetMs;
  async function send(w) {
    const [method, path] = ROUTE[w.kind](w);
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      const headers = {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'Idempotency-Key': w.key,
      };
      if (deviceTimeKinds.has(w.kind)) headers['X-Device-Time'] = new Date(clock()).toISOString();
      let status = 0;
      let body = null;
      let replayed = false;
      try {
        const res = await fetch(`${api.base}${path}`, {
          method,
          headers,
          body: JSON.stringify(w.body),
          signal: AbortSignal.timeout(30_000),
        });
        status = res.status;
        replayed = res.headers.get('idempotency-replayed') === 'true';
        const text = await res.text();
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
      } catch (err) {
        body = String(err?.cause?.code ?? err?.name ?? err);
      }
      stats.attempts++;
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      if (status === 500) stats.server500.push(`${w.kind} -> ${JSON.stringify(body).slice(0, 200)}`);
      if (status >= 200 && status < 300) {
        if (replayed) stats.replayed++;
        return { status, body, attempts: attempt, replayed };
      }
      if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
        stats.refused.push(`${username} ${w.kind} -> ${status} ${JSON.stringify(body?.message ?? body).slice(0, 200)}`);
        return { status, body, attempts: attempt };
      }
      if (Date.now() - started > giveUpMs) {
        stats.gaveUp.push(`${username} ${w.kind} -> ${status}`);
        return { status, body, attempts: attempt };
      }
      stats.retries++;
      await sleep(retryMs);
    }
  }
  return { username, token, clock, send };
}
