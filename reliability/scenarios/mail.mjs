// SMTP down, hanging and refusing: the requests that cause e-mail never wait for it, the
// retries follow the outbox's policy and the `mail-retries` job, and the delivery log says
// what the server saw; when the server comes back each message arrives exactly once.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, log, logDir, root, section } from '../checks.mjs';
import { addDays, freePort, http, login, percentile, query, sleep, startApi } from '../lib.mjs';
import { switchableSmtp } from '../servers.mjs';

const TIMEOUT_S = 1;
/** The outbox's policy (apps/api/src/modules/notifications/mail-outbox.service.ts). */
const BACKOFF_S = [60, 300, 1800, 7200];
const MAX_ATTEMPTS = BACKOFF_S.length + 1;
const PER_PHASE = 16;
/** p95 of a faulty phase may exceed the healthy one's by this much (a blocked request waits ≥ 1000 ms). */
const LATENCY_MARGIN_MS = 150;
const ASSIGNED_TITLE = 'Nueva tarea asignada';

const ms = (v) => `${Math.round(v)} ms`;
const s1 = (v) => `${(v / 1000).toFixed(1)} s`;

export default async function mail({ cluster }) {
  await cluster.createDatabase('rel_mail');
  const url = cluster.url('rel_mail');
  const smtpPort = await freePort();
  const smtp = await switchableSmtp(smtpPort);
  const api = await startApi(root, {
    databaseUrl: url,
    logDir,
    name: 'api-mail',
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_TIMEOUT_SECONDS: String(TIMEOUT_S),
      SCHEDULER_ENABLED: 'true',
      JOBS_POLL_SECONDS: '1',
    },
  });
  try {
    await api.waitHealthy(90_000);
    await run({ api, url, smtp });
  } finally {
    await api.stop();
    await smtp.close();
  }
}

