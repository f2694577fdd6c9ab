// Devices whose clocks are hours off send the timer events, status changes and comments they kept
// offline: the server's records stay in the order and at the moments the people made them.
import { randomUUID } from 'node:crypto';
import { http, login, query, startApi } from '../lib.mjs';
import { check, log, logDir, root, section } from '../checks.mjs';
import { assignedTask, demoIds, device, deviceStats, kept, TIMER_KINDS } from '../offline-devices.mjs';

const NAME = 'clock';
const HOUR = 3600_000;
const MIN = 60_000;
const TZ = 'America/Argentina/Buenos_Aires';
/** The two devices: whose, and how far their clocks are from the real time. */
const DEVICES = [
  { user: 'operario', offsetMs: 3 * HOUR, label: '+3 h' },
  { user: 'mlopez', offsetMs: -5 * HOUR, label: '−5 h' },
];
/** The kinds sent with `X-Device-Time`: the timer's events and a status change made offline. */
const WITH_DEVICE_TIME = new Set([...TIMER_KINDS, 'estado']);

/** HH:MM of `ms` in the company's zone, as a history note reads it. */
const hhmm = (ms) =>
  new Date(ms).toLocaleTimeString('es-AR', { timeZone: TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export default async function clock({ cluster }) {
  log('Relojes de dispositivos adelantados y atrasados (+3 h y −5 h) con cambios sin conexión');
  await cluster.createDatabase('rel_clock');
  const url = cluster.url('rel_clock');
  const api = await startApi(root, { databaseUrl: url, logDir, name: 'api-clock' });
  try {
    await api.waitHealthy(120_000);
    const ids = await demoIds(url);
    const adminToken = (await login(api.base, 'admin')).token;
    const stats = deviceStats();
    // What each person did, on the real clock (minutes after `base`), and what the device wrote down.
    const base = Date.now() - 45 * MIN;
    const plans = [];
    for (const dev of DEVICES) {
      const t1 = await assignedTask(api, url, adminToken, ids, dev.user, `Reloj ${dev.label} 1`);
      const t2 = await assignedTask(api, url, adminToken, ids, dev.user, `Reloj ${dev.label} 2`);
      // Assigned before the work began (a completion never counts from before its assignment).
      await query(
        url,
        `UPDATE tareas_asignadas SET fecha_asignacion = now() - interval '2 hours' WHERE uuid = ANY($1)`,
        [[t1.occ, t2.occ]],
      );
      const device = (min) => new Date(base + min * MIN + dev.offsetMs).toISOString();
      const timer = (kind, occ, min, extra = {}) =>
        kept({ kind, occ, min, body: { tarea_asignada_uuid: occ, en: device(min), ...extra } });
      const status = (occ, min, from, to) =>
        kept({
          kind: 'estado',
          occ,
          min,
          body: { estado_uuid: to, estado_anterior_uuid: from, sin_conexion_en: device(min) },
        });
      const comment = (occ, min) =>
        kept({ kind: 'comentario', occ, min, body: { texto: `Reloj ${dev.label} ${min} ${randomUUID()}` } });
      const { pendiente, en_curso, terminada } = ids.estados;
      const queue = [
        timer('cronometro_iniciar', t1.occ, 0),
        status(t1.occ, 0.5, pendiente, en_curso),
        comment(t1.occ, 1),
        timer('cronometro_pausar', t1.occ, 10),
        timer('cronometro_reanudar', t1.occ, 15),
        comment(t1.occ, 16),
        timer('cronometro_finalizar', t1.occ, 25, { estado_uuid: terminada }),
        timer('cronometro_iniciar', t2.occ, 26),
        status(t2.occ, 26.5, pendiente, en_curso),
        timer('cronometro_pausar', t2.occ, 30),
        timer('cronometro_reanudar', t2.occ, 32),
        timer('cronometro_finalizar', t2.occ, 35),
      ];
      const intervals = [
        [0, 10],
        [15, 25],
        [26, 30],
        [32, 35],
      ];
      plans.push({ dev, t1, t2, queue, intervals });
    }
    // Sent later, both devices at once, each in its order.
    const sentAt = Date.now();
    await Promise.all(
      plans.map(async (p) => {
        const phone = await device(api, p.dev.user, {
          offsetMs: p.dev.offsetMs,
          stats,
          deviceTimeKinds: WITH_DEVICE_TIME,
        });
        p.answers = [];
        for (const w of p.queue) p.answers.push({ kind: w.kind, ...(await phone.send(w)) });
      }),
    );
    const now = Date.now();

    const results = [];
    for (const p of plans) {
      const person = ids.users[p.dev.user];
      const rows = await query(
        url,
        `SELECT tarea_asignada_uuid AS occ, inicio, fin FROM intervalos_tiempo WHERE usuario_uuid = $1 AND tarea_asignada_uuid = ANY($2) ORDER BY inicio`,
        [person, [p.t1.occ, p.t2.occ]],
      );
      const got = rows.map((r) => ({ occ: r.occ, start: r.inicio.getTime(), end: r.fin?.getTime() ?? null }));
      const want = p.intervals.map(([a, b], i) => ({
        occ: i < 2 ? p.t1.occ : p.t2.occ,
        start: base + a * MIN,
        end: base + b * MIN,
      }));
      let maxStartErr = 0;
      let maxDurErr = 0;
      let ordered = got.length === want.length;
      got.forEach((g, i) => {
        const w = want[i];
        if (!w || g.end === null || g.start >= g.end || g.occ !== w.occ || g.end > now) ordered = false;
        if (i > 0 && got[i - 1].end > g.start) ordered = false;
        if (w && g.end !== null) {
          maxStartErr = Math.max(maxStartErr, Math.abs(g.start - w.start), Math.abs(g.end - w.end));
          maxDurErr = Math.max(maxDurErr, Math.abs(g.end - g.start - (w.end - w.start)));
        }
      });
      const history = await query(
        url,
        `SELECT tarea_asignada_uuid AS occ, detalle FROM historial_tareas_asignadas WHERE tipo = 'estado' AND tarea_asignada_uuid = ANY($1) ORDER BY fecha`,
        [[p.t1.occ, p.t2.occ]],
      );
      const notes = (occ) => history.filter((h) => h.occ === occ).map((h) => h.detalle);
      // The person's order: task 1 Pendiente → En progreso → Completada, task 2 Pendiente → En progreso; each
      // change made offline says when it was made, on the real clock.
      const h1 = notes(p.t1.occ);
      const h2 = notes(p.t2.occ);
      const historyOk =
        h1.length === 2 &&
        h1[0].startsWith('Pendiente → En progreso') &&
        h1[0].includes(`a las ${hhmm(base + 0.5 * MIN)}`) &&
        h1[1].startsWith('En progreso → Completada') &&
        h1[1].includes(`a las ${hhmm(base + 25 * MIN)}`) &&
        h2.length === 1 &&
        h2[0].startsWith('Pendiente → En progreso') &&
        h2[0].includes(`a las ${hhmm(base + 26.5 * MIN)}`);
      const [done] = await query(url, 'SELECT fecha_completada FROM tareas_asignadas WHERE uuid = $1', [p.t1.occ]);
      const completedErr = done.fecha_completada ? Math.abs(done.fecha_completada.getTime() - (base + 25 * MIN)) : null;
      const comments = await query(
        url,
        'SELECT texto FROM comentarios WHERE tarea_asignada_uuid = $1 ORDER BY fecha_creacion',
        [p.t1.occ],
      );
      const commentsOk =
        comments.length === 2 &&
        comments.map((c) => c.texto).join('|') ===
          p.queue
            .filter((w) => w.kind === 'comentario')
            .map((w) => w.body.texto)
            .join('|');
      const accepted = p.answers.filter((a) => a.status >= 200 && a.status < 300).length;
      results.push({ p, got, ordered, maxStartErr, maxDurErr, h1, h2, historyOk, completedErr, commentsOk, accepted });
      log(`Reloj ${p.dev.label}: ${accepted}/${p.queue.length} aceptados; historial ${JSON.stringify([...h1, ...h2])}`);
    }

    // Without X-Device-Time: a timer event with the device's time, and a status change, from a clock 3 h ahead.
    const wrong = DEVICES[0];
    const occ = (await assignedTask(api, url, adminToken, ids, wrong.user, 'Reloj sin encabezado')).occ;
    const bare = await device(api, wrong.user, {
      offsetMs: wrong.offsetMs,
      stats: deviceStats(),
      deviceTimeKinds: new Set(),
    });
    const tap = new Date(Date.now() - 2 * MIN + wrong.offsetMs).toISOString();
    const bareTimer = await bare.send(
      kept({ kind: 'cronometro_iniciar', body: { tarea_asignada_uuid: occ, en: tap } }),
    );
    const bareStatus = await bare.send(
      kept({
        kind: 'estado',
        occ,
        body: { estado_uuid: ids.estados.en_curso, estado_anterior_uuid: ids.estados.pendiente, sin_conexion_en: tap },
      }),
    );
    // From the clock 5 h behind, without the header: a status change taken as sent.
    const behind = DEVICES[1];
    const occBehind = (await assignedTask(api, url, adminToken, ids, behind.user, 'Reloj atrasado sin encabezado')).occ;
    const bareBehind = await device(api, behind.user, {
      offsetMs: behind.offsetMs,
      stats: deviceStats(),
      deviceTimeKinds: new Set(),
    });
    const madeAt = Date.now() - 2 * MIN;
    const behindStatus = await bareBehind.send(
      kept({
        kind: 'estado',
        occ: occBehind,
        body: {
          estado_uuid: ids.estados.en_curso,
          estado_anterior_uuid: ids.estados.pendiente,
          sin_conexion_en: new Date(madeAt + behind.offsetMs).toISOString(),
        },
      }),
    );
    const [behindNote] = await query(
      url,
      `SELECT detalle FROM historial_tareas_asignadas WHERE tipo = 'estado' AND tarea_asignada_uuid = $1`,
      [occBehind],
    );
    const behindAsSent =
      behindStatus.status === 200 && behindNote?.detalle.includes(`a las ${hhmm(madeAt + behind.offsetMs)}`);
    const [bareRows] = await query(
      url,
      `SELECT (SELECT count(*)::int FROM intervalos_tiempo WHERE tarea_asignada_uuid = $1) AS intervalos,
              (SELECT count(*)::int FROM historial_tareas_asignadas WHERE tipo = 'estado' AND tarea_asignada_uuid = $1) AS estados`,
      [occ],
    );
    const msg = (r) => `${r.status} «${r.body?.message ?? ''}»`;

    for (const r of results) {
      const { label } = r.p.dev;
      check(
        `reloj ${label}: los intervalos del cronómetro quedan en orden y con la duración del dispositivo`,
        r.ordered && r.maxDurErr <= 2000 && r.maxStartErr <= 2000,
        `${r.got.length}/${r.p.intervals.length} intervalos, sin solaparse, inicio < fin, ninguno en el futuro: ${r.ordered ? 'sí' : 'no'}; diferencia máxima de duración ${r.maxDurErr} ms, de inicio o fin con la hora real ${r.maxStartErr} ms`,
      );
      check(
        `reloj ${label}: el historial de estados queda en el orden y a la hora en que la persona cambió`,
        r.accepted === r.p.queue.length &&
          r.historyOk &&
          r.commentsOk &&
          r.completedErr !== null &&
          r.completedErr <= 2000,
        `${r.accepted}/${r.p.queue.length} cambios aceptados; historial: ${[...r.h1, ...r.h2].join(' / ') || 'vacío'}; comentarios en orden: ${r.commentsOk ? 'sí' : 'no'}; completada a ${r.completedErr ?? '—'} ms de la hora real`,
      );
    }
    check(
      'reloj +3 h sin X-Device-Time: el evento del cronómetro se rechaza (400) y el cambio de estado con hora futura también (422)',
      bareTimer.status === 400 && bareStatus.status === 422 && bareRows.intervalos === 0 && bareRows.estados === 0,
      `cronómetro ${msg(bareTimer)}; estado ${msg(bareStatus)}; nada escrito: ${bareRows.intervalos === 0 && bareRows.estados === 0 ? 'sí' : 'no'}`,
    );
    check(
      'reloj −5 h sin X-Device-Time: el cambio de estado se acepta con la hora del dispositivo tal como llegó',
      behindAsSent,
      `${behindStatus.status}; historial: ${behindNote?.detalle ?? 'vacío'} (hecho a las ${hhmm(madeAt)})`,
    );

    const table = results
      .map(
        (r) =>
          `| ${r.p.dev.label} | ${r.accepted}/${r.p.queue.length} | ${r.got.length}/${r.p.intervals.length} ${r.ordered ? 'en orden, sin solaparse' : 'fuera de orden'} | ${r.maxDurErr} ms | ${r.maxStartErr} ms | ${r.historyOk ? 'en orden, con la hora real' : 'no'} | ${r.completedErr ?? '—'} ms |`,
      )
      .join('\n');
    section(
      NAME,
      `### Dispositivos con el reloj adelantado o atrasado

**Lo esperado.** Un dispositivo cuyo reloj está horas adelantado o atrasado registra sin conexión los eventos del
cronómetro (con \`en\`, su hora del momento) y los cambios de estado (con \`sin_conexion_en\`), y los envía más tarde
con \`X-Device-Time\` (su hora al enviar). El servidor corrige el desfase (hora del evento = \`en\` + hora de recepción −
\`X-Device-Time\`): los intervalos quedan en orden, sin solaparse, con inicio antes del fin, ninguno en el futuro, con
la duración que midió el dispositivo (±2 s); el historial de estados queda en el orden en que la persona cambió, con
la hora real del cambio. Lo decidido para un reloj muy equivocado **sin** \`X-Device-Time\` (docs/DECISIONS.md, «Time on
task» y «Offline and the installable app»): un evento del cronómetro con \`en\` y sin el encabezado se rechaza con 400
«Falta la hora del dispositivo al enviar el cambio (encabezado X-Device-Time)»; un cambio de estado sin el
encabezado toma \`sin_conexion_en\` tal como llegó: si queda más de 5 minutos después del envío (reloj adelantado) se
rechaza con 422 y nada se escribe; si queda antes (reloj atrasado, dentro de los últimos 7 días) se acepta con esa hora.
La aplicación web manda \`X-Device-Time\` con cada evento del cronómetro y con cada cambio de estado de su bandeja de
salida.

**Lo hecho.** Dos dispositivos, uno ${DEVICES[0].label} (${DEVICES[0].user}) y otro ${DEVICES[1].label} (${DEVICES[1].user}), cada uno con dos tareas: iniciar,
pasar a «En progreso», comentar, pausar, reanudar, comentar y finalizar pasando a «Completada» en la primera; iniciar,
pasar a «En progreso», pausar, reanudar y finalizar en la segunda, a lo largo de 35 minutos reales; todo enviado
${((sentAt - base) / MIN - 35).toFixed(0)} minutos después del último evento, en orden, los dos dispositivos a la vez. Luego, sin
\`X-Device-Time\`: desde el reloj ${DEVICES[0].label}, un inicio del cronómetro y un cambio de estado; desde el reloj ${DEVICES[1].label}, un
cambio de estado.

| Reloj | Cambios aceptados | Intervalos | Dif. de duración (máx.) | Dif. con la hora real (máx.) | Historial de estados | Completada (dif.) |
|---|---|---|---|---|---|---|
${table}

Sin \`X-Device-Time\`: desde el reloj ${DEVICES[0].label}, cronómetro ${msg(bareTimer)}; cambio de estado ${msg(bareStatus)}. Desde el
reloj ${DEVICES[1].label}, un cambio de estado hecho a las ${hhmm(madeAt)}: ${behindStatus.status}, historial «${behindNote?.detalle ?? ''}».
`,
    );
  } finally {
    await api.stop();
  }
}
