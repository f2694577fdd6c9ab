// PostgreSQL restarted (stopped a few seconds, started again) while devices send the writes they
// kept offline, and while the job runtime runs the scheduler's job. The API is never restarted.
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { http, login, query, sleep, startApi } from '../lib.mjs';
import { check, log, logDir, root, section } from '../checks.mjs';
import { assignedTask, demoIds, device, deviceStats, kept } from '../offline-devices.mjs';

const NAME = 'replay';
/** Devices with the timer (one per person: one timer runs per person) and without it (a second phone). */
const TIMER_DEVICES = ['admin', 'supervisor', 'operario', 'mlopez', 'jruiz'];
const OTHER_DEVICES = ['admin', 'supervisor', 'operario'];
const TASKS_PER_DEVICE = 3;
const ROUNDS_PER_TASK = 2;
const OUTAGE_MS = 4000;
const JOB_ROUNDS = 2;
const SCHEDULES = 400;

/** Stops PostgreSQL, waits `ms`, starts it again; answers when each happened. */
async function restart(cluster, ms) {
  const stopAt = Date.now();
  await cluster.stop();
  const stoppedAt = Date.now();
  await sleep(ms);
  const startAt = Date.now();
  await cluster.start();
  return { stopAt, stoppedAt, startAt, startedAt: Date.now() };
}

/** Polls /api/health until 200: ms after `from`. */
async function healthyAfter(api, from, timeoutMs = 60_000) {
  while (Date.now() - from < timeoutMs) {
    const r = await http(api.base, 'GET', '/api/health', { timeoutMs: 5000 }).catch(() => ({ status: 0 }));
    if (r.status === 200) return Date.now() - from;
    await sleep(100);
  }
  return null;
}