async function run({ api, url, smtp }) {
  await smtp.setMode('accept');
  const admin = await login(api.base, 'admin');
  const operario = await login(api.base, 'operario');
  const opUuid = operario.user.uuid;
  const avisos = (await http(api.base, 'GET', '/api/notifications/preferences', { token: operario.token })).body?.avisos;
  if (!avisos) throw new Error('no se pudieron leer las preferencias de aviso');
  for (const k of Object.keys(avisos)) avisos[k] = { ...avisos[k], email: true };
  const prefs = await http(api.base, 'PUT', '/api/notifications/preferences', {
    token: operario.token,
    body: { correo: 'operario@taller.test', avisos },
  });
  if (prefs.status !== 200) throw new Error(`preferencias: ${prefs.status} ${JSON.stringify(prefs.body)}`);
  await http(api.base, 'PUT', '/api/notifications/preferences', { token: admin.token, body: { correo: 'admin@taller.test', avisos } });

  // A task the administrator can assign to the operario (the other request that causes e-mail).
  const today = new Date().toISOString().slice(0, 10);
  const tasks = (await http(api.base, 'GET', '/api/tasks?limit=50', { token: admin.token })).body?.data ?? [];
  let tareaUuid = null;
  for (const t of tasks) {
    const r = await http(api.base, 'POST', '/api/assigned-tasks', {
      token: admin.token,
      body: { tarea_uuid: t.uuid, usuarios_asignados: [opUuid], fecha_vencimiento: addDays(today, 3) },
    });
    if (r.status === 201) {
      tareaUuid = t.uuid;
      break;
    }
  }
  log(`correo: ${tareaUuid ? 'asignaciones y mensajes' : 'solo mensajes (ninguna tarea asignable)'} como peticiones que causan correo`);

  const deliveries = (where = 'TRUE', params = []) =>
    query(
      url,
      `SELECT e.uuid, e.usuario_uuid, n.enviado_por_uuid, n.titulo, n.tipo, e.estado, e.intentos, e.motivo,
              extract(epoch FROM e.proximo_intento - e.fecha_actualizacion)::float AS espera_s,
              e.proximo_intento, n.fecha_creacion
         FROM entregas_notificacion e JOIN notificaciones n ON n.uuid = e.notificacion_uuid
        WHERE e.canal = 'email' AND ${where}`,
      params,
    );
  const settled = async (timeoutMs) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [{ n }] = await query(
        url,
        `SELECT count(*)::int AS n FROM entregas_notificacion WHERE canal = 'email' AND estado IN ('pendiente', 'enviando')`,
      );
      if (n === 0 || Date.now() > until) return n;
      await sleep(100);
    }
  };
  // Failed e-mails are parked an hour ahead (after their next try was read) so that no later
  // phase's e-mail sends them early; the server's return brings them due again.
  const park = () =>
    query(url, `UPDATE entregas_notificacion SET proximo_intento = proximo_intento + interval '1 hour'
                 WHERE canal = 'email' AND estado = 'fallida' AND proximo_intento IS NOT NULL`);

  const phases = {};
  async function phase(mode) {
    await smtp.setMode(mode);
    const started = await query(url, 'SELECT now() AS t');
    const lat = [];
    const statuses = [];
    const titles = [];
    for (let i = 0; i < PER_PHASE; i++) {
      let r;
      if (tareaUuid && i % 2 === 1) {
        r = await http(api.base, 'POST', '/api/assigned-tasks', {
          token: admin.token,
          body: { tarea_uuid: tareaUuid, usuarios_asignados: [opUuid], fecha_vencimiento: addDays(today, 4 + i) },
        });
      } else {
        const titulo = `Correo ${mode} ${i}`;
        titles.push(titulo);
        r = await http(api.base, 'POST', '/api/notifications/send', {
          token: admin.token,
          body: { usuario_uuid: opUuid, titulo, mensaje: 'Revisar la lijadora' },
        });
      }
      lat.push(r.ms);
      statuses.push(r.status);
    }
    const left = await settled(PER_PHASE * (TIMEOUT_S * 3 + 1) * 1000);
    // Every e-mail first tried in this phase (the scheduler's too, e.g. the administrator's digest: the server saw them).
    const rows = await deliveries(`n.fecha_creacion >= $1 AND e.estado <> 'omitida'`, [started[0].t]);
    const mine = rows.filter((r) => r.enviado_por_uuid === admin.user.uuid && r.usuario_uuid === opUuid);
    const p = { mode, lat, mine, p50: percentile(lat, 50), p95: percentile(lat, 95), max: Math.max(...lat), statuses, titles, rows, left };
    phases[mode] = p;
    log(`correo ${mode}: p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, máx ${ms(p.max)}; ${rows.length} entregas (${summary(rows)})`);
    return p;
  }

  // 1. A working server, then each fault, the same requests.
  await phase('accept');
  for (const mode of ['down', 'hang', 'rcpt-451', 'rcpt-550', 'mail-451', 'mail-550']) {
    await phase(mode);
    await park();
  }
  const base = phases.accept;
  const faults = ['down', 'hang', 'rcpt-451', 'rcpt-550', 'mail-451', 'mail-550'].map((m) => phases[m]);
  const worst = faults.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  check(
    'Correo: ninguna petición espera al servidor SMTP',
    faults.every((f) => f.p95 <= base.p95 + LATENCY_MARGIN_MS && f.statuses.every((s) => s === 201)),
    `p95 con SMTP sano ${ms(base.p95)}; peor con falla ${worst.mode} ${ms(worst.p95)} (cota ${ms(base.p95 + LATENCY_MARGIN_MS)}); todas 201`,
  );

  // 2. What each first try left in the log against what the server saw.
  const expectFirst = {
    down: { estado: 'fallida', retry: true, seen: (s) => s.connections === 0 },
    hang: { estado: 'fallida', retry: true, seen: (s, n) => s.connections === n },
    'rcpt-451': { estado: 'fallida', retry: true, seen: (s, n) => s.rcpt === n },
    'rcpt-550': { estado: 'fallida', retry: false, seen: (s, n) => s.rcpt === n },
    'mail-451': { estado: 'fallida', retry: true, seen: (s, n) => s.mailFrom === n },
    'mail-550': { estado: 'fallida', retry: true, seen: (s, n) => s.mailFrom === n },
  };
  const firstTry = faults.map((f) => {
    const waits = f.rows.filter((r) => r.proximo_intento !== null).map((r) => r.espera_s);
    const e = expectFirst[f.mode];
    const seen = smtp.seen[f.mode];
    const rows = f.rows;
    const okRows = rows.every(
      (r) =>
        r.estado === e.estado &&
        r.intentos === 1 &&
        // The wait is counted from the claim of the round (up to 20 e-mails tried one after another),
        // so behind a server that does not greet it is shorter by the tries before it.
        (e.retry
          ? r.proximo_intento !== null && r.espera_s <= BACKOFF_S[0] + 2 && r.espera_s >= BACKOFF_S[0] - (rows.length * (TIMEOUT_S + 0.5) + 2)
          : r.proximo_intento === null),
    );
    return { mode: f.mode, n: rows.length, mine: f.mine.length, waits, ok: okRows && e.seen(seen, rows.length) && f.left === 0, seen, rows };
  });
  check(
    'Correo: el registro de entregas coincide con lo que vio el servidor (primer intento)',
    firstTry.every((t) => t.ok && t.mine === PER_PHASE),
    firstTry
      .map(
        (t) =>
          `${t.mode}: ${t.n} entregas (${t.mine} de las peticiones), intento 1${t.ok ? '' : ' [distinto]'}, servidor ${seenText(t.mode, t.seen)}` +
          (t.waits.length ? `, próximo intento a ${Math.round(Math.min(...t.waits))}–${Math.round(Math.max(...t.waits))} s` : ''),
      )
      .join('; '),
  );
  const held = smtp.seen.hang?.heldMs ?? [];
  check(
    'Correo: un servidor que no saluda se abandona en SMTP_TIMEOUT_SECONDS',
    held.length > 0 && Math.max(...held) <= TIMEOUT_S * 1000 + 1000,
    `${held.length} conexiones colgadas, cerradas a los ${ms(percentile(held, 50))} (mediana), máx ${ms(Math.max(...held, 0))}; SMTP_TIMEOUT_SECONDS=${TIMEOUT_S}`,
  );
  const permanent = phases['rcpt-550'].mine;
  check(
    'Correo: un rechazo definitivo (550 al destinatario) no se reintenta',
    permanent.length > 0 && permanent.every((r) => r.proximo_intento === null && /definitiva/.test(r.motivo ?? '')),
    `${permanent.length} entregas fallidas sin próximo intento; motivo «${(permanent[0]?.motivo ?? '').slice(0, 90)}…»`,
  );

  // 3. The server comes back: the `mail-retries` job (every minute) sends what is due, each once.
  await smtp.setMode('accept');
  const runsBefore = await jobRuns(url);
  await query(url, `UPDATE entregas_notificacion SET proximo_intento = now()
                     WHERE canal = 'email' AND estado = 'fallida' AND proximo_intento IS NOT NULL`);
  const dueAt = Date.now();
  const retryable = (await deliveries(`e.estado = 'fallida' AND e.proximo_intento IS NOT NULL`)).length;
  let pending = retryable;
  while (pending > 0 && Date.now() - dueAt < 80_000) {
    await sleep(500);
    pending = (await deliveries(`e.estado IN ('fallida', 'enviando', 'pendiente') AND e.proximo_intento IS NOT NULL`)).length;
  }
  const retryMs = Date.now() - dueAt;
  const runsAfter = await jobRuns(url);
  check(
    'Correo: al volver el servidor, el trabajo mail-retries envía lo pendiente',
    pending === 0 && runsAfter > runsBefore && retryMs <= 75_000,
    `${retryable} correos vencidos enviados en ${s1(retryMs)} por el trabajo de cada minuto (cota 75 s; ejecuciones ${runsBefore} → ${runsAfter})`,
  );

  // 4. A message the server never takes: tried MAX_ATTEMPTS times, spaced as the policy says.
  await smtp.setMode('down');
  const exhaustTitles = [0, 1, 2].map((i) => `Agotar ${i}`);
  for (const titulo of exhaustTitles) {
    await http(api.base, 'POST', '/api/notifications/send', {
      token: admin.token,
      body: { usuario_uuid: opUuid, titulo, mensaje: 'Sin servidor de correo' },
    });
  }
  await settled(10_000);
  const gaps = [];
  for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
    const rows = await deliveries('n.titulo = ANY($1)', [exhaustTitles]);
    gaps.push(rows.map((r) => ({ intentos: r.intentos, espera_s: r.espera_s })));
    await query(url, `UPDATE entregas_notificacion e SET proximo_intento = now() FROM notificaciones n
                       WHERE n.uuid = e.notificacion_uuid AND n.titulo = ANY($1) AND e.proximo_intento IS NOT NULL`, [exhaustTitles]);
    // The administrator's test e-mail sends everything due now, and answers when it is done.
    await http(api.base, 'POST', '/api/notifications/test', { token: admin.token, body: { canal: 'email' } });
  }
  const exhausted = await deliveries('n.titulo = ANY($1)', [exhaustTitles]);
  const spacingOk = gaps.every((g, i) => g.length === 3 && g.every((r) => r.intentos === i + 1 && Math.abs(r.espera_s - BACKOFF_S[i]) <= 2));
  const finalOk = exhausted.every(
    (r) => r.estado === 'fallida' && r.intentos === MAX_ATTEMPTS && r.proximo_intento === null && /después de 5 intentos/.test(r.motivo ?? ''),
  );
  await smtp.setMode('accept');
  await http(api.base, 'POST', '/api/notifications/test', { token: admin.token, body: { canal: 'email' } });
  const exhaustedSent = smtp.received.filter((m) => exhaustTitles.includes(m.subject)).length;
  check(
    'Correo: los reintentos siguen la política (1, 5, 30 y 120 min; 5 intentos)',
    spacingOk && finalOk && exhaustedSent === 0,
    `esperas medidas ${gaps.map((g) => `${Math.round(g[0]?.espera_s ?? NaN)} s`).join(', ')}; final: ${exhausted
      .map((r) => `${r.estado}/${r.intentos}`)
      .join(', ')}; enviados después: ${exhaustedSent}`,
  );

  // 5. Exactly once: every message the log says was sent arrived once; none of the others arrived.
  const all = await deliveries(`n.titulo <> 'Aviso de prueba'`);
  const bySubject = new Map();
  for (const m of smtp.received) bySubject.set(m.subject, (bySubject.get(m.subject) ?? 0) + 1);
  // Per subject (the messages' titles are unique; assignments and reminders share theirs): as many
  // arrivals as deliveries the log says were sent.
  const expected = new Map();
  for (const r of all) expected.set(r.titulo, (expected.get(r.titulo) ?? 0) + (r.estado === 'enviada' ? 1 : 0));
  const wrong = [...expected].filter(([titulo, n]) => (bySubject.get(titulo) ?? 0) !== n);
  const assignedSent = all.filter((r) => r.titulo === ASSIGNED_TITLE && r.estado === 'enviada').length;
  const assignedReceived = bySubject.get(ASSIGNED_TITLE) ?? 0;
  const sentTotal = all.filter((r) => r.estado === 'enviada').length;
  const stuck = all.filter((r) => ['pendiente', 'enviando'].includes(r.estado)).length;
  const permanentSent = permanent.filter((r) => r.titulo !== ASSIGNED_TITLE && bySubject.has(r.titulo)).length;
  check(
    'Correo: cada correo llega una sola vez cuando el servidor vuelve',
    wrong.length === 0 && assignedSent === assignedReceived && stuck === 0 && permanentSent === 0,
    `${sentTotal} entregas «enviada», ${smtp.received.filter((m) => m.subject !== 'Aviso de prueba').length} mensajes recibidos por el servidor; ` +
      `${stuck} sin terminar; ${wrong.length} asuntos con otra cuenta${wrong.length ? ` (${wrong.slice(0, 3).map(([t, n]) => `${t}: ${bySubject.get(t) ?? 0}/${n}`).join(', ')})` : ''}; asignaciones ${assignedReceived}/${assignedSent}; rechazos definitivos enviados: ${permanentSent}`,
  );

  keep('mail', markdown({ phases, base, faults, firstTry, held, retryable, retryMs, runsBefore, runsAfter, gaps, exhausted, sentTotal, smtp, wrong, tareaUuid }));
}