export default async function replay({ cluster }) {
  log('Reinicio de PostgreSQL durante el reenvío de cambios sin conexión y durante los trabajos');
  await cluster.createDatabase('rel_replay');
  const url = cluster.url('rel_replay');
  const trigger = join(logDir, 'replay-trigger');
  rmSync(trigger, { force: true });
  const api = await startApi(root, {
    databaseUrl: url,
    logDir,
    name: 'api-replay',
    script: join(root, 'reliability', 'replay-worker.mjs'),
    env: {
      SCHEDULER_ENABLED: 'true',
      JOBS_POLL_SECONDS: '1',
      JOBS_MONITOR_SECONDS: '2',
      JOBS_HEARTBEAT_SECONDS: '10',
      JOBS_RETRY_DELAY_SECONDS: '1',
      JOBS_RETRY_LIMIT: '10',
      REPLAY_TRIGGER: trigger,
    },
  });
  let pgDown = false;
  try {
    await api.waitHealthy(120_000);
    await api.waitLine(/WORKER_READY/);
    const ids = await demoIds(url);
    const adminToken = (await login(api.base, 'admin')).token;

    // (a) The devices' outboxes: writes made offline over the last minutes, sent now.
    const stats = deviceStats();
    const devices = [
      ...TIMER_DEVICES.map((u) => ({ user: u, timer: true })),
      ...OTHER_DEVICES.map((u) => ({ user: u, timer: false })),
    ];
    const expected = { comentario: [], estado: {}, paso: {}, intervalos: {} };
    const queues = [];
    const t0 = Date.now() - 60 * 60_000;
    for (const [d, dev] of devices.entries()) {
      const queue = [];
      let at = t0 + d * 1000;
      const tick = () => new Date((at += 5000)).toISOString();
      for (let k = 0; k < TASKS_PER_DEVICE; k++) {
        const { occ, items } = await assignedTask(
          api,
          url,
          adminToken,
          ids,
          dev.user,
          `Reenvío ${d}.${k}`,
          ROUNDS_PER_TASK,
        );
        let status = ids.estados.pendiente;
        expected.estado[occ] = 0;
        expected.paso[occ] = 0;
        expected.intervalos[occ] = 0;
        for (let r = 0; r < ROUNDS_PER_TASK; r++) {
          const texto = (s) => `Sin conexión ${dev.user} ${d}.${k}.${r}${s} ${randomUUID()}`;
          const a = texto('a');
          expected.comentario.push(a);
          queue.push(kept({ kind: 'comentario', occ, body: { texto: a } }));
          const next = status === ids.estados.pendiente ? ids.estados.en_curso : ids.estados.pendiente;
          queue.push(
            kept({
              kind: 'estado',
              occ,
              body: { estado_uuid: next, estado_anterior_uuid: status, sin_conexion_en: tick() },
            }),
          );
          status = next;
          expected.estado[occ]++;
          queue.push(kept({ kind: 'paso', occ, item: items[r], body: { hecho: true } }));
          expected.paso[occ]++;
          if (dev.timer) {
            queue.push(
              kept({
                kind: r === 0 ? 'cronometro_iniciar' : 'cronometro_reanudar',
                occ,
                body: { tarea_asignada_uuid: occ, en: tick() },
              }),
            );
            const b = texto('b');
            expected.comentario.push(b);
            queue.push(kept({ kind: 'comentario', occ, body: { texto: b } }));
            queue.push(kept({ kind: 'cronometro_pausar', occ, body: { tarea_asignada_uuid: occ, en: tick() } }));
            expected.intervalos[occ]++;
          }
        }
      }
      queues.push({ dev, queue });
    }
    const writes = queues.reduce((n, q) => n + q.queue.length, 0);
    log(`Reenvío: ${devices.length} dispositivos, ${writes} cambios guardados sin conexión`);
    const phones = await Promise.all(queues.map(({ dev }) => device(api, dev.user, { stats })));
    let sent = 0;
    const answers = [];
    const flushes = queues.map(async ({ queue }, i) => {
      for (const w of queue) {
        const res = await phones[i].send(w);
        answers.push({ kind: w.kind, status: res.status, attempts: res.attempts });
        sent++;
        await sleep(40);
      }
    });
    // PostgreSQL stops once about a quarter of the writes went through.
    const deadline = Date.now() + 30_000;
    while (sent < writes / 4 && Date.now() < deadline) await sleep(20);
    const sentBefore = sent;
    pgDown = true;
    const outA = await restart(cluster, OUTAGE_MS);
    pgDown = false;
    log(
      `Reenvío: PostgreSQL reiniciado con ${sentBefore}/${writes} cambios enviados (detenido en ${outA.stoppedAt - outA.stopAt} ms)`,
    );
    const healthA = await healthyAfter(api, outA.startedAt);
    await Promise.all(flushes);
    const replayMs = Date.now() - outA.stopAt;

    const [rows] = await query(
      url,
      `SELECT (SELECT count(*)::int FROM comentarios WHERE texto = ANY($1)) AS comentarios,
              (SELECT count(DISTINCT texto)::int FROM comentarios WHERE texto = ANY($1)) AS comentarios_distintos,
              (SELECT coalesce(json_object_agg(o, n), '{}') FROM (SELECT tarea_asignada_uuid AS o, count(*)::int AS n FROM historial_tareas_asignadas
                  WHERE tipo = 'estado' AND tarea_asignada_uuid = ANY($2) GROUP BY 1) h) AS estados,
              (SELECT coalesce(json_object_agg(o, n), '{}') FROM (SELECT tarea_asignada_uuid AS o, count(*)::int AS n FROM historial_tareas_asignadas
                  WHERE tipo = 'checklist' AND tarea_asignada_uuid = ANY($2) GROUP BY 1) h) AS pasos,
              (SELECT coalesce(json_object_agg(o, n), '{}') FROM (SELECT tarea_asignada_uuid AS o, count(*)::int AS n FROM intervalos_tiempo
                  WHERE tarea_asignada_uuid = ANY($2) GROUP BY 1) h) AS intervalos,
              (SELECT count(*)::int FROM intervalos_tiempo WHERE tarea_asignada_uuid = ANY($2) AND fin IS NULL) AS en_marcha,
              (SELECT count(*)::int FROM claves_idempotencia WHERE clave = ANY($3) AND completada) AS claves`,
      [expected.comentario, Object.keys(expected.estado), queues.flatMap((q) => q.queue.map((w) => w.key))],
    );
    const mismatch = (want, got) => Object.entries(want).filter(([occ, n]) => (got[occ] ?? 0) !== n).length;
    const sum = (o) => Object.values(o).reduce((a, b) => a + b, 0);
    const a = {
      devices: devices.length,
      writes,
      sentBefore,
      ok: answers.filter((x) => x.status >= 200 && x.status < 300).length,
      retried: answers.filter((x) => x.attempts > 1).length,
      maxAttempts: Math.max(...answers.map((x) => x.attempts)),
      comments: `${rows.comentarios}/${expected.comentario.length}`,
      commentsOk:
        rows.comentarios === expected.comentario.length && rows.comentarios_distintos === expected.comentario.length,
      estados: `${sum(rows.estados)}/${sum(expected.estado)}`,
      estadosOk: mismatch(expected.estado, rows.estados) === 0,
      pasos: `${sum(rows.pasos)}/${sum(expected.paso)}`,
      pasosOk: mismatch(expected.paso, rows.pasos) === 0,
      intervalos: `${sum(rows.intervalos)}/${sum(expected.intervalos)}`,
      intervalosOk: mismatch(expected.intervalos, rows.intervalos) === 0 && rows.en_marcha === 0,
      keys: rows.claves,
      healthA,
      replayMs,
    };
    const statusLine = Object.entries(stats.byStatus)
      .map(([s, n]) => `${s === '0' ? 'sin respuesta' : s} ×${n}`)
      .join(', ');
    log(`Reenvío: intentos por respuesta: ${statusLine}`);
    check(
      'reenvío con la base reiniciada: cada cambio sin conexión llega una sola vez',
      a.ok === writes && a.commentsOk && a.estadosOk && a.pasosOk && a.intervalosOk && a.keys === writes,
      `${a.ok}/${writes} cambios aceptados; comentarios ${a.comments}, cambios de estado ${a.estados}, pasos ${a.pasos}, intervalos ${a.intervalos} (${rows.en_marcha} en marcha), claves completadas ${a.keys}`,
    );
    check(
      'reenvío con la base reiniciada: ningún 500, ningún cambio rechazado ni abandonado',
      stats.server500.length === 0 && stats.refused.length === 0 && stats.gaveUp.length === 0,
      `${stats.server500.length} respuestas 500, ${stats.refused.length} rechazados, ${stats.gaveUp.length} abandonados; ${a.retried} cambios reintentados (hasta ${a.maxAttempts} intentos) ${[...stats.server500, ...stats.refused].slice(0, 3).join(' | ')}`,
    );

    // (b) The scheduler's job on the job runtime, PostgreSQL restarted while it generates.
    log(`Trabajos: ${JOB_ROUNDS} generaciones del programador (${SCHEDULES} programaciones x 2 empleados)`);
    await query(url, 'UPDATE programaciones_tareas SET activo = false');
    const jobsFrom = new Date();
    const rounds = [];
    for (let k = 1; k <= JOB_ROUNDS; k++) {
      const tasks = await query(
        url,
        `WITH t AS (
           INSERT INTO tareas (titulo, descripcion, tipo_tarea_uuid, area_uuid, creado_por_uuid)
           SELECT 'Trabajo ' || $8::int || '.' || g, '', $1, $2, $3 FROM generate_series(1, $4) g RETURNING uuid
         ), tu AS (INSERT INTO tarea_usuarios (tarea_uuid, usuario_uuid) SELECT uuid, u FROM t, unnest(ARRAY[$5::uuid, $6::uuid]) u),
         p AS (INSERT INTO programaciones_tareas (tarea_uuid, intervalo_repeticion, proxima_ejecucion, dias_vencimiento, activo)
           SELECT uuid, 1, (now() AT TIME ZONE $7)::date, 0, true FROM t)
         SELECT uuid FROM t`,
        [
          ids.tipo,
          ids.areas['Carpintería'],
          ids.users.admin,
          SCHEDULES,
          ids.users.operario,
          ids.users.supervisor,
          'America/Argentina/Buenos_Aires',
          k,
        ],
      );
      const mine = tasks.map((r) => r.uuid);
      const perRound = SCHEDULES * 2;
      const generated = async () =>
        (await query(url, 'SELECT count(*)::int AS n FROM tareas_asignadas WHERE tarea_uuid = ANY($1)', [mine]))[0].n;
      writeFileSync(trigger, String(k));
      const waitFrom = Date.now();
      while (Date.now() - waitFrom < 75_000 && (await generated()) === 0) await sleep(5);
      const partial = await generated();
      pgDown = true;
      const out = await restart(cluster, 3000);
      pgDown = false;
      const afterStop = await generated();
      const health = await healthyAfter(api, out.startedAt);
      // Every occurrence once, every schedule moved on: the job's retry (or the next minute's run) finishes the work.
      const doneFrom = Date.now();
      let v;
      for (;;) {
        [v] = await query(
          url,
          `SELECT (SELECT count(*)::int FROM tareas_asignadas WHERE tarea_uuid = ANY($1)) AS n,
                  (SELECT count(*)::int FROM (SELECT 1 FROM tareas_asignadas WHERE tarea_uuid = ANY($1)
                     GROUP BY programacion_uuid, fecha_ocurrencia, empleado_uuid HAVING count(*) > 1) d) AS dups,
                  (SELECT count(*)::int FROM programaciones_tareas WHERE tarea_uuid = ANY($1) AND proxima_ejecucion <= (now() AT TIME ZONE $2)::date) AS pending`,
          [mine, 'America/Argentina/Buenos_Aires'],
        );
        if ((v.n >= perRound && v.pending === 0) || Date.now() - doneFrom > 100_000) break;
        await sleep(250);
      }
      rounds.push({
        k,
        partial,
        afterStop,
        perRound,
        total: v.n,
        dups: v.dups,
        pending: v.pending,
        health,
        completeMs: Date.now() - out.startedAt,
      });
      log(
        `Trabajos, ronda ${k}: ${partial}/${perRound} generadas al detener la base (${afterStop} tras el reinicio); ${v.n}/${perRound} al final, ${v.dups} duplicadas, a los ${((Date.now() - out.startedAt) / 1000).toFixed(1)} s`,
      );
    }
    let jobRows = [];
    try {
      jobRows = await query(
        url,
        `SELECT state, retry_count, count(*)::int AS n FROM pgboss.job WHERE name = 'scheduled-tasks' AND created_on >= $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [jobsFrom],
      );
    } catch (err) {
      log(`Trabajos: no se pudo leer pgboss.job: ${err.message}`);
    }
    const [runs] = await query(
      url,
      `SELECT ejecuciones::int, fallos::int FROM trabajos WHERE nombre = 'scheduled-tasks'`,
    );
    const unfinished = jobRows.filter((r) => r.state !== 'completed' && r.state !== 'created' && r.state !== 'retry');
    const jobsLine = jobRows
      .map((r) => `${r.state}${r.retry_count ? ` (${r.retry_count} reintentos)` : ''} ×${r.n}`)
      .join(', ');
    const jobsOk = rounds.every((r) => r.total === r.perRound && r.dups === 0 && r.pending === 0);
    check(
      `trabajos con la base reiniciada: ${JOB_ROUNDS} generaciones, cada ocurrencia una sola vez, ninguna perdida`,
      jobsOk && jobRows.some((r) => r.state === 'completed') && unfinished.length === 0,
      `${rounds.map((r) => `${r.total}/${r.perRound} (${r.dups} duplicadas; ${r.partial} ya generadas al detener la base)`).join('; ')}; trabajos: ${jobsLine || 'sin filas'}; ejecuciones registradas ${runs?.ejecuciones ?? 0}, fallos ${runs?.fallos ?? 0}`,
    );
    const finalHealth = await http(api.base, 'GET', '/api/health', { timeoutMs: 5000 }).catch(() => ({ status: 0 }));
    check(
      'reinicios de la base: la API no termina y /api/health vuelve a 200',
      api.alive() && finalHealth.status === 200 && healthA !== null && rounds.every((r) => r.health !== null),
      `${api.alive() ? 'el proceso siguió vivo' : 'el proceso terminó'}; 200 a los ${[healthA, ...rounds.map((r) => r.health)].map((ms) => (ms === null ? 'nunca' : `${ms} ms`)).join(', ')} de cada arranque`,
    );

    section(
      NAME,
      `### Reinicio de PostgreSQL durante el reenvío sin conexión y durante los trabajos

**Lo esperado.** Con PostgreSQL detenido unos segundos y arrancado de nuevo, sin reiniciar la API: cada cambio
hecho sin conexión que los dispositivos reenvían (con su \`Idempotency-Key\`, otra vez con la misma clave hasta una
respuesta definitiva, como la bandeja de salida de la aplicación web) queda escrito una sola vez; ninguna respuesta
500 llega al dispositivo (mientras la base no está, la API responde 503 y el dispositivo reintenta) y ningún cambio se
rechaza ni se pierde. Un trabajo del programador que corre cuando la base se detiene se reintenta: cada ocurrencia
queda una sola vez y ninguna se pierde. La API sigue viva y \`/api/health\` vuelve a 200.

**Lo hecho.** ${devices.length} dispositivos (${TIMER_DEVICES.length} con cronómetro, uno por persona, y ${OTHER_DEVICES.length} segundos teléfonos) reenvían
${writes} cambios guardados sin conexión: comentarios, cambios de estado (con \`estado_anterior_uuid\` y \`sin_conexion_en\`),
pasos de la lista marcados, e inicio, reanudación y pausa del cronómetro (con \`en\` y \`X-Device-Time\`). Con
${a.sentBefore} enviados, PostgreSQL se detuvo ${OUTAGE_MS / 1000} s y arrancó de nuevo; cada dispositivo reintentó cada 250 ms.
Después, ${JOB_ROUNDS} veces: ${SCHEDULES} programaciones para hoy con 2 empleados cada una, una ejecución del trabajo
\`scheduled-tasks\` enviada al planificador de trabajos (pg-boss, reintento a 1 s) y PostgreSQL detenido 3 s en cuanto
la generación escribió su primer lote.

| Medida | Valor |
|---|---|
| Cambios aceptados (2xx) | ${a.ok}/${writes} |
| Comentarios en la base | ${a.comments} (${a.commentsOk ? 'ninguno duplicado' : 'no coinciden'}) |
| Cambios de estado en el historial | ${a.estados} |
| Pasos marcados en el historial | ${a.pasos} |
| Intervalos del cronómetro | ${a.intervalos}, ${rows.en_marcha} en marcha |
| Claves de idempotencia completadas | ${a.keys}/${writes} |
| Intentos por respuesta | ${statusLine} |
| Respuestas 500 / cambios rechazados / abandonados | ${stats.server500.length} / ${stats.refused.length} / ${stats.gaveUp.length} |
| Cambios reintentados (máximo de intentos) / respondidos con la respuesta guardada | ${a.retried} (${a.maxAttempts}) / ${stats.replayed} |
| /api/health en 200 tras arrancar la base | ${healthA ?? 'nunca'} ms |
${rounds
  .map(
    (r) =>
      `| Trabajo, ronda ${r.k}: generadas al detener la base / al final / duplicadas | ${r.partial} / ${r.total} de ${r.perRound} / ${r.dups} (completas a los ${(r.completeMs / 1000).toFixed(1)} s del arranque) |`,
  )
  .join('\n')}
| Filas del trabajo \`scheduled-tasks\` en pg-boss | ${jobsLine || 'sin filas'} |
| Ejecuciones / fallos registrados en \`trabajos\` | ${runs?.ejecuciones ?? 0} / ${runs?.fallos ?? 0} |
`,
    );
  } finally {
    // The cluster is shared by the run: it runs again before this returns.
    if (pgDown) await cluster.start().catch(() => undefined);
    await api.stop();
  }
}