async function jobRuns(url) {
  const rows = await query(url, `SELECT ejecuciones::int AS n FROM trabajos WHERE nombre = 'mail-retries'`);
  return rows[0]?.n ?? 0;
}

function summary(rows) {
  const by = {};
  for (const r of rows) by[`${r.estado}/${r.intentos}`] = (by[`${r.estado}/${r.intentos}`] ?? 0) + 1;
  return Object.entries(by).map(([k, v]) => `${v} ${k}`).join(', ') || 'ninguna';
}

function seenText(mode, s = {}) {
  if (mode === 'down') return `${s.connections ?? 0} conexiones (nadie escucha)`;
  if (mode === 'hang') return `${s.connections} conexiones sin saludo`;
  if (mode.startsWith('rcpt')) return `${s.rcpt} RCPT TO rechazados`;
  return `${s.mailFrom} MAIL FROM rechazados`;
}

const LABELS = {
  accept: 'SMTP sano',
  down: 'caído (puerto cerrado)',
  hang: 'colgado (acepta, nunca saluda)',
  'rcpt-451': '451 al destinatario',
  'rcpt-550': '550 al destinatario',
  'mail-451': '451 al remitente',
  'mail-550': '550 al remitente',
};

function markdown(f) {
  const rows = ['accept', ...f.faults.map((x) => x.mode)].map((m) => {
    const p = f.phases[m];
    return `| ${LABELS[m]} | ${p.lat.length} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.max)} | ${summary(p.rows)} |`;
  });
  return `### Correo: servidor SMTP caído, colgado o que rechaza

Lo esperado: enviar correo nunca retiene una petición (el correo queda en el registro de entregas
y lo envía la bandeja de salida aparte); un intento fallido se reintenta según la política de la
bandeja (1, 5, 30 y 120 minutos; ${MAX_ATTEMPTS} intentos), llevado por el trabajo \`mail-retries\`
de cada minuto; un 550 al destinatario no se reintenta; el registro de entregas dice lo que vio el
servidor, y al volver el servidor cada mensaje llega una sola vez.

Cómo se midió: una API compilada con su propia base (\`rel_mail\`), \`SCHEDULER_ENABLED=true\`,
\`SMTP_TIMEOUT_SECONDS=${TIMEOUT_S}\` y \`SMTP_URL\` a un puerto de 127.0.0.1 cuyo comportamiento se
cambia: nadie escucha; un servidor TCP que acepta y nunca saluda; un servidor SMTP real (paquete
\`smtp-server\`) que acepta, o que responde 451/550 a RCPT TO o a MAIL FROM. En cada modo, ${PER_PHASE}
peticiones del administrador${f.tareaUuid ? ', la mitad mensajes (`POST /api/notifications/send`) y la mitad asignaciones (`POST /api/assigned-tasks`)' : ' (`POST /api/notifications/send`)'}
a un operario con correo en todos sus avisos. Tras leer el próximo intento de cada falla, la prueba
lo corre una hora por SQL para que el correo de otra fase no lo envíe antes; al volver el servidor,
los pone vencidos por SQL y espera al trabajo \`mail-retries\` sin otra petición. Los intentos
siguientes se provocaron vencidos por SQL y con el correo de prueba del administrador
(\`POST /api/notifications/test\`, que envía todo lo vencido).

| Servidor | Peticiones | p50 | p95 | máx | Entregas tras el primer intento (estado/intentos) |
|---|---:|---:|---:|---:|---|
${rows.join('\n')}

- Latencia: el peor p95 con falla (${LABELS[[...f.faults].sort((a, b) => b.p95 - a.p95)[0].mode]}) fue ${ms(Math.max(...f.faults.map((x) => x.p95)))}
  frente a ${ms(f.base.p95)} con el servidor sano (cota: +${LATENCY_MARGIN_MS} ms; una petición retenida
  tardaría al menos los ${TIMEOUT_S * 1000} ms del tiempo de espera).
- Servidor colgado: ${f.held.length} conexiones, cada una abandonada a los ${ms(percentile(f.held, 50))} (mediana;
  máximo ${ms(Math.max(...f.held, 0))}).
- Primer intento: ${f.firstTry.map((t) => `${LABELS[t.mode]}: ${seenText(t.mode, t.seen)}`).join('; ')}; cada entrega
  con 1 intento, y las reintentables con el próximo a ${BACKOFF_S[0]} s de la ronda que las tomó (tras el intento:
  ${f.firstTry.filter((t) => t.waits.length).map((t) => `${LABELS[t.mode]} ${Math.round(Math.min(...t.waits))}–${Math.round(Math.max(...t.waits))} s`).join('; ')};
  detrás de un servidor que no saluda, cada correo de la ronda espera el tiempo límite de los anteriores).
- Vuelta del servidor: ${f.retryable} correos vencidos salieron en ${s1(f.retryMs)} por el trabajo
  \`mail-retries\` (ejecuciones ${f.runsBefore} → ${f.runsAfter}).
- Política completa (servidor caído): esperas medidas entre intentos de
  ${f.gaps.map((g) => `${Math.round(g[0]?.espera_s ?? NaN)} s`).join(', ')} (política ${BACKOFF_S.join(', ')} s); al final
  ${f.exhausted.map((r) => `${r.estado} con ${r.intentos} intentos`).join('; ')}, sin próximo intento.
- Una sola vez: ${f.sentTotal} entregas «enviada» y ${f.smtp.received.filter((m) => m.subject !== 'Aviso de prueba').length}
  mensajes recibidos por el servidor; ${f.wrong.length} asuntos con una cuenta distinta de la esperada.
`;
}

/** The report's part, also kept beside the logs (a partial run does not rewrite docs/RELIABILITY.md). */
function keep(name, markdown) {
  section(name, markdown);
  writeFileSync(join(logDir, `${name}-section.md`), markdown);
}
